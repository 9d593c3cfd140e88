import { useState } from 'preact/hooks';
import { ApiError, request } from '../api/client';
import { graphql } from '../api/generated';
import type { LeaderboardPageLeaderboardQuery, LeaderboardRewardInput } from '../api/generated/graphql';
import { useAction, useQuery, useSession } from '../api/hooks';
import { Field, FormErrors, Problem } from '../components/problem';
import { TableScroll } from '../components/table-scroll';
import { formatMoney, knownCurrencies, minorDigits, toMinorUnits } from '../format/money';

const RewardsSave = graphql(`mutation RewardsSave ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }`);
const RewardsPayouts = graphql(`query RewardsPayouts ($id: SafeInt!) { leaderboardPayouts(leaderboard_id: $id, limit: 500) { period_start user_game_id user_id rank amount currency topup_id paid_at } }`);

/** A range as the leaderboard page reads it (typed from its query): the amount in minor units, a decimal string (Money). */
type Reward = NonNullable<LeaderboardPageLeaderboardQuery['leaderboard']>['rewards'][number];
/** A range as the form holds it: ranks and the amount as typed (major units). */
interface Row { from: string; to: string; amount: string; currency: string }

/** Minor units as typed in major units ("2500" EUR → "25.00"), exactly (no floating point). */
const majorOf = (minor: string, currency: string) => {
  const digits = minorDigits(currency);
  if (digits === 0) return minor;
  const padded = minor.padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
};

/**
 * A board's period rewards (SPEC §2.12): ranges of ranks, each paid an amount when a period closes;
 * amounts typed in major units of their currency. Ties share the better rank's reward.
 */
