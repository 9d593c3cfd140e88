import { useState } from 'preact/hooks';
import { PRESET_LABELS, PRESETS, presetRange, rememberedZone, rememberZone, zoneNames, type DateRange, type Preset } from '../format/report-range';

/** Every zone the browser knows, by current names (the chosen zone is added when the list lacks it). */
const ZONES = zoneNames(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

export interface ReportChoice extends DateRange {
  readonly tz: string;
  readonly preset: Preset | null;
}

/** The report's period and zone: a preset in the remembered zone (last 7 days) until the operator picks another. */
export function useReportChoice(): [ReportChoice, (choice: ReportChoice) => void] {
  const [choice, setChoice] = useState<ReportChoice>(() => {
    const tz = rememberedZone();
    return { ...presetRange('last7', Date.now(), tz), tz, preset: 'last7' };
  });
  return [choice, (next) => {
    rememberZone(next.tz);
    setChoice(next);
  }];
}

/**
 * Presets (today, yesterday, the last 7 days, this month) and a custom range of dates, in a time zone
 * the console remembers; `to` is shown as the last day included (the API's is the day after).
 */
export function ReportRangePicker({ choice, onChange }: { choice: ReportChoice; onChange: (choice: ReportChoice) => void }) {
  const lastDay = new Date(Date.parse(`${choice.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const pick = (preset: Preset, tz = choice.tz) => onChange({ ...presetRange(preset, Date.now(), tz), tz, preset });
  const custom = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const from = String(form.get('from') ?? '');
    const last = String(form.get('last') ?? '');
    if (!from || !last) return;
    const to = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    onChange({ from, to, tz: choice.tz, preset: null });
  };
  return (
    <form noValidate class="report-range" onSubmit={custom} aria-label="Report period">
      <div class="row presets">
        {PRESETS.map((preset) => (
          <button key={preset} type="button" class={choice.preset === preset ? '' : 'outline'} aria-pressed={choice.preset === preset} onClick={() => pick(preset)}>
            {PRESET_LABELS[preset]}
          </button>
        ))}
      </div>
      <div class="row">
        <label>From<input name="from" type="date" key={`from-${choice.from}`} defaultValue={choice.from} /></label>
        <label>To (included)<input name="last" type="date" key={`last-${lastDay}`} defaultValue={lastDay} /></label>
        <button type="submit" class="outline">Show</button>
        <label>Time zone
          <select name="tz" value={choice.tz} onChange={(e) => {
            const tz = e.currentTarget.value;
            if (choice.preset) pick(choice.preset, tz);
            else onChange({ ...choice, tz });
          }}>
            {(ZONES.includes(choice.tz) ? ZONES : [choice.tz, ...ZONES]).map((zone) => <option key={zone} value={zone}>{zone}</option>)}
          </select>
        </label>
      </div>
    </form>
  );
}
