import { graphql } from '../api/generated';
import { useQuery } from '../api/hooks';
import { Problem } from '../components/problem';
import { TableScroll } from '../components/table-scroll';
import { formatMoney } from '../format/money';

const PayoutPreviewQuery = graphql(`query PayoutPreviewQuery ($id: SafeInt!) { leaderboardPayoutPreview(leaderboard_id: $id) { period_start closes_at payouts_total payouts { user_game_id user_id rank amount currency } } }`);

/** Shown before the table: the first this many rows (the server answers up to 10,000). */
const SHOWN = 100;

/**
 * What the current period would pay if it closed now (staff; `leaderboardPayoutPreview`): the period
 * and when it closes, the total per currency, and each player's rank and reward. Later scores still
 * change it; the worker pays when the period closes.
 */
export function PayoutPreview({ leaderboardId, names }: { leaderboardId: number; names: ReadonlyMap<number, string> }) {
  const preview = useQuery(PayoutPreviewQuery, { id: leaderboardId });
  const data = preview.data?.leaderboardPayoutPreview;
  const payouts = data?.payouts ?? [];
  const totals = new Map<string, bigint>();
  for (const row of payouts) totals.set(row.currency, (totals.get(row.currency) ?? 0n) + BigInt(row.amount));
  return (
    <section aria-labelledby="payout-preview">
      <h2 id="payout-preview">The current period</h2>
      <Problem error={preview.error} />
      {data && !data.period_start && <p class="muted">This board pays nothing: it has no rewards, or no periods.</p>}
      {data?.period_start && (
        <>
          <p data-testid="period-state">
            Open since {new Date(data.period_start).toLocaleString()}; closes {data.closes_at ? new Date(data.closes_at).toLocaleString() : 'never'}, then the worker pays it.
          </p>
          <p data-testid="preview-total">
            {payouts.length === 0
              ? 'If it closed now, nobody would be paid: no ranked player is in a reward range.'
              : `If it closed now: ${data.payouts_total} ${data.payouts_total === 1 ? 'player' : 'players'} paid, ${[...totals].map(([currency, sum]) => formatMoney(sum.toString(), currency)).join(' and ')} in all${data.payouts_total > payouts.length ? ` (the first ${payouts.length} are listed)` : ''}.`}
          </p>
          {payouts.length > 0 && (
            <TableScroll label="What the current period would pay">
              <table data-testid="payout-preview">
                <thead><tr><th>Rank</th><th>Player</th><th>Would get</th></tr></thead>
                <tbody>
                  {payouts.slice(0, SHOWN).map((row) => (
                    <tr key={row.user_game_id}>
                      <td>{row.rank}</td>
                      <td>{names.get(row.user_game_id) ?? `user ${row.user_id}`}</td>
                      <td>{formatMoney(row.amount, row.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {payouts.length > SHOWN && <p class="muted">{payouts.length - SHOWN} more rows are not shown here.</p>}
        </>
      )}
    </section>
  );
}