export function RewardsEditor({ gameId, leaderboardId, rewards, onDone }: { gameId: number; leaderboardId: number; rewards: readonly Reward[]; onDone: () => void }) {
  const [rows, setRows] = useState<Row[]>(rewards.map((r) => ({ from: String(r.rank_from), to: String(r.rank_to), amount: majorOf(r.amount, r.currency), currency: r.currency })));
  /** What the form found before sending, every problem at its field at once (as the API's own would be). */
  const [typos, setTypos] = useState<ApiError | null>(null);
  const save = useAction((input: LeaderboardRewardInput[]) => request(RewardsSave, { g: gameId, id: leaderboardId, input: { rewards: input } }));
  const shownError = typos ?? save.error;
  const setRow = (i: number, changes: Partial<Row>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...changes } : row)));
  const currencies = knownCurrencies();
  const admin = useSession()?.user.role === 'admin'; // rewards pay money: an admin's write (SPEC §2.12)
  return (
    <section aria-labelledby="rewards">
      <h2 id="rewards">Period rewards</h2>
      <p class="muted">When a period closes, each ranked player gets the amount of their rank's range in their wallet, once. Players with equal scores share the better rank.</p>
      {!admin && <p class="muted" role="note">Only an admin sets or changes rewards: they pay money.</p>}
      <FormErrors>
        <form noValidate aria-label="Period rewards" onSubmit={async (event) => {
          event.preventDefault();
          const input: LeaderboardRewardInput[] = [];
          const problems: Array<{ path: string; message: string }> = [];
          const rank = (text: string, path: string) => {
            if (!/^\d+$/.test(text.trim())) problems.push({ path, message: 'must be a whole number, 1 or more' });
            return Number(text);
          };
          for (const [i, row] of rows.entries()) {
            const minor = toMinorUnits(row.amount, row.currency);
            if ('problem' in minor) problems.push({ path: `rewards[${i}].amount`, message: minor.problem });
            const from = rank(row.from, `rewards[${i}].rank_from`);
            const to = rank(row.to, `rewards[${i}].rank_to`);
            if ('minor' in minor) input.push({ rank_from: from, rank_to: to, amount: minor.minor, currency: row.currency });
          }
          save.clear();
          setTypos(problems.length > 0 ? new ApiError('some ranges need attention', 'INVALID_ARGUMENT', problems) : null);
          if (problems.length > 0) return;
          if (await save.run(input)) onDone();
        }}>
          <fieldset disabled={!admin}>
          {rows.map((row, i) => (
            <div class="row" key={i}>
              <Field label={`From rank ${i + 1}`} path={`rewards[${i}].rank_from`} error={shownError}>
                <input name={`from_${i}`} type="number" min={1} value={row.from} onInput={(e) => setRow(i, { from: e.currentTarget.value })} />
              </Field>
              <Field label={`To rank ${i + 1}`} path={`rewards[${i}].rank_to`} error={shownError}>
                <input name={`to_${i}`} type="number" min={1} value={row.to} onInput={(e) => setRow(i, { to: e.currentTarget.value })} />
              </Field>
              <Field label={`Amount ${i + 1}`} path={`rewards[${i}].amount`} error={shownError}>
                <input name={`amount_${i}`} inputMode="decimal" value={row.amount} onInput={(e) => setRow(i, { amount: e.currentTarget.value })} />
              </Field>
              <Field label={`Currency ${i + 1}`} path={`rewards[${i}].currency`} error={shownError}>
                <select name={`currency_${i}`} value={row.currency} onChange={(e) => setRow(i, { currency: e.currentTarget.value })}>
                  {currencies.map((code) => <option key={code} value={code}>{code}</option>)}
                </select>
              </Field>
              <button type="button" class="secondary outline" aria-label={`Remove range ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>×</button>
            </div>
          ))}
          {rows.length === 0 && <p class="muted">No rewards: closing periods pay nothing.</p>}
          <div class="row">
            <button type="button" class="outline" onClick={() => {
              const last = rows.at(-1);
              const next = last ? Number(last.to) + 1 : 1;
              setRows([...rows, { from: String(next), to: String(next), amount: '', currency: last?.currency ?? currencies[0] ?? 'EUR' }]);
            }}>Add a range</button>
            <button type="submit" disabled={save.busy}>Save rewards</button>
          </div>
          </fieldset>
        </form>
        <Problem error={shownError} />
      </FormErrors>
    </section>
  );
}

/** A closed period's state: paid, or being paid (the worker pays each player once, in turn). */
const paidState = (rows: ReadonlyArray<{ paid_at?: string | null }>) => {
  const paid = rows.filter((row) => row.paid_at).length;
  return paid === rows.length ? 'paid' : `closed, paying: ${paid} of ${rows.length} paid`;
};

/** What the worker paid for the board's last closed periods, newest first, each by rank, with each period's state. */
export function PayoutsList({ leaderboardId, names }: { leaderboardId: number; names: ReadonlyMap<number, string> }) {
  const payouts = useQuery(RewardsPayouts, { id: leaderboardId });
  const rows = payouts.data?.leaderboardPayouts ?? [];
  const periods = [...new Set(rows.map((row) => row.period_start))];
  return (
    <section aria-labelledby="payouts">
      <h2 id="payouts">Payouts</h2>
      <Problem error={payouts.error} />
      {payouts.data && rows.length === 0 && <p class="muted">No period has paid rewards yet.</p>}
      {periods.map((period) => (
        <TableScroll key={period} label={`Payouts of the period from ${new Date(period).toLocaleDateString()}`}>
          <table data-testid="payouts">
            <caption>Period from {new Date(period).toLocaleDateString(undefined, { timeZone: 'UTC' })} (UTC): <span data-testid="period-paid-state">{paidState(rows.filter((row) => row.period_start === period))}</span></caption>
            <thead><tr><th>Rank</th><th>Player</th><th>Reward</th><th>Paid</th></tr></thead>
            <tbody>
              {rows.filter((row) => row.period_start === period).map((row) => (
                <tr key={row.user_game_id}>
                  <td>{row.rank}</td>
                  <td>{names.get(row.user_game_id) ?? `user ${row.user_id}`}</td>
                  <td>{formatMoney(row.amount, row.currency)}</td>
                  <td>{row.paid_at ? `${new Date(row.paid_at).toLocaleString()} (top-up ${row.topup_id})` : 'planned'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ))}
    </section>
  );
}
