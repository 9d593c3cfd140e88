import { randomBytes } from 'node:crypto';
import type { GrpcResult } from './h2-grpc-client';
import { decodeReply, grpcFrame } from './proto-wire';

const SERVICE = '/reservation.ReservationService';

export interface GrpcCaller {
  call(path: string, frame: Buffer): Promise<GrpcResult>;
}

export interface FlowOptions {
  readonly durationMs: number;
  readonly concurrency: number;
  /** user_ids of funded wallets (game `bench`, EUR); each flow picks one at random. */
  readonly wallets: readonly string[];
  readonly gameId: string;
  /** Share of flows that end in Confirm; the rest end in Cancel. */
  readonly confirmShare: number;
  readonly onProgress?: (snapshot: { calls: number; errors: number; elapsedMs: number }) => void;
}

export interface LoadStats {
  readonly calls: number;
  readonly errors: number;
  readonly errorSamples: readonly string[];
  readonly seconds: number;
  readonly callsPerSecond: number;
  readonly latencyMs: { p50: number; p95: number; p99: number; max: number };
}

/**
 * Reserve → Confirm and Reserve → Cancel flows with unique request_ids over the given wallets. Every
 * reply is checked (gRPC status 0 and the status string the flow expects); anything else is counted
 * as an error and a few are kept as samples.
 */
export async function runFlows(client: GrpcCaller, options: FlowOptions): Promise<LoadStats> {
  const run = randomBytes(4).toString('hex');
  const recorder = createRecorder(options);

  const call = async (method: string, frame: Buffer, expected: string): Promise<Record<number, string | number> | null> => {
    const t0 = performance.now();
    const result = await client.call(`${SERVICE}/${method}`, frame);
    recorder.latencies.push(performance.now() - t0);
    const reply = result.status === 0 && result.frame ? decodeReply(result.frame) : null;
    if (!reply || reply[2] !== expected) {
      recorder.fail(`${method}: status ${result.status} ${result.message} ${reply ? `reply ${reply[2]}` : ''}`);
      return null;
    }
    return reply;
  };

  const lane = async (laneId: number) => {
    for (let seq = 0; performance.now() < recorder.deadline; seq += 1) {
      const id = `${run}-${laneId}-${seq}`;
      const user = options.wallets[Math.floor(Math.random() * options.wallets.length)]!;
      const reserved = await call('Reserve', grpcFrame([[1, id], [2, user], [3, options.gameId], [4, `round-${id}`], [5, 1], [6, 'EUR']]), 'reserved');
      if (!reserved) continue;
      const transactionId = String(reserved[1]);
      if (Math.random() < options.confirmShare) {
        await call('Confirm', grpcFrame([[1, id], [2, transactionId], [3, ''], [4, seq % 3]]), 'confirmed');
      } else {
        await call('Cancel', grpcFrame([[1, id], [2, transactionId], [3, 'bench']]), 'canceled');
      }
    }
  };

  return recorder.run(options.concurrency, lane);
}

/**
 * What a load run records: each call's latency, and its errors with the first few as samples. `run`
 * drives `lanes` lanes until the duration is over, reporting progress each second (`count`: what the
 * progress line counts, the calls by default), and returns the figures.
 */
export function createRecorder(options: Pick<FlowOptions, 'durationMs' | 'onProgress'>) {
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  return {
    latencies,
    deadline: started + options.durationMs,
    fail(sample: string, count = 1): void {
      errors += count;
      if (errorSamples.length < 5) errorSamples.push(sample);
    },
    async run(lanes: number, lane: (laneId: number) => Promise<void>, count = () => latencies.length): Promise<LoadStats> {
      const timer = setInterval(() => options.onProgress?.({ calls: count(), errors, elapsedMs: performance.now() - started }), 1000);
      try {
        await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
      } finally {
        clearInterval(timer);
      }
      const seconds = (performance.now() - started) / 1000;
      return { calls: latencies.length, errors, errorSamples, seconds, callsPerSecond: latencies.length / seconds, latencyMs: percentiles(latencies) };
    },
  };
}

export function percentiles(values: number[]): LoadStats['latencyMs'] {
  if (values.length === 0) return { p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1]! };
}
