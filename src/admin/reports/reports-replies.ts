import { GRANULARITIES } from '../../reports/report-periods';
import { countField, enumField, exactMoneyField, fieldsOf, flagField, idField, listOf, numberField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';

/** A count of moves or players: past 2^31 in a busy installation's long summary, so GraphQL's SafeInt, not Int. */
const tally = (description?: string) => countField(0, description).meta({ graphql: 'SafeInt' });

/** SPEC §2.13's figures of one game (or all), one currency and one period (or the whole range). */
const FIGURES = {
  bets_count: tally('confirmed rounds'),
  bets_amount: exactMoneyField().meta({ description: 'what the confirmed rounds had reserved (minor units)' }),
  wins_amount: exactMoneyField(),
  ggr: exactMoneyField().meta({ description: 'bets_amount − wins_amount' }),
  hold_pct: numberField().nullable().meta({ description: 'ggr / bets_amount × 100; null without a bet' }),
  rtp_pct: numberField().nullable().meta({ description: 'wins_amount / bets_amount × 100; null without a bet' }),
  reserves_count: tally('reservations made (settled or not)'),
  reserves_amount: exactMoneyField(),
  cancels_count: tally(),
  cancels_amount: exactMoneyField(),
  expiries_count: tally(),
  expiries_amount: exactMoneyField(),
  topups_count: tally('top-ups but period rewards'),
  topups_amount: exactMoneyField(),
  rewards_count: tally('period rewards paid (SPEC §2.12)'),
  rewards_amount: exactMoneyField(),
  closes_count: tally('wallets closed by an admin (SPEC §2.14)'),
  closes_amount: exactMoneyField().meta({ description: 'what the closes took out of the wallets' }),
  active_players: tally('distinct user-games with a confirmed round'),
};
export type Figures = { -readonly [Name in keyof typeof FIGURES]: ReplyOf<(typeof FIGURES)[Name]> };

const CURRENCY = textField();
/** Per currency, over the whole range (active players counted once over it, not summed). */
const TOTALS = listOf(fieldsOf({ currency: CURRENCY, ...FIGURES }, 'ReportTotals'));

export const gameReportReply = replySchema('GameReport', {
  game_id: idField(),
  tz: textField('the IANA time zone of the periods'),
  granularity: enumField(GRANULARITIES),
  from: timestampField(),
  to: timestampField(),
  periods: listOf(fieldsOf({ start: textField('the local start of the period (ISO 8601 with the zone\'s offset); the first is cut at from'), currency: CURRENCY, ...FIGURES }, 'ReportPeriod')),
  totals: TOTALS,
}, 'A game\'s figures per period and currency (SPEC §2.13), from the rollups the sync keeps.');
export type GameReport = ReplyOf<typeof gameReportReply>;

export const reportSummaryReply = replySchema('ReportSummary', {
  tz: textField(),
  from: timestampField(),
  to: timestampField(),
  games: listOf(fieldsOf({
    game_id: idField(), game_name: textField('as it is, or as it was when the game was deleted'),
    deleted: flagField().meta({ description: 'the game was deleted: its moves stay in the summary and its totals' }), currency: CURRENCY, ...FIGURES,
  }, 'ReportGame')),
  totals: TOTALS,
}, 'Every game\'s figures over the range per currency (SPEC §2.13), and their totals.');
export type ReportSummary = ReplyOf<typeof reportSummaryReply>;
