import { QUARTER_MS } from '../records/report-tables';
import { instantOf, localTimeAt, offsetAt, type LocalTime } from './time-zones';

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** SPEC §2.13: at most this many periods per request. */
export const MAX_PERIODS = 1000;

/** One period of a report: its calendar start (the first may begin before `from`: it is cut there), and the instants it covers. */
export interface Period {
  /** The local start of the hour, day, week (Monday) or month, as an instant. */
  readonly labelMs: number;
  /** What it covers, in quarter hours from the epoch: [from, to). */
  readonly fromQuarter: number;
  readonly toQuarter: number;
}

const HOUR_MS = 3_600_000;
/** Instants cut to the quarter hour: every zone's offset is whole quarters since 1970 (earlier local mean times are not). */
export const quarterOf = (ms: number) => Math.floor(ms / QUARTER_MS);

const startOfLocalDay = (local: LocalTime): LocalTime => ({ ...local, hour: 0, minute: 0, second: 0 });

/** The start of the hour, day, week or month holding this instant, in the zone. */
function calendarStart(ms: number, granularity: Granularity, zone: string): number {
  const local = localTimeAt(ms, zone);
  switch (granularity) {
    case 'hour':
      return Math.floor(ms / 1000) * 1000 - (local.minute * 60 + local.second) * 1000;
    case 'day':
      return instantOf(startOfLocalDay(local), zone);
    case 'week': {
      const day = new Date(Date.UTC(local.year, local.month - 1, local.day));
      const sinceMonday = (day.getUTCDay() + 6) % 7;
      return instantOf({ ...startOfLocalDay(local), day: local.day - sinceMonday }, zone);
    }
    case 'month':
      return instantOf({ ...startOfLocalDay(local), day: 1 }, zone);
  }
}

/** The start of the next hour, day, week or month after a calendar start, in the zone. */
function nextCalendarStart(start: number, granularity: Granularity, zone: string): number {
  if (granularity === 'hour') {
    // An hour later is the next hour unless the offset moved by a part of an hour (Lord Howe's
    // half-hour change): then the next local hour on the clock (a skipped one starts at the jump).
    const next = start + HOUR_MS;
    const local = localTimeAt(next, zone);
    if (local.minute === 0 && local.second === 0) return next;
    const now = localTimeAt(start, zone);
    const onTheClock = instantOf({ ...now, hour: now.hour + 1, minute: 0, second: 0 }, zone);
    return onTheClock > start ? onTheClock : next;
  }
  const local = startOfLocalDay(localTimeAt(start, zone));
  const offset = offsetAt(start, zone);
  if (granularity === 'day') return instantOf({ ...local, day: local.day + 1 }, zone, offset);
  if (granularity === 'week') return instantOf({ ...local, day: local.day + 7 }, zone, offset);
  return instantOf({ ...local, month: local.month + 1, day: 1 }, zone, offset);
}

/** Thrown when [from, to) holds more than MAX_PERIODS periods of the granularity. */
export class TooManyPeriods extends Error {}

/**
 * The periods of [fromMs, toMs) in the zone, oldest first: each the part of one calendar hour, day,
 * week (from Monday) or month inside the range. Past MAX_PERIODS, TooManyPeriods.
 */
export function periodsOf(fromMs: number, toMs: number, granularity: Granularity, zone: string): Period[] {
  const periods: Period[] = [];
  let label = calendarStart(fromMs, granularity, zone);
  let from = fromMs;
  while (from < toMs) {
    if (periods.length === MAX_PERIODS) throw new TooManyPeriods();
    const next = nextCalendarStart(label, granularity, zone);
    const to = Math.min(next, toMs);
    if (quarterOf(to) > quarterOf(from)) periods.push({ labelMs: label, fromQuarter: quarterOf(from), toQuarter: quarterOf(to) });
    label = next;
    from = to;
  }
  return periods;
}

/** A period's start as ISO 8601 with the zone's offset then (`2026-03-29T00:00:00+01:00`). */
export function isoInZone(ms: number, zone: string): string {
  const offsetMinutes = Math.round(offsetAt(ms, zone) / 60_000);
  const wall = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
