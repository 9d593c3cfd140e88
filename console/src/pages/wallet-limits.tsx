import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { ConfirmButton } from '../components/confirm-button';
import { Field, FormErrors, Problem } from '../components/problem';
import { Notice, useNotice } from '../components/notice';
import { TableScroll } from '../components/table-scroll';
import { planLimits, type LimitChange, type LimitPlan, type LimitSet } from '../format/limit-change';
import { exampleAmount, formatMoney, knownCurrencies, majorUnits, toMinorUnits } from '../format/money';

const WalletLimitsQuery = graphql(`query WalletLimits ($id: SafeInt!) { walletLimits(user_game_id: $id) { currency max_bet loss_limit loss_period net_loss pending { max_bet loss_limit loss_period effective_at } } }`);
const WalletLimitsSet = graphql(`mutation WalletLimitsSet ($id: SafeInt!, $input: LimitsInput!) { setWalletLimits(user_game_id: $id, input: $input) { currency max_bet pending { effective_at } } }`);
const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

interface LimitsRow extends LimitSet {
  readonly currency: string;
  readonly net_loss?: string | null;
  readonly pending?: (LimitSet & { readonly effective_at: string }) | null;
}

const NO_LIMITS: LimitSet = { max_bet: null, loss_limit: null, loss_period: null };
const limitText = (value: string | null | undefined, currency: string) => (value == null ? 'none' : formatMoney(value, currency));
const lossText = (amount: string | null, period: string | null, currency: string) => (amount == null ? 'none' : `${formatMoney(amount, currency)} a ${period}`);
const setText = (set: LimitSet, currency: string) => `max bet ${limitText(set.max_bet, currency)}, loss limit ${lossText(set.loss_limit, set.loss_period, currency)}`;

/**
 * A wallet's responsible-gaming limits per currency (SPEC §1.11): what holds now, a loosening waiting
 * for LIMIT_RAISE_DELAY_S, and the net loss of the current period. Staff edit a currency's limits from
 * what holds now (the form says what a save changes and when before it is sent) and may cancel a
 * waiting change.
 */
