import type { FaultTargets } from './soak-store';

/**
 * Issue 48 §3: a fault schedule no one wrote. Drawn from a seeded generator (the same seed, the same
 * choices), one fault after another, each run to its end: SIGKILL of a data node then a naive restart,
 * SIGSTOP then SIGCONT (a partition that heals), of the primary or of a replica, and the same of a
 * Sentinel. At most one data node is down at a time unless `twoDown` (two lanes of faults then, never
 * on the same node).
 */
export interface NemesisOptions {
  readonly seed: number;
  readonly twoDown?: boolean;
  readonly log: (line: string) => void;
  /** When the first call started at or after `at` was acknowledged (the end of an outage that began then). */
  readonly acknowledgedAfter: (at: number) => Promise<number>;
}

export interface FaultRecord {
  /** Seconds into the run when the signal went out. */
  readonly atS: number;
  readonly what: string;
  /** For a data node's fault: from the signal to the first acknowledgement of a call sent after it. */
  readonly windowMs: number | null;
}

export interface Nemesis {
  /** Lets the fault under way end (a stopped node continued, a killed one restarted) and draws no more. */
  stop(): Promise<FaultRecord[]>;
}

/** mulberry32: a small seeded generator, enough to replay a schedule from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A window is not waited for longer than this (it is then reported as this long). */
const WINDOW_LIMIT_MS = 120_000;

type FaultKind = 'kill' | 'stop';
type Target = 'primary' | 'replica' | 'sentinel';

export function startNemesis(targets: FaultTargets, options: NemesisOptions): Nemesis {
  const random = seededRandom(options.seed);
  const between = (lowS: number, highS: number) => Math.round((lowS + random() * (highS - lowS)) * 1000);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const started = Date.now();
  const records: FaultRecord[] = [];
  const busy = new Set<number>();
  let running = true;
  let wake: (() => void) | null = null;
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

  const one = async (): Promise<void> => {
    const kind: FaultKind = random() < 0.5 ? 'kill' : 'stop';
    const targetRoll = random();
    const target: Target = targets.sentinels.length > 0 && targetRoll < 0.2 ? 'sentinel' : targetRoll < 0.6 ? 'primary' : 'replica';
    const holdMs = between(1, kind === 'kill' ? 6 : 8);
    const nodes = await targets.dataNodes();
    const candidates = target === 'sentinel' ? targets.sentinels : target === 'primary' ? nodes.primaries : nodes.replicas;
    const port = pick(candidates.filter((p) => !busy.has(p)));
    if (port === undefined) return;
    busy.add(port);
    const at = Date.now();
    const atS = Math.round((at - started) / 100) / 10;
    const window = target === 'sentinel' ? null : options.acknowledgedAfter(at);
    const what = `${kind === 'kill' ? 'SIGKILL' : 'SIGSTOP'} ${target} :${port} for ${holdMs} ms, then ${kind === 'kill' ? 'a naive restart' : 'SIGCONT'}`;
    options.log(`nemesis ${atS} s: ${what}`);
    try {
      targets.signal(port, kind === 'kill' ? 'SIGKILL' : 'SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      if (kind === 'stop') targets.signal(port, 'SIGCONT');
      else if (target === 'sentinel') await targets.restartSentinel(port);
      else await targets.restart(port);
      const limit = new Promise<number>((resolve) => setTimeout(() => resolve(at + WINDOW_LIMIT_MS), WINDOW_LIMIT_MS).unref());
      const windowMs = window ? (await Promise.race([window, limit])) - at : null;
      records.push({ atS, what, windowMs });
      if (windowMs !== null) options.log(`nemesis: calls acknowledged again ${windowMs} ms after the signal`);
    } finally {
      busy.delete(port);
    }
  };

  const lane = async () => {
    while (running) {
      await pause(between(2, 6));
      if (!running) break;
      await one().catch((error: unknown) => options.log(`nemesis: a fault failed: ${(error as Error).message}`));
    }
  };
  const lanes = Promise.all(Array.from({ length: options.twoDown ? 2 : 1 }, lane));

  return {
    async stop() {
      running = false;
      (wake as (() => void) | null)?.();
      await lanes;
      return records;
    },
  };
}
