import { randomBytes } from 'node:crypto';
import { createRecorder, type FlowOptions, type GrpcCaller, type LoadStats } from './flows';
import { decodeBatchReply, grpcFrame, message, type DecodedReply } from './proto-wire';

const SERVICE = '/reservation.ReservationService';

export interface BatchFlowOptions extends FlowOptions {
  /** Items per batch call. */
  readonly batchSize: number;
}

/** Batch calls, counted as calls, and the operations they carry, counted as ops. */
export interface BatchLoadStats extends LoadStats {
  readonly ops: number;
  readonly opsPerSecond: number;
  readonly batchSize: number;
}

/**
 * The unary flows' rounds, in batches: each lane sends a ReserveBatch of `batchSize` items (random
 * wallets, unique request_ids), then settles what was reserved, `confirmShare` of the items in a
 * ConfirmBatch and the rest in a CancelBatch, the two sent side by side. Every item's reply is checked
 * (the status its flow expects); a wrong one, or a failed call's items, count as errors.
 */
export async function runBatchFlows(client: GrpcCaller, options: BatchFlowOptions): Promise<BatchLoadStats> {
  const run = randomBytes(4).toString('hex');
  const recorder = createRecorder(options);
  let ops = 0;

  const batch = async (method: string, items: Buffer[], expected: string): Promise<DecodedReply[]> => {
    const t0 = performance.now();
    const result = await client.call(`${SERVICE}/${method}`, grpcFrame(items.map((item) => [1, item])));
    recorder.latencies.push(performance.now() - t0);
    ops += items.length;
    if (result.status !== 0 || !result.frame) {
      recorder.fail(`${method}: status ${result.status} ${result.message}`, items.length);
      return [];
    }
    const replies: DecodedReply[] = [];
    for (const reply of decodeBatchReply(result.frame)) {
      if ('error' in reply || reply[2] !== expected) recorder.fail(`${method} item: ${'error' in reply ? `error ${reply.error}` : `reply ${reply[2]}`}`);
      else replies.push(reply);
    }
    return replies;
  };

  const lane = async (laneId: number) => {
    for (let seq = 0; performance.now() < recorder.deadline; seq += 1) {
      const ids = Array.from({ length: options.batchSize }, (_, i) => `${run}-${laneId}-${seq}-${i}`);
      const reserves = ids.map((id) => {
        const user = options.wallets[Math.floor(Math.random() * options.wallets.length)]!;
        return message([[1, id], [2, user], [3, options.gameId], [4, `round-${id}`], [5, 1], [6, 'EUR']]);
      });
      const reserved = await batch('ReserveBatch', reserves, 'reserved');
      const confirms: Buffer[] = [];
      const cancels: Buffer[] = [];
      reserved.forEach((reply, i) => {
        if (Math.random() < options.confirmShare) confirms.push(message([[1, `c-${i}`], [2, String(reply[1])], [3, ''], [4, i % 3]]));
        else cancels.push(message([[1, `x-${i}`], [2, String(reply[1])], [3, 'bench']]));
      });
      await Promise.all([
        confirms.length > 0 ? batch('ConfirmBatch', confirms, 'confirmed') : null,
        cancels.length > 0 ? batch('CancelBatch', cancels, 'canceled') : null,
      ]);
    }
  };

  const stats = await recorder.run(options.concurrency, lane, () => ops);
  return { ...stats, ops, opsPerSecond: ops / stats.seconds, batchSize: options.batchSize };
}
