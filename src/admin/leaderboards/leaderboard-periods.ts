export const PERIOD_TYPES = ['all_time', 'daily', 'weekly', 'monthly'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

const DAY_MS = 24 * 3600 * 1000;

/**
 * The start of the period a moment falls in (SPEC §2.6), in UTC: daily from 00:00, weekly from Monday
 * 00:00 (ISO week), monthly from the 1st; all_time has one period, starting at the epoch.
 */
export function periodStart(periodType: PeriodType, atMs: number): Date {
  const at = new Date(atMs);
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  switch (periodType) {
    case 'all_time':
      return new Date(0);
    case 'daily':
      return new Date(midnight);
    case 'weekly':
      return new Date(midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS);
    case 'monthly':
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  }
}

/** The start of the period after the one starting at `start` (its end): all_time never ends. */
export function nextPeriodStart(periodType: PeriodType, start: Date): Date {
  switch (periodType) {
    case 'all_time':
      return new Date(8.64e15);
    case 'daily':
      return new Date(start.getTime() + DAY_MS);
    case 'weekly':
      return new Date(start.getTime() + 7 * DAY_MS);
    case 'monthly':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/** The start of the period before the one starting at `start`. */
export const previousPeriodStart = (periodType: PeriodType, start: Date): Date => periodStart(periodType, start.getTime() - 1);
