import test from 'ava';
import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { localCounter, localHistogram } from '../../src/metrics/local-metrics';

const BUCKETS = [0.0005, 0.001, 0.01, 1];

/** prom-client's own metrics and the local ones, fed the same observations. */
function twins() {
  const theirs = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({ name: 'x_seconds', help: 'how long', labelNames: ['method'], buckets: BUCKETS, registers: [theirs] });
  const counter = new Counter({ name: 'x_total', help: 'how many', labelNames: ['method', 'code'], registers: [theirs] });
  const localH = localHistogram(ours, 'x_seconds', 'how long', BUCKETS);
  const localC = localCounter(ours, 'x_total', 'how many');
  // Series bound once, at first use, as grpc-metrics binds them.
  const durations = new Map<string, (value: number) => void>();
  const counts = new Map<string, () => void>();
  const observe = (method: string, code: string, value: number) => {
    if (!durations.has(method)) durations.set(method, localH.series({ method }));
    if (!counts.has(`${method}/${code}`)) counts.set(`${method}/${code}`, localC.series({ method, code }));
    durations.get(method)!(value);
    counts.get(`${method}/${code}`)!();
    histogram.labels(method).observe(value);
    counter.labels(method, code).inc();
  };
  return { theirs, ours, observe };
}

test('the local counter and histogram print the page prom-client prints for the same observations, and reset alike', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom('Reserve', 'Confirm'), fc.constantFrom('OK', 'INVALID_ARGUMENT'), fc.oneof(fc.constantFrom(...BUCKETS), fc.double({ min: 0, max: 5, noNaN: true }))), { maxLength: 50 }),
      async (observations) => {
        const { theirs, ours, observe } = twins();
        for (const [method, code, value] of observations) observe(method, code, value);
        t.is(await ours.metrics(), await theirs.metrics());
        ours.resetMetrics();
        theirs.resetMetrics();
        const afterReset = await ours.metrics();
        t.false(/ [1-9]/.test(afterReset.split('\n').filter((line) => !line.startsWith('#')).join('\n')), 'every value is zero after a reset');
      },
    ),
  );
});
