import { AppError } from '../../errors';
import { QUARTER_MS } from '../../records/report-tables';
import { GRANULARITIES, MAX_PERIODS, periodsOf, TooManyPeriods, type Granularity, type Period } from '../../reports/report-periods';
import { instantOf, isTimeZone, localTimeAt } from '../../reports/time-zones';
import { EARLIEST_MS, LATEST_MS } from '../core/validation';

/** A report's query as given (REST's text, GraphQL's arguments). */
export interface ReportQueryInput {
  readonly from?: string;
  readonly to?: string;
  readonly tz?: string;
  readonly granularity?: string;
  readonly currency?: string;
}

/** A checked query: the range as instants (quarter hours), its zone, and the currency asked for. */
export interface ReportRange {
  readonly fromMs: number;
  readonly toMs: number;
  readonly tz: string;
  readonly currency: string | undefined;
}

const invalid = (field: string, message: string) => new AppError('BAD_REQUEST', `${field} ${message}`, { errors: [{ path: field, message }] });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.0+)?)?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const ON_A_QUARTER = 'must fall on a quarter hour (reports are kept per 15 minutes)';
const DEFAULT_DAYS = 30;

/**
 * `from` and `to`: a date (its local midnight in `tz`), a local time without an offset (read in `tz`),
 * or an instant (`Z` or an offset); on a quarter hour (rollups are kept per quarter), in the years
 * 1000–9999. 400 naming the field otherwise.
 */
function instantOfBound(field: string, text: string, tz: string): number {
  const local = DATE.exec(text) ?? LOCAL_TIME.exec(text);
  let ms: number;
  if (local) {
    const [, year, month, day, hour = '0', minute = '0', second = '0'] = local.map((part) => part ?? '0');
    const fields = { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour), minute: Number(minute), second: Number(second) };
    if (fields.month < 1 || fields.month > 12 || fields.day < 1 || fields.day > 31 || fields.hour > 23 || fields.minute > 59 || fields.second > 59
      || new Date(Date.UTC(fields.year, fields.month - 1, fields.day)).getUTCMonth() !== fields.month - 1) {
      throw invalid(field, 'must be a date (YYYY-MM-DD), a local time (YYYY-MM-DDTHH:MM) or an ISO 8601 instant');
    }
    if (fields.year < 1000) throw invalid(field, 'must be in the years 1000 to 9999');
    if (fields.minute % 15 !== 0 || fields.second !== 0) throw invalid(field, ON_A_QUARTER);
    // Cut to the quarter hour: only the local mean times of old dates (before standard zones) are off it.
    ms = Math.floor(instantOf(fields, tz) / QUARTER_MS) * QUARTER_MS;
  } else if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) {
    ms = Date.parse(text);
  } else {
    throw invalid(field, 'must be a date (YYYY-MM-DD), a local time (YYYY-MM-DDTHH:MM) or an ISO 8601 instant');
  }
  if (ms < EARLIEST_MS || ms >= LATEST_MS) throw invalid(field, 'must be in the years 1000 to 9999');
  if (ms % QUARTER_MS !== 0) throw invalid(field, ON_A_QUARTER);
  return ms;
}

/** The start of the local day holding this instant, `days` days on. */
const localDayStart = (ms: number, days: number, tz: string) => {
  const local = localTimeAt(ms, tz);
  return instantOf({ ...local, day: local.day + days, hour: 0, minute: 0, second: 0 }, tz);
};

/** The range, zone and currency of a report query: by default the last 30 local days, today included, in UTC. */
export function reportRange(input: ReportQueryInput, now: number): ReportRange {
  const tz = input.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw invalid('tz', 'must be an IANA time zone (Europe/Berlin, Asia/Kolkata, UTC)');
  if (input.currency !== undefined && !/^[A-Z]{3}$/.test(input.currency)) throw invalid('currency', 'must be three capital letters (ISO 4217)');
  const toMs = input.to === undefined ? localDayStart(now, 1, tz) : instantOfBound('to', input.to, tz);
  const fromMs = input.from === undefined ? localDayStart(toMs, -DEFAULT_DAYS, tz) : instantOfBound('from', input.from, tz);
  if (toMs <= fromMs) throw invalid('to', 'must be after from');
  return { fromMs, toMs, tz, currency: input.currency };
}

export function granularityOf(text: string | undefined): Granularity {
  const granularity = text ?? 'day';
  if (!(GRANULARITIES as readonly string[]).includes(granularity)) throw invalid('granularity', `must be one of ${GRANULARITIES.join(', ')}`);
  return granularity as Granularity;
}

/** The periods of the range (400 naming `granularity` past MAX_PERIODS). */
export function reportPeriods(range: ReportRange, granularity: Granularity): Period[] {
  try {
    return periodsOf(range.fromMs, range.toMs, granularity, range.tz);
  } catch (error) {
    if (error instanceof TooManyPeriods) throw invalid('granularity', `gives more than ${MAX_PERIODS} periods between from and to: choose a coarser one or a shorter range`);
    throw error;
  }
}

/**
 * What GraphQL weighs a report by (query-limits.ts; SPEC §2.13: by what it may read): each period of a
 * game's report, each day of a summary's range (every game's rows of it), as the query names them.
 * 90 each: a document holds one report of 1,000 periods, or many of a month. A summary's weight stops
 * at SUMMARY_MAX_WEIGHT (a summary reads at most two ranges a unit, whatever its length): any one
 * summary is answered, as REST answers it, and a document holds one long one.
 */
export const REPORT_WEIGHT_PER_PERIOD = 90;
const SUMMARY_MAX_WEIGHT = 60_000;
const DAY_MS = 86_400_000;

export function gameReportWeight(args: Readonly<Record<string, unknown>>, now = Date.now()): number {
  const input = args as ReportQueryInput;
  return REPORT_WEIGHT_PER_PERIOD * reportPeriods(reportRange(input, now), granularityOf(input.granularity)).length;
}

export function summaryWeight(args: Readonly<Record<string, unknown>>, now = Date.now()): number {
  const range = reportRange(args as ReportQueryInput, now);
  return Math.min(SUMMARY_MAX_WEIGHT, REPORT_WEIGHT_PER_PERIOD * Math.ceil((range.toMs - range.fromMs) / DAY_MS));
}
