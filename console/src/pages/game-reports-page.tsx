import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { actsOnGame } from '../api/session';
import { downloadCsv } from '../api/file-download';
import { GameTabs } from '../components/game-tabs';
import { Problem } from '../components/problem';
import { FigureCells, FigureHeads, FigureTotals } from '../components/report-figures';
import { ReportRangePicker, useReportChoice } from '../components/report-range-picker';
import { TableScroll } from '../components/table-scroll';
import { TimeChart } from '../components/time-chart';
import { granularityFor } from '../format/report-range';
import { majorUnits } from '../format/money';
import { rangeQuery } from './reports-page';

const GameReportsPageReport = graphql(`query GameReportsPageReport ($g: SafeInt!, $from: String, $to: String, $tz: String, $granularity: String) {
  gameReport(game_id: $g, from: $from, to: $to, tz: $tz, granularity: $granularity) {
    periods { start currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }
    totals { currency bets_count bets_amount wins_amount ggr hold_pct rtp_pct active_players cancels_count topups_amount rewards_amount }
  }
}`);

const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
type Granularity = (typeof GRANULARITIES)[number];

/** A period's start as the operator reads it: its local date (and hour, for hours), as the server wrote it. */
const periodLabel = (start: string, granularity: Granularity) => (granularity === 'hour' ? `${start.slice(0, 10)} ${start.slice(11, 16)}` : start.slice(0, granularity === 'month' ? 7 : 10));

/**
 * A game's report (staff of the game): bets, wins and GGR over time in one currency, charted, and a
 * table per period and currency with totals; the periods are hours, days, weeks or months of the
 * chosen zone (chosen by the range's length until the operator picks one); CSV of the same rows.
 */
export function GameReportsPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const user = useSession()?.user;
  const [choice, setChoice] = useReportChoice();
  const [picked, setPicked] = useState<Granularity | null>(null);
  const granularity = picked ?? granularityFor(choice);
  const [currency, setCurrency] = useState<string | null>(null);
  const report = useQuery(GameReportsPageReport, { g: gameId, from: choice.from, to: choice.to, tz: choice.tz, granularity });
  const query = `${rangeQuery(choice)}&granularity=${granularity}`;
  const download = useAction(() => downloadCsv(`/api/reports/games/${gameId}?${query}`));
  if (!actsOnGame(user, gameId)) return <><GameTabs gameId={gameId} /><h1>Reports</h1></>;
  const periods = report.data?.gameReport?.periods ?? [];
  const totals = report.data?.gameReport?.totals ?? [];
  const currencies = totals.map((total) => total.currency);
  const charted = currency !== null && currencies.includes(currency) ? currency : currencies[0];
  const series = periods.filter((period) => period.currency === charted);
  const times = series.map((period) => Date.parse(period.start) / 1000);
  const major = (minor: string) => Number(majorUnits(minor, charted ?? 'EUR'));
  return (
    <>
      <GameTabs gameId={gameId} />
      <div class="page-head">
        <h1>Reports</h1>
        <button type="button" class="outline" onClick={() => void download.run()} disabled={download.busy}>Download CSV</button>
      </div>
      <ReportRangePicker choice={choice} onChange={(next) => { setChoice(next); setPicked(null); }} />
      <div class="row">
        <label>Group by
          <select value={granularity} onChange={(e) => setPicked(e.currentTarget.value as Granularity)}>
            {GRANULARITIES.map((option) => <option key={option} value={option}>{option}</option>)}
          </select>
        </label>
        {currencies.length > 1 && (
          <label>Chart currency
            <select value={charted} onChange={(e) => setCurrency(e.currentTarget.value)}>
              {currencies.map((code) => <option key={code} value={code}>{code}</option>)}
            </select>
          </label>
        )}
      </div>
      <Problem error={report.error ?? download.error} />
      {charted !== undefined && series.length > 0 && (
        <div class="charts" key={`${charted}-${granularity}-${choice.from}-${choice.to}-${choice.tz}`}>
          <TimeChart title="Bets" unit={charted} times={times} values={series.map((p) => major(p.bets_amount))} color="#3b82f6" testId="chart-bets" timeZone={choice.tz} />
          <TimeChart title="Wins" unit={charted} times={times} values={series.map((p) => major(p.wins_amount))} color="#f59e0b" testId="chart-wins" timeZone={choice.tz} />
          <TimeChart title="GGR" unit={charted} times={times} values={series.map((p) => major(p.ggr))} color="#10b981" testId="chart-ggr" timeZone={choice.tz} />
        </div>
      )}
      <TableScroll label="Periods">
        <table data-testid="report-periods">
          <thead><tr><th>Period ({choice.tz})</th><th>Currency</th><FigureHeads /></tr></thead>
          <tbody>
            {periods.map((period) => (
              <tr key={`${period.start}-${period.currency}`}>
                <td>{periodLabel(period.start, granularity)}</td>
                <td>{period.currency}</td>
                <FigureCells figures={period} currency={period.currency} />
              </tr>
            ))}
          </tbody>
          <FigureTotals totals={totals} label="Total" />
        </table>
      </TableScroll>
      {report.data && periods.length === 0 && <p class="muted">Nothing moved in this game in this period.</p>}
    </>
  );
}
