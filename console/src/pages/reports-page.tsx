import { Link } from 'wouter-preact';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { downloadCsv } from '../api/file-download';
import { Problem } from '../components/problem';
import { FigureCells, FigureHeads, FigureTotals } from '../components/report-figures';
import { ReportRangePicker, useReportChoice, type ReportChoice } from '../components/report-range-picker';
import { TableScroll } from '../components/table-scroll';

const ReportsPageSummary = graphql(`query ReportsPageSummary ($from: String, $to: String, $tz: String) {
  reportSummary(from: $from, to: $to, tz: $tz) {
    games { game_id game_name currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }
    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }
  }
}`);

/** The query string of a report's range (REST, for the CSV). */
export const rangeQuery = (choice: ReportChoice) => new URLSearchParams({ from: choice.from, to: choice.to, tz: choice.tz }).toString();

/**
 * Every game's bets, wins, GGR and players over a period (staff; a moderator limited to games sees
 * theirs), with totals per currency and the same rows as CSV.
 */
export function ReportsPage() {
  const [choice, setChoice] = useReportChoice();
  const summary = useQuery(ReportsPageSummary, { from: choice.from, to: choice.to, tz: choice.tz });
  const download = useAction(() => downloadCsv(`/api/reports/summary?${rangeQuery(choice)}`));
  const games = summary.data?.reportSummary?.games ?? [];
  const totals = summary.data?.reportSummary?.totals ?? [];
  return (
    <>
      <div class="page-head">
        <h1>Reports</h1>
        <button type="button" class="outline" onClick={() => void download.run()} disabled={download.busy}>Download CSV</button>
      </div>
      <p class="muted">What was bet and won per game, from the ledger as the sync writes it. A game's page has its report over time.</p>
      <ReportRangePicker choice={choice} onChange={setChoice} />
      <Problem error={summary.error ?? download.error} />
      <TableScroll label="Games">
        <table data-testid="report-summary">
          <thead><tr><th>Game</th><th>Currency</th><FigureHeads /></tr></thead>
          <tbody>
            {games.map((row) => (
              <tr key={`${row.game_id}-${row.currency}`}>
                <td><Link href={`/games/${row.game_id}/reports`}>{row.game_name}</Link></td>
                <td>{row.currency}</td>
                <FigureCells figures={row} currency={row.currency} />
              </tr>
            ))}
          </tbody>
          <FigureTotals totals={totals} label="All games" />
        </table>
      </TableScroll>
      {summary.data && games.length === 0 && <p class="muted">No game had a move in this period.</p>}
    </>
  );
}
