/**
 * Local time in an IANA time zone, from the runtime's zone data (Intl): what SPEC §2.13's reports need
 * to cut periods at local midnights, hours, Mondays and firsts of the month. Instants are epoch ms.
 */

export interface LocalTime {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** Formatters by the name asked for (Intl takes `europe/BERLIN` too): bounded, as callers choose the names. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_NAMES = 2000;

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', era: 'short',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    if (formatters.size >= MAX_NAMES) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** An IANA zone name the runtime knows (`Europe/Berlin`, `UTC`, `Asia/Kathmandu`); offsets like `+05:30` are not zones. */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** `11/15/2023 AD, 03:43:20`: en-US's fixed pattern (format is a quarter of formatToParts' cost). */
const WALL_CLOCK = /^(\d+)\/(\d+)\/(\d+) (\w+), (\d+):(\d+):(\d+)$/;

/** The wall-clock time in the zone at an instant. */
export function localTimeAt(ms: number, zone: string): LocalTime {
  const text = formatterOf(zone).format(ms);
  const fields = WALL_CLOCK.exec(text);
  if (!fields) throw new Error(`unexpected local time "${text}" in ${zone}`);
  const [, month, day, year, era, hour, minute, second] = fields;
  return {
    year: era === 'BC' ? 1 - Number(year) : Number(year),
    month: Number(month), day: Number(day), hour: Number(hour), minute: Number(minute), second: Number(second),
  };
}

/** The wall-clock time as if it were UTC (ms): local arithmetic (Date.UTC carries overflowing fields). */
export const wallClockMs = (local: LocalTime): number => {
  const ms = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  // Date.UTC maps years 0–99 to 1900–1999.
  return local.year >= 0 && local.year < 100 ? new Date(ms).setUTCFullYear(local.year) : ms;
};

/** The zone's offset from UTC at an instant (ms, east positive), to the second. */
export function offsetAt(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockMs(localTimeAt(whole, zone)) - whole;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time names in the zone. Where the clock was set back and the time occurs
 * twice, the first; where it was set forward over the time (a gap), the time read with the offset
 * before the jump (so a day or an hour whose start was skipped starts at the jump). Zones change
 * offsets at most once a day. `near`: an offset likely right (the previous boundary's), tried first.
 */
export function instantOf(local: LocalTime, zone: string, near?: number): number {
  const wall = wallClockMs(local);
  if (near !== undefined && wallClockMs(localTimeAt(wall - near, zone)) === wall && offsetAt(wall - near - DAY_MS, zone) === near) return wall - near;
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const fitting = [wall - before, wall - after].filter((candidate) => wallClockMs(localTimeAt(candidate, zone)) === wall);
  return fitting.length > 0 ? Math.min(...fitting) : wall - before;
}
