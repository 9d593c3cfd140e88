import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 170;
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** A headline value: whole numbers from 100 on (with separators), one decimal below. */
const readable = (value: number) => (Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));

/**
 * One series over time, drawn by uPlot (a canvas; gaps where a value is null), with its latest value
 * written above it for those who would rather read. `times` are Unix seconds.
 */
export function TimeChart({ title, unit, times, values, color, testId, format = readable, counts = false, timeZone }: {
  title: string;
  unit: string;
  times: readonly number[];
  values: ReadonlyArray<number | null>;
  color: string;
  testId: string;
  /** The headline value's text (default: whole from 100 on, one decimal below). */
  format?: (value: number) => string;
  /** A count: the axis labels whole numbers only. */
  counts?: boolean;
  /** The IANA zone the time axis reads in (default: the browser's). */
  timeZone?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data: uPlot.AlignedData = [times as number[], values as Array<number | null>];

  useEffect(() => {
    const element = box.current!;
    plot.current = new uPlot(
      {
        width: element.clientWidth || 480,
        height: HEIGHT,
        legend: { show: false },
        ...(timeZone ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), timeZone) } : {}),
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, (max ?? 0) * 1.15)] } },
        // Axis labels short (7.5K, 200K); counts in whole numbers only.
        axes: [{}, { size: 56, values: (_u, ticks) => ticks.map((tick) => (counts && !Number.isInteger(tick) ? '' : compact.format(tick))) }],
        series: [{}, { label: title, stroke: color, fill: `${color}22`, width: 2, spanGaps: false, points: { show: true, size: 4, fill: color } }],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);
  useEffect(() => plot.current?.setData(data), [times, values]);

  const latest = [...values].reverse().find((value) => value !== null);
  return (
    <article data-testid={testId}>
      <header>
        {title}: <strong class="chart-now" data-testid={`${testId}-now`}>{latest === undefined || latest === null ? '—' : `${format(latest)} ${unit}`}</strong>
      </header>
      <div ref={box} />
    </article>
  );
}
