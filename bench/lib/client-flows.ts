import { randomBytes } from 'node:crypto';
import { createReservationClient } from '../../client/src';
import { percentiles, type FlowOptions, type LoadStats } from './flows';

/**
 * The unary flows (Reserve, then Confirm or Cancel), each caller awaiting its own calls, made through
 * the client library (client/) with its auto-batching on: calls the callers make in the same turn go
 * out as one batch call. Counts the callers' calls and latencies, as the unary scenarios do.
 */
export async function runClientFlows(address: string, options: FlowOptions): Promise<LoadStats & { ops: number; opsPerSecond: number }> {
  const client = createReservationClient({ address, retry: false });
  const run = randomBytes(4).toString('hex');
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const timed = async <T>(call: () => Promise<T>): Promise<T | null> => {
    const t0 = performance.now();
    try {
      return await call();
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(String(error));
      return null;
    } finally {
      latencies.push(performance.now() - t0);
    }
  };
  const caller = async (callerId: number) => {
    for (let seq = 0; performance.now() < deadline; seq += 1) {
      const id = `${run}-${callerId}-${seq}`;
      const userId = options.wallets[Math.floor(Math.random() * options.wallets.length)]!;
      const reserved = await timed(() => client.reserve({ userId, gameId: options.gameId, currency: 'EUR', roundId: `round-${id}`, amount: 1, requestId: id }));
      if (!reserved || reserved.status !== 'reserved') continue;
      if (Math.random() < options.confirmShare) await timed(() => client.confirm({ transactionId: reserved.transactionId, winAmount: seq % 3, requestId: id }));
      else await timed(() => client.cancel({ transactionId: reserved.transactionId, reason: 'bench', requestId: id }));
    }
  };
  const timer = setInterval(() => options.onProgress?.({ calls: latencies.length, errors, elapsedMs: performance.now() - started }), 1000);
  try {
    await Promise.all(Array.from({ length: options.concurrency }, (_, i) => caller(i)));
  } finally {
    clearInterval(timer);
    await client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const callsPerSecond = latencies.length / seconds;
  return { calls: latencies.length, errors, errorSamples, seconds, callsPerSecond, latencyMs: percentiles(latencies), ops: latencies.length, opsPerSecond: callsPerSecond };
}
