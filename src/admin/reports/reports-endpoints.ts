import { GRANULARITIES, MAX_PERIODS } from '../../reports/report-periods';
import { endpoint, one, textParam, type Endpoint } from '../http/endpoint';
import { exactJson } from '../http/exact-json';
import { gameReportWeight, summaryWeight } from './report-query';
import { wantsCsv } from './reports-csv';
import { gameReportReply, reportSummaryReply } from './reports-replies';
import { CsvFile } from './reports-service';

const BOUND = { type: 'string' };
const RANGE = {
  from: textParam('from', BOUND, 'inclusive: a date (its local midnight in tz), a local time (YYYY-MM-DDTHH:MM, in tz) or an instant; on a quarter hour. Default: 30 local days before to'),
  to: textParam('to', BOUND, 'exclusive, as from. Default: the start of tomorrow in tz'),
  tz: textParam('tz', BOUND, 'an IANA time zone (default UTC): the periods are its hours, days, weeks from Monday, months'),
  currency: textParam('currency', BOUND, 'only this currency'),
};
/** JSON, or CSV when Accept asks for it first. */
const JSON_OR_CSV = { alternatives: { 'text/csv': { type: 'string', description: 'a header line, then one line per row (RFC 4180); money in major units' } }, description: 'JSON, or CSV with Accept: text/csv (as a download)' };
const ACCEPT = [{ name: 'Accept', schema: { type: 'string' }, description: '`text/csv` for CSV: a header line, then the rows; money in major units' }];

/** REST writes a CsvFile as text/csv to download, any other reply as JSON with its sums in full. */
const csvOrJson: Endpoint['respond'] = (reply, response) => {
  if (!(reply instanceof CsvFile)) return response.body(exactJson(reply), 'application/json');
  response.set('Content-Disposition', `attachment; filename="${reply.filename}"`);
  response.body(reply.text, 'text/csv; charset=utf-8');
};

/** SPEC §2.13: reports from the rollups the sync keeps. Staff; a moderator limited to games reads theirs. */
export const reportsEndpoints = [
  endpoint({
    method: 'get', path: '/api/reports/games/{id}', tag: 'reports', summary: 'A game\'s bets, wins, GGR and players per period', access: 'staff',
    game: ({ params }) => params.id,
    query: { ...RANGE, granularity: textParam('granularity', { type: 'string', enum: [...GRANULARITIES], default: 'day' }, `hour, day, week or month; at most ${MAX_PERIODS} periods`) },
    headers: ACCEPT, ok: { ...one(gameReportReply), ...JSON_OR_CSV },
    description: 'A move counts in the period of its ledger time, once the sync has written it. Every period of the range is listed per currency, with zeros where nothing moved.',
    // Weighed by its periods (what it may read): a document holds one of 1,000 periods, or many of a month.
    graphql: { type: 'Query', field: 'gameReport', params: { id: 'game_id' }, cost: 1000, weigh: gameReportWeight, once: true },
    handle: ({ params, query, header }, { reports }) => (wantsCsv(header('accept')) ? reports.gameReportCsv(params.id, query) : reports.gameReport(params.id, query)),
    respond: csvOrJson,
  }),
  endpoint({
    method: 'get', path: '/api/reports/summary', tag: 'reports', summary: 'Every game\'s bets, wins, GGR and players over a range', access: 'staff', game: 'none', lookup: false,
    query: RANGE, headers: ACCEPT, ok: { ...one(reportSummaryReply), ...JSON_OR_CSV },
    description: 'Admins see every game; a moderator limited to games sees those. Totals per currency; active players are distinct user-games.',
    graphql: { type: 'Query', field: 'reportSummary', cost: 1000, weigh: summaryWeight, once: true }, // weighed by the days of its range
    handle: ({ caller, query, header }, { reports }) => (wantsCsv(header('accept')) ? reports.summaryCsv(caller, query) : reports.summary(caller, query)),
    respond: csvOrJson,
  }),
];
