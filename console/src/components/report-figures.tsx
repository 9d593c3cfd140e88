import { formatMoney } from '../format/money';

/** The figures a report row holds (SPEC §2.13), as GraphQL answers them: money in minor units as text. */
export interface ReportFigures {
  readonly bets_count: number;
  readonly bets_amount: string;
  readonly wins_amount: string;
  readonly ggr: string;
  readonly hold_pct?: number | null;
  readonly rtp_pct?: number | null;
  readonly active_players: number;
  readonly cancels_count: number;
  readonly topups_amount: string;
  readonly rewards_amount: string;
}

const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value.toFixed(2)} %`);

/** The figures' header cells, after the row's own. */
export function FigureHeads() {
  return (
    <>
      <th>Rounds</th><th>Bets</th><th>Wins</th><th>GGR</th><th>Hold</th><th>RTP</th><th>Players</th><th>Cancels</th><th>Top-ups</th><th>Rewards</th>
    </>
  );
}

/** One row's figures, money in major units of its currency. */
export function FigureCells({ figures, currency }: { figures: ReportFigures; currency: string }) {
  const money = (minor: string) => formatMoney(minor, currency);
  return (
    <>
      <td class="number">{figures.bets_count.toLocaleString()}</td>
      <td class="number">{money(figures.bets_amount)}</td>
      <td class="number">{money(figures.wins_amount)}</td>
      <td class="number" data-testid="ggr">{money(figures.ggr)}</td>
      <td class="number">{percent(figures.hold_pct)}</td>
      <td class="number">{percent(figures.rtp_pct)}</td>
      <td class="number">{figures.active_players.toLocaleString()}</td>
      <td class="number">{figures.cancels_count.toLocaleString()}</td>
      <td class="number">{money(figures.topups_amount)}</td>
      <td class="number">{money(figures.rewards_amount)}</td>
    </>
  );
}

/** A report table's totals, one row per currency, under its rows (`label`: what they total). */
export function FigureTotals({ totals, label }: { totals: ReadonlyArray<ReportFigures & { currency: string }>; label: string }) {
  if (totals.length === 0) return null;
  return (
    <tfoot>
      {totals.map((total) => (
        <tr key={total.currency} data-testid="report-total">
          <th scope="row">{label}</th>
          <td>{total.currency}</td>
          <FigureCells figures={total} currency={total.currency} />
        </tr>
      ))}
    </tfoot>
  );
}
