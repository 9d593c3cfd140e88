import http from 'node:http';
import { percentiles } from './flows';

export interface HttpCall {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface HttpLoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly errors: number;
  /** Replies whose status was not the expected one, with a sample. */
  readonly unexpected: number;
  readonly sample: string;
  readonly latencyMs: { p50: number; p95: number; p99: number; max: number };
}

export interface LoadPlan {
  readonly base: string;
  readonly durationMs: number;
  readonly expectStatus: number;
  readonly next: (i: number) => HttpCall;
  /** Open loop: requests start at this rate whatever the replies do (latency as a client sees it). */
  readonly ratePerSecond?: number;
  /** Closed loop: this many requests in flight at all times (throughput). */
  readonly concurrency?: number;
}

/**
 * A small HTTP/1.1 load generator over keep-alive connections: latency from the planned start of each
 * request (open loop) or from its send (closed loop), so queueing in the server counts.
 */
export async function runHttpLoad(plan: LoadPlan): Promise<HttpLoadResult> {
  const url = new URL(plan.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.concurrency ?? 64 });
  const latencies: number[] = [];
  let errors = 0;
  let unexpected = 0;
  let sample = '';
  let i = 0;

  const one = (call: HttpCall, startedAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        { host: url.hostname, port: url.port, method: call.method, path: call.path, agent, headers: { ...call.headers, ...(call.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) } : {}) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            if (text.length < 300) text += chunk.toString();
          });
          res.on('end', () => {
            latencies.push(performance.now() - startedAt);
            if (res.statusCode !== plan.expectStatus) {
              unexpected += 1;
              sample ||= `${res.statusCode} ${text.slice(0, 200)}`;
            }
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        errors += 1;
        sample ||= error.message;
        resolve();
      });
      request.end(call.body);
    });

  const started = performance.now();
  const deadline = started + plan.durationMs;
  if (plan.ratePerSecond) {
    const interval = 1000 / plan.ratePerSecond;
    const inFlight: Array<Promise<void>> = [];
    for (let n = 0; started + n * interval < deadline; n += 1) {
      const due = started + n * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      // From the planned start when sent late (queueing counts), from the send when sent up to 1 ms early.
      inFlight.push(one(plan.next(i++), Math.max(due, performance.now())));
    }
    await Promise.all(inFlight);
  } else {
    const lane = async () => {
      while (performance.now() < deadline) await one(plan.next(i++), performance.now());
    };
    await Promise.all(Array.from({ length: plan.concurrency ?? 1 }, lane));
  }
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsedS,
    errors,
    unexpected,
    sample,
    latencyMs: percentiles(latencies),
  };
}
