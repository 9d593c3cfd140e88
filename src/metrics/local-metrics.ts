import type { Metric, Registry } from 'prom-client';

/**
 * Counters and histograms for the engine's per-call figures, counted in plain numbers and read by
 * prom-client when /metrics is scraped. prom-client's own `labels(...).observe()` hashes the label set
 * on every call (about 0.7 µs for a call's counter and histogram, 1.9 µs per gRPC call in
 * `npm run bench:profile`); a series here is bound once to its labels and costs an increment (and, for
 * a histogram, a search of the bucket bounds). The page they make is prom-client's, line for line.
 */

type Labels = Readonly<Record<string, string>>;
type Sample = { readonly labels: Record<string, string | number>; readonly value: number; readonly metricName: string };

/** What prom-client's registry reads of a metric (Metric's public shape; the rest it never calls). */
function register(registry: Registry, name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[], reset: () => void): void {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: samples() }),
    reset,
  };
  registry.registerMetric(metric as unknown as Metric);
}

/** A counter whose series are bound to their labels once: `series(labels)()` adds one. */
export function localCounter(registry: Registry, name: string, help: string) {
  const all: Array<{ labels: Labels; value: number }> = [];
  register(registry, name, help, 'counter', () => all.map(({ labels, value }) => ({ labels: { ...labels }, value, metricName: name })), () => {
    for (const series of all) series.value = 0;
  });
  return {
    series(labels: Labels): () => void {
      const series = { labels, value: 0 };
      all.push(series);
      return () => {
        series.value++;
      };
    },
  };
}

/** A histogram whose series are bound to their labels once: `series(labels)(value)` observes a value. */
export function localHistogram(registry: Registry, name: string, help: string, buckets: readonly number[]) {
  const bounds = [...buckets].sort((a, b) => a - b);
  const all: Array<{ labels: Labels; counts: Float64Array; sum: number; count: number }> = [];
  const samples = (): Sample[] => all.flatMap(({ labels, counts, sum, count }) => {
    let cumulative = 0;
    return [
      ...bounds.map((le, i) => ({ labels: { le, ...labels }, value: (cumulative += counts[i]!), metricName: `${name}_bucket` })),
      { labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` },
      { labels: { ...labels }, value: sum, metricName: `${name}_sum` },
      { labels: { ...labels }, value: count, metricName: `${name}_count` },
    ];
  });
  register(registry, name, help, 'histogram', samples, () => {
    for (const series of all) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  });
  return {
    series(labels: Labels): (value: number) => void {
      const series = { labels, counts: new Float64Array(bounds.length), sum: 0, count: 0 };
      all.push(series);
      return (value) => {
        let i = 0;
        while (i < bounds.length && value > bounds[i]!) i++;
        if (i < bounds.length) series.counts[i]!++;
        series.sum += value;
        series.count++;
      };
    },
  };
}
