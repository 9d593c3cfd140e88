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
