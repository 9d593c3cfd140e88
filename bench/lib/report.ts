import { writeFileSync } from 'node:fs';
import type { LoadStats } from './flows';

export interface ScenarioResult extends LoadStats {
  readonly name: string;
  readonly description: string;
  /** Batches: the operations their calls carried. */
  readonly ops?: number;
  readonly opsPerSecond?: number;
  readonly batchSize?: number;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function scenarioTable(results: readonly ScenarioResult[]): string {
  const header = ['scenario', 'calls/s', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'calls', 'errors'];
  const rows = results.map((r) => [
    r.name, fmt(r.callsPerSecond), r.opsPerSecond === undefined ? '' : fmt(r.opsPerSecond), fmt(r.latencyMs.p50, 2), fmt(r.latencyMs.p95, 2), fmt(r.latencyMs.p99, 2), fmt(r.latencyMs.max, 1), fmt(r.calls), fmt(r.errors),
  ]);
  return table(header, rows);
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A horizontal bar chart of throughput per scenario (operations for batches), as a standalone SVG. */
export function writeChart(file: string, results: readonly ScenarioResult[], title: string): void {
  const barHeight = 26;
  const left = 190;
  const width = 760;
  const rate = (r: ScenarioResult) => r.opsPerSecond ?? r.callsPerSecond;
  const max = Math.max(1, ...results.map(rate));
  const bars = results.map((r, i) => {
    const y = 50 + i * (barHeight + 10);
    const w = Math.max(2, ((width - left - 160) * rate(r)) / max);
    return `<text x="${left - 10}" y="${y + 18}" text-anchor="end" font-size="13">${escape(r.name)}</text>
<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${r.name.startsWith('peer') ? '#c0504d' : r.name.startsWith('echo') ? '#9bbb59' : r.name.startsWith('batch') ? '#8064a2' : '#4f81bd'}"/>
<text x="${left + w + 6}" y="${y + 18}" font-size="13">${fmt(rate(r))} ${r.opsPerSecond === undefined ? 'calls' : 'ops'}/s · p99 ${fmt(r.latencyMs.p99, 1)} ms</text>`;
  });
  const height = 70 + results.length * (barHeight + 10);
  writeFileSync(file, `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="20" y="28" font-size="16" font-weight="bold">${escape(title)}</text>
${bars.join('\n')}
</svg>
`);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
