import { STALL_MS } from './soak-load';

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * What a soak's load saw of the store's unavailability, one line each: the windows from each fault's
 * signal to the first acknowledgement after it, and the stalls (no call acknowledged for STALL_MS or
 * more, whatever caused them) with their share of the run.
 */
export function unavailabilityLines(report: { readonly outageWindowsMs: readonly number[]; readonly stallsMs: readonly number[]; readonly loadRanS: number }): string[] {
  const runS = Math.round(report.loadRanS);
  const windows = [...report.outageWindowsMs].sort((a, b) => a - b);
  const stalledS = sum(report.stallsMs) / 1000;
  return [
    ...(windows.length > 0 ? [`unavailability windows: ${windows.join(', ')} ms (median ${median(windows)}, worst ${windows.at(-1)})`] : []),
    `stalls (no call acknowledged for ${STALL_MS} ms or more, whatever the cause): ${report.stallsMs.length}, median ${median(report.stallsMs)} ms, ` +
      `worst ${Math.max(0, ...report.stallsMs)} ms; ${stalledS.toFixed(1)} s of ${runS} s (${((100 * stalledS) / runS).toFixed(1)}%)`,
  ];
}
