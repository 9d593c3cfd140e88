import { useId, useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { Field, FormErrors, Problem } from '../components/problem';
import { Notice, useNotice } from '../components/notice';
import { TableScroll } from '../components/table-scroll';
import { exampleAmount, formatMoney, knownCurrencies, toMinorUnits } from '../format/money';

const WalletLimitsQuery = graphql(`query WalletLimits ($id: SafeInt!) { walletLimits(user_game_id: $id) { currency max_bet loss_limit loss_period net_loss pending { max_bet loss_limit loss_period effective_at } } }`);
const WalletLimitsSet = graphql(`mutation WalletLimitsSet ($id: SafeInt!, $input: LimitsInput!) { setWalletLimits(user_game_id: $id, input: $input) { currency max_bet pending { effective_at } } }`);
const PERIODS = ['day', 'week', 'month'] as const;

const limitText = (value: string | null | undefined, currency: string) => (value == null ? 'none' : formatMoney(value, currency));

/**
 * A wallet's responsible-gaming limits per currency (SPEC §1.11): what holds now, a loosening waiting
 * for LIMIT_RAISE_DELAY_S, and the net loss of the current period; staff set them, in major units.
 */
export function WalletLimits({ userGameId, currencies, staff }: { userGameId: number; currencies: readonly string[]; staff: boolean }) {
  const titleId = useId();
  const limits = useQuery(WalletLimitsQuery, { id: userGameId });
  const rows = limits.data?.walletLimits ?? [];
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Limits</h2>
      <p class="muted">Checked by the engine at every bet. A lower limit applies at once; a higher one, a removal or another period only after a waiting time.</p>
      <Problem error={limits.error} />
      {limits.data && rows.length === 0 && <p class="muted">No limits set.</p>}
      {rows.length > 0 && (
        <TableScroll label="Limits">
          <table data-testid="limits">
            <thead><tr><th>Currency</th><th>Max bet</th><th>Loss limit</th><th>Lost this period</th><th>Waiting change</th></tr></thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.currency}>
                  <td>{row.currency}</td>
                  <td>{limitText(row.max_bet, row.currency)}</td>
                  <td>{row.loss_limit == null ? 'none' : `${formatMoney(row.loss_limit, row.currency)} a ${row.loss_period}`}</td>
                  <td>{row.net_loss == null ? '' : formatMoney(row.net_loss, row.currency)}</td>
                  <td>{row.pending
                    ? `max bet ${limitText(row.pending.max_bet, row.currency)}, loss limit ${row.pending.loss_limit == null ? 'none' : `${formatMoney(row.pending.loss_limit, row.currency)} a ${row.pending.loss_period}`} from ${new Date(row.pending.effective_at).toLocaleString()}`
                    : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {staff && <LimitsForm userGameId={userGameId} currencies={currencies} onDone={limits.reload} />}
    </section>
  );
}

function LimitsForm({ userGameId, currencies, onDone }: { userGameId: number; currencies: readonly string[]; onDone: () => void }) {
  const offered = currencies.length > 0 ? currencies : knownCurrencies();
  // The pick stands while it is offered (the wallet's currencies arrive after the first render).
  const [picked, setCurrency] = useState<string | null>(null);
  const currency = picked !== null && offered.includes(picked) ? picked : offered[0] ?? 'EUR';
  const [maxBet, setMaxBet] = useState('');
  const [lossLimit, setLossLimit] = useState('');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('day');
  const [typos, setTypos] = useState<Record<string, string>>({});
  const save = useAction((input: { currency: string; max_bet: string | null; loss_limit: string | null; loss_period: string | null }) => request(WalletLimitsSet, { id: userGameId, input }));
  const notice = useNotice();
  /** A typed limit: empty is none; else minor units, or why not. */
  const minorOf = (typed: string, minimum: 0 | 1) => (typed.trim() === '' ? { minor: null } : toMinorUnits(typed, currency, minimum));
  return (
    <FormErrors>
      <form class="row" aria-label="Set limits" onSubmit={async (event) => {
        event.preventDefault();
        notice.clear();
        const bet = minorOf(maxBet, 1);
        const loss = minorOf(lossLimit, 0);
        const problems: Record<string, string> = {};
        if ('problem' in bet) problems.max_bet = bet.problem;
        if ('problem' in loss) problems.loss_limit = loss.problem;
        setTypos(problems);
        if ('problem' in bet || 'problem' in loss) return;
        const done = await save.run({ currency, max_bet: bet.minor, loss_limit: loss.minor, loss_period: loss.minor === null ? null : period });
        if (!done) return;
        notice.show(done.setWalletLimits?.pending ? `Saved. A loosening waits until ${new Date(done.setWalletLimits.pending.effective_at).toLocaleString()}.` : 'Saved: the limits hold now.');
        onDone();
      }}>
        <Field label="Currency" path="currency" error={save.error}>
          <select name="currency" value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
            {offered.map((code) => <option key={code} value={code}>{code}</option>)}
          </select>
        </Field>
        <LimitInput label={`Max bet (${currency})`} name="max_bet" value={maxBet} typo={typos.max_bet} example={exampleAmount(currency)} onInput={setMaxBet} />
        <LimitInput label={`Loss limit (${currency})`} name="loss_limit" value={lossLimit} typo={typos.loss_limit} example={exampleAmount(currency)} onInput={setLossLimit} />
        <Field label="Per" path="loss_period" error={save.error}>
          <select name="loss_period" value={period} onChange={(e) => setPeriod(e.currentTarget.value as (typeof PERIODS)[number])}>
            {PERIODS.map((p) => <option key={p} value={p}>{p} (UTC)</option>)}
          </select>
        </Field>
        <button type="submit" disabled={save.busy}>Save limits</button>
      </form>
      <Problem error={save.error} />
      <Notice notice={notice} />
    </FormErrors>
  );
}

function LimitInput({ label, name, value, typo, example, onInput }: { label: string; name: string; value: string; typo?: string; example: string; onInput: (value: string) => void }) {
  const hintId = useId();
  return (
    <div class={typo ? 'field invalid' : 'field'}>
      <label>
        {label}
        <input name={name} inputMode="decimal" autoComplete="off" placeholder="none" value={value} aria-invalid={typo ? 'true' : undefined} aria-describedby={hintId}
          onInput={(e) => onInput(e.currentTarget.value)} />
      </label>
      <small id={hintId} class={typo ? 'field-error' : 'muted'}>{typo ?? `Empty: none. In major units: ${example}`}</small>
    </div>
  );
}
