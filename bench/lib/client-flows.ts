import { randomBytes } from 'node:crypto';
import { createReservationClient } from '../../client/src';
import { createRecorder, type FlowOptions, type LoadStats } from './flows';

/**
 * The unary flows (Reserve, then Confirm or Cancel), each caller awaiting its own calls, made through
 * the client library (client/) with its auto-batching on: calls the callers make in the same turn go
 * out as one batch call. Counts the callers' calls and latencies, as the unary scenarios do.
 */
export async function runClientFlows(address: string, options: FlowOptions): Promise<LoadStats & { ops: number; opsPerSecond: number }> {
  const client = createReservationClient({ address, retry: false });
  const run = randomBytes(4).toString('hex');
  const recorder = createRecorder(options);
  const timed = async <T>(call: () => Promise<T>): Promise<T | null> => {
    const t0 = performance.now();
    try {
      return await call();
    } catch (error) {
      recorder.fail(String(error));
      return null;
    } finally {
      recorder.latencies.push(performance.now() - t0);
    }
  };
  const caller = async (callerId: number) => {
    for (let seq = 0; performance.now() < recorder.deadline; seq += 1) {
      const id = `${run}-${callerId}-${seq}`;
      const userId = options.wallets[Math.floor(Math.random() * options.wallets.length)]!;
      const reserved = await timed(() => client.reserve({ userId, gameId: options.gameId, currency: 'EUR', roundId: `round-${id}`, amount: 1, requestId: id }));
      if (!reserved || reserved.status !== 'reserved') continue;
      if (Math.random() < options.confirmShare) await timed(() => client.confirm({ transactionId: reserved.transactionId, winAmount: seq % 3, requestId: id }));
      else await timed(() => client.cancel({ transactionId: reserved.transactionId, reason: 'bench', requestId: id }));
    }
  };
  try {
    const stats = await recorder.run(options.concurrency, caller);
    return { ...stats, ops: stats.calls, opsPerSecond: stats.callsPerSecond };
  } finally {
    await client.close();
  }
}
