/**
 * The UTC calendar periods a loss limit counts (SPEC §1.11): the day, the week from Monday, the month.
 * The scripts get each period's start from the caller (lua/lib/controls.lua), and name a period by its
 * place in LOSS_PERIODS plus one (0: none).
 */
export const LOSS_PERIODS = ['day', 'week', 'month'] as const;
export type LossPeriod = (typeof LOSS_PERIODS)[number];

const DAY_MS = 86_400_000;

/** A period's number in the scripts (0: none). */
export const periodCode = (period: LossPeriod | null): number => (period === null ? 0 : LOSS_PERIODS.indexOf(period) + 1);
export const periodOfCode = (code: number): LossPeriod | null => LOSS_PERIODS[code - 1] ?? null;

let cachedDay = Number.NaN;
let cachedStarts: readonly [string, string, string] = ['0', '0', '0'];

/**
 * The starts (ms, as decimal strings) of the UTC day, week and month that hold at `nowMs`, as the
 * scripts take them. Worked out once per day: a call on the hot path only divides.
 */
export function periodStarts(nowMs: number): readonly [string, string, string] {
  const day = Math.floor(nowMs / DAY_MS);
  if (day !== cachedDay) {
    const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday: Monday is 0
    const date = new Date(day * DAY_MS);
    cachedStarts = [String(day * DAY_MS), String((day - weekday) * DAY_MS), String(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1))];
    cachedDay = day;
  }
  return cachedStarts;
}