export function WalletLimits({ userGameId, currencies, staff }: { userGameId: number; currencies: readonly string[]; staff: boolean }) {
  const titleId = useId();
  const limits = useQuery(WalletLimitsQuery, { id: userGameId });
  const rows: readonly LimitsRow[] = limits.data?.walletLimits ?? [];
  const [editing, setEditing] = useState<{ currency: string; at: number } | null>(null);
  const cancelWaiting = useAction((row: LimitsRow) => request(WalletLimitsSet, { id: userGameId, input: { currency: row.currency, max_bet: row.max_bet, loss_limit: row.loss_limit, loss_period: row.loss_limit == null ? null : row.loss_period } }));
  // Every currency that has limits or a balance; none when the wallet has neither (then any enabled code).
  const held = [...new Set([...currencies, ...rows.map((row) => row.currency)])].sort();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Limits</h2>
      <p class="muted">Checked by the engine at every bet. A lower limit applies at once; a higher one, a removal or another period only after a waiting time.</p>
      <Problem error={limits.error} />
      {limits.data && rows.length === 0 && <p class="muted">No limits set.</p>}
      {rows.length > 0 && (
        <TableScroll label="Limits">
          <table data-testid="limits">
            <thead><tr><th>Currency</th><th>Max bet</th><th>Loss limit</th><th>Lost this period</th><th>Waiting change</th>{staff && <th><span class="visually-hidden">Actions</span></th>}</tr></thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.currency}>
                  <td>{row.currency}</td>
                  <td>{limitText(row.max_bet, row.currency)}</td>
                  <td>{lossText(row.loss_limit, row.loss_period, row.currency)}</td>
                  <td>{row.net_loss == null ? '' : formatMoney(row.net_loss, row.currency)}</td>
                  <td>{row.pending ? `${setText(row.pending, row.currency)} from ${new Date(row.pending.effective_at).toLocaleString()}` : ''}</td>
                  {staff && (
                    <td class="actions">
                      <button type="button" class="outline" aria-label={`Edit ${row.currency} limits`} onClick={() => setEditing({ currency: row.currency, at: Date.now() })}>Edit</button>
                      {row.pending && (
                        <ConfirmButton label="Cancel waiting change" accessibleName={`Cancel waiting change for ${row.currency}`}
                          question={`Cancel the waiting ${row.currency} change?`}
                          consequence={`${setText(row.pending, row.currency)} will not apply. The limits that hold now (${setText(row, row.currency)}) stay.`}
                          confirmLabel="Cancel the change" action={{ ...cancelWaiting, run: () => cancelWaiting.run(row) }} onDone={limits.reload} />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {staff && limits.data && (
        <LimitsForm userGameId={userGameId} offered={held.length > 0 ? held : knownCurrencies()} rows={rows} editing={editing} onDone={limits.reload} />
      )}
    </section>
  );
}

/** The values typed in the form, in major units. */
interface Typed {
  readonly maxBet: string;
  readonly lossLimit: string;
  readonly period: Period;
}

const typedOf = (set: LimitSet, currency: string): Typed => ({
  maxBet: set.max_bet == null ? '' : majorUnits(set.max_bet, currency),
  lossLimit: set.loss_limit == null ? '' : majorUnits(set.loss_limit, currency),
  period: (PERIODS as readonly string[]).includes(set.loss_period ?? '') ? (set.loss_period as Period) : 'day',
});

function LimitsForm({ userGameId, offered, rows, editing, onDone }: {
  userGameId: number;
  offered: readonly string[];
  rows: readonly LimitsRow[];
  editing: { currency: string; at: number } | null;
  onDone: () => void;
}) {
  // With one currency on offer there is nothing to choose; with several, the admin chooses (no silent default).
  const [picked, setPicked] = useState<string>(offered.length === 1 ? offered[0]! : '');
  const currency = picked !== '' && offered.includes(picked) ? picked : offered.length === 1 ? offered[0]! : '';
  const current: LimitSet = rows.find((row) => row.currency === currency) ?? NO_LIMITS;
  const waiting = rows.find((row) => row.currency === currency)?.pending ?? null;
  const [typed, setTyped] = useState<Typed>(() => typedOf(current, currency));
  const [typos, setTypos] = useState<Record<string, string>>({});
  const save = useAction((input: LimitSet & { currency: string }) => request(WalletLimitsSet, { id: userGameId, input }));
  const notice = useNotice();
  const firstInput = useRef<HTMLInputElement>(null);

  /** Starts from what holds now in `code`. */
  const startFrom = (code: string) => {
    setPicked(code);
    setTypos({});
    save.clear();
    show(typedOf(rows.find((row) => row.currency === code) ?? NO_LIMITS, code));
  };
  // An Edit button in the table picks its currency and brings the form into view.
  useEffect(() => {
    if (!editing) return;
    startFrom(editing.currency);
    firstInput.current?.focus();
  }, [editing]);
  // The wallet's limits arrive, or change after a save: the form shows what holds now, unless the admin
  // has typed since it last did (their values stay; the summary then compares them with the new limits).
  const holdsNow = JSON.stringify(current);
  const lastHeld = useRef(holdsNow);
  const shown = useRef(typed);
  const show = (next: Typed) => {
    shown.current = next;
    setTyped(next);
  };
  useEffect(() => {
    if (lastHeld.current === holdsNow) return;
    lastHeld.current = holdsNow;
    if (JSON.stringify(typed) === JSON.stringify(shown.current)) show(typedOf(current, currency));
  }, [holdsNow]);

  const asked = currency === '' ? null : parseTyped(typed, currency);
  // The summary appears once the admin changes a value (a waiting change has its own Cancel in the table).
  const plan = asked && !('problems' in asked) ? planLimits(current, asked, waiting) : null;
  const limitHint = `Empty: no limit. In ${currency}, such as ${exampleAmount(currency)}`;
  const changing = plan !== null && plan.changes.length > 0;
  return (
    <FormErrors>
      <form noValidate aria-label="Set limits" onSubmit={async (event) => {
        event.preventDefault();
        notice.clear();
        if (!asked || 'problems' in asked) {
          setTypos(asked && 'problems' in asked ? asked.problems : {});
          return;
        }
        setTypos({});
        if (!changing) {
          notice.show('Nothing to save: these are the limits that hold now.');
          return;
        }
        const done = await save.run({ currency, ...asked });
        if (!done) return;
        show(typedOf(current, currency)); // what holds now; a tightening arrives with the reload
        const effective = done.setWalletLimits?.pending?.effective_at;
        notice.show(effective ? `Saved. A loosening waits until ${new Date(effective).toLocaleString()}.` : 'Saved: the limits hold now.');
        onDone();
      }}>
        <div class="row">
          <Field label="Currency" path="currency" error={save.error}>
            <select name="currency" value={currency} onChange={(e) => startFrom(e.currentTarget.value)}>
              {currency === '' && <option value="" disabled>Choose a currency</option>}
              {offered.map((code) => <option key={code} value={code}>{code}</option>)}
            </select>
          </Field>
          {currency === '' && <p class="muted">Choose a currency to see and change its limits.</p>}
        </div>
        {currency !== '' && (
          <>
            <div class="row">
              <LimitInput label={`Max bet (${currency})`} name="max_bet" value={typed.maxBet} typo={typos.max_bet} hint={limitHint} inputRef={firstInput}
                onInput={(maxBet) => setTyped({ ...typed, maxBet })} />
              <LimitInput label={`Loss limit (${currency})`} name="loss_limit" value={typed.lossLimit} typo={typos.loss_limit} hint={limitHint}
                onInput={(lossLimit) => setTyped({ ...typed, lossLimit })} />
              <Field label="Per" path="loss_period" error={save.error}>
                <select name="loss_period" value={typed.period} onChange={(e) => setTyped({ ...typed, period: e.currentTarget.value as Period })}>
                  {PERIODS.map((p) => <option key={p} value={p}>{p} (UTC)</option>)}
                </select>
              </Field>
            </div>
            {changing && asked && !('problems' in asked) && <PlanSummary plan={plan} currency={currency} asked={asked} waiting={waiting} />}
            <button type="submit" disabled={save.busy}>Save limits</button>
          </>
        )}
      </form>
      <Problem error={save.error} />
      <Notice notice={notice} />
    </FormErrors>
  );
}

/** The typed values as a limit set in minor units, or each field's problem. */
function parseTyped(typed: Typed, currency: string): LimitSet | { problems: Record<string, string> } {
  const minorOf = (text: string, minimum: 0 | 1) => (text.trim() === '' ? { minor: null } : toMinorUnits(text, currency, minimum));
  const bet = minorOf(typed.maxBet, 1);
  const loss = minorOf(typed.lossLimit, 0);
  const problems: Record<string, string> = {};
  if ('problem' in bet) problems.max_bet = bet.problem;
  if ('problem' in loss) problems.loss_limit = loss.problem;
  if ('problem' in bet || 'problem' in loss) return { problems };
  return { max_bet: bet.minor, loss_limit: loss.minor, loss_period: loss.minor === null ? null : typed.period };
}

const LIMIT_NAMES = { max_bet: 'Max bet', loss_limit: 'Loss limit', loss_period: 'Loss period' } as const;

/** What the save will do, as the form stands: each change and when it applies, and the waiting change's fate. */
function PlanSummary({ plan, currency, asked, waiting }: { plan: LimitPlan; currency: string; asked: LimitSet; waiting: LimitSet | null }) {
  const side = (change: LimitChange, value: string | null) => {
    if (change.limit === 'loss_period') return `a ${value}`;
    if (change.limit === 'max_bet') return limitText(value, currency);
    // A first loss limit comes with its period; a changed amount counts in the period that holds.
    return change.from === null && value !== null ? lossText(value, asked.loss_period, currency) : limitText(value, currency);
  };
  const fate = { none: '', kept: 'The waiting change stays as it is.', dropped: `The waiting change (${waiting ? setText(waiting, currency) : ''}) is cancelled.`, replaced: `It replaces the waiting change (${waiting ? setText(waiting, currency) : ''}).` }[plan.pending];
  return (
    <div data-testid="limits-plan" aria-live="polite">
      <p>Saving will change:</p>
      <ul>
        {plan.changes.map((change) => (
          <li key={change.limit}>
            {LIMIT_NAMES[change.limit]}: {side(change, change.from)} → {side(change, change.to)} ({change.why}: {change.waits ? 'after the waiting time' : 'at once'})
          </li>
        ))}
        {fate && <li>{fate}</li>}
      </ul>
    </div>
  );
}

function LimitInput({ label, name, value, typo, hint, onInput, inputRef }: {
  label: string; name: string; value: string; typo?: string; hint: string; onInput: (value: string) => void; inputRef?: { current: HTMLInputElement | null };
}) {
  const hintId = useId();
  return (
    <div class={typo ? 'field invalid' : 'field'}>
      <label>
        {label}
        <input ref={inputRef} name={name} inputMode="decimal" autoComplete="off" value={value} aria-invalid={typo ? 'true' : undefined} aria-describedby={hintId}
          onInput={(e) => onInput(e.currentTarget.value)} />
      </label>
      <small id={hintId} class={typo ? 'field-error' : 'muted'}>{typo ?? hint}</small>
    </div>
  );
}
