/**
 * The periods an operator picks a report by (SPEC §2.13), as dates in their time zone: the server
 * reads a date as its local midnight in `tz`, so `from` and `to` here are calendar dates, `to` the day
 * after the last one shown.
 */
export const PRESETS = ['today', 'yesterday', 'last7', 'thisMonth'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABELS: Readonly<Record<Preset, string>> = { today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', thisMonth: 'This month' };

export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The date (YYYY-MM-DD) an instant falls on in the zone. */
export function dateIn(ms: number, tz: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(ms).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A date `days` days on (calendar arithmetic on the date alone). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The dates of a preset at `now` in the zone: today, yesterday, the last 7 days (today included), this month so far. */
export function presetRange(preset: Preset, now: number, tz: string): DateRange {
  const today = dateIn(now, tz);
  const tomorrow = addDays(today, 1);
  switch (preset) {
    case 'today': return { from: today, to: tomorrow };
    case 'yesterday': return { from: addDays(today, -1), to: today };
    case 'last7': return { from: addDays(today, -6), to: tomorrow };
    case 'thisMonth': return { from: `${today.slice(0, 8)}01`, to: tomorrow };
  }
}

/** The periods a range reads best in: hours for a day or two, days up to three months, weeks up to a year and a half, then months. */
export function granularityFor(range: DateRange): 'hour' | 'day' | 'week' | 'month' {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000;
  if (days <= 2) return 'hour';
  if (days <= 92) return 'day';
  return days <= 540 ? 'week' : 'month';
}

const TZ_KEY = 'reports.tz';

/** The operator's report time zone: the one they chose last (this browser), else the browser's. */
export function rememberedZone(): string {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return localStorage.getItem(TZ_KEY) ?? RENAMED[browser] ?? browser;
  } catch {
    return RENAMED[browser] ?? browser;
  }
}

export function rememberZone(tz: string): void {
  try {
    localStorage.setItem(TZ_KEY, tz);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

/** Zones the browser still lists under their old names (Chromium's ICU), under the names the IANA database uses now. */
const RENAMED: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata', 'Asia/Katmandu': 'Asia/Kathmandu', 'Asia/Saigon': 'Asia/Ho_Chi_Minh', 'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv', 'Atlantic/Faeroe': 'Atlantic/Faroe', 'America/Godthab': 'America/Nuuk', 'Pacific/Enderbury': 'Pacific/Kanton',
};

/** Every zone the browser knows, by its current name, with UTC. */
export function zoneNames(known: readonly string[]): string[] {
  const names = new Set(['UTC', ...known.map((zone) => RENAMED[zone] ?? zone)]);
  return [...names].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
