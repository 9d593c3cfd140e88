import Redis from 'ioredis';
import type { RedisSentinelTarget } from '../config';
import { dataNodeClients, nodeState, priorityOf, type NodeState } from './data-nodes';
import { FENCE_NOTE_KEY, fenceActions } from './fence-actions';
import { tuneSentinel } from './sentinel-periods';
import { sentinelClient, sentinelReport } from './sentinel-replicas';

export { FENCE_NOTE_KEY } from './fence-actions';

/** How often every node a Sentinel knows is looked at, besides each Sentinel event that may mean a node came back. */
export const FENCE_POLL_MS = 250;

/** A primary's position older than this (a paused process) is no measure of "caught up". */
const MARK_STALE_MS = 1000;

/**
 * The Sentinel events after which a node may hold old data and be promotable: it appeared, rebooted,
 * resumed (its s_down ended) or turned replica; a failover re-points every replica.
 */
export const FENCE_EVENTS = ['+reboot', '+slave', '-sdown', '+convert-to-slave', '+switch-master', '+failover-end'] as const;

export interface ReplicaFencing {
  /** Looks at every node now (the loop and the events call it; tests may too). */
  check(): Promise<void>;
  stop(): void;
}

/** The agreed primary's replication history and offset at one look. */
interface Mark {
  readonly address: string;
  readonly replId: string;
  readonly offset: number;
  readonly at: number;
}

/**
 * docs/operations.md, "Fencing": a node that may hold old data is made unpromotable by the roles
 * themselves, not by an operator's restart procedure. A node is *suspect* when moves may have been
 * acknowledged without it: a Sentinel saw it down or it did not answer this process, it restarted (a
 * new run id), it reports itself a primary no Sentinel names (a cut-off primary that resumed), or,
 * first seen, it is a replica not linked to a primary that is up. A suspect is fenced
 * (`replica-priority 0`, noted on the primary: fence-actions.ts) when a look finds it not caught up
 * while the Sentinels (a majority answering) agree on a primary that is up; it gets its priority back
 * once caught up: a replica of that primary, link up, no sync, on its replication history at or past
 * the offset it had at the previous look (at most MARK_STALE_MS before). A node any Sentinel names
 * primary or is promoting is never fenced. With the primary gone and no replica promotable, a fenced
 * replica that holds all the primary had at its last look is released, so a failover is never left
 * without a replica to promote. A node that takes itself for a primary is left for Sentinel to
 * convert: a majority of Sentinels that have not yet seen a failover may name the old primary, restarted,
 * and a conversion on their word would undo the failover. Each look also sets the Sentinels' PING,
 * INFO and PUBLISH periods (sentinel-periods.ts), which a Sentinel's restart resets: a fence is in their
 * view within a second, a resumed primary converted within 2 s. Every process with `replicated`
 * durability behind Sentinel runs one, woken by the Sentinels' events as well as every FENCE_POLL_MS.
 */
export function startReplicaFencing(
  target: RedisSentinelTarget,
  options: {
    url: string; keyPrefix?: string; pollMs?: number; log?: (line: string) => void; clock?: () => number;
    /** Whether the Sentinels' events start looks too (a test that calls check() itself turns them off). */
    events?: boolean;
  },
): ReplicaFencing {
  const { pollMs = FENCE_POLL_MS, log = () => undefined, clock = Date.now, events = true } = options;
  const sentinels = target.sentinels.map(({ host, port }) => sentinelClient(host, port, 'reservation-replica-fence'));
  const nodes = dataNodeClients(options.url);
  const noteKey = `${options.keyPrefix ?? ''}${FENCE_NOTE_KEY}`;
  const actions = fenceActions({ client: nodes.client, noteKey, log });
  /** Each node's run id when last seen answering. */
  const seen = new Map<string, string>();
  /** Nodes that may hold old data until seen caught up. */
  const suspect = new Set<string>();
  /** Sentinels whose periods are being read or set: a stopped one holds no look up, and gets one try at a time. */
  const tuning = new Set<Redis>();
  const tune = (sentinel: Redis) => {
    if (tuning.has(sentinel)) return;
    tuning.add(sentinel);
    void tuneSentinel(sentinel).finally(() => tuning.delete(sentinel));
  };
  /** The agreed primary's position at the previous look, and the last one taken while a primary was up. */
  let mark: Mark | null = null;
  let lastAlive: Mark | null = null;

  const look = async () => {
    for (const sentinel of sentinels) tune(sentinel);
    const reports = (await Promise.all(sentinels.map((sentinel) => sentinelReport(sentinel, target.name).catch(() => null)))).filter((r) => r !== null);
    if (reports.length * 2 <= sentinels.length) return; // a minority's view is no ground to act on
    const addressOf = (fields: Record<string, string>) => `${fields.ip}:${fields.port}`;
    const named = new Set(reports.map(({ primary }) => addressOf(primary)));
    const primary = named.size === 1 ? [...named][0]! : null; // while the Sentinels disagree, none
    const flagged = (pattern: RegExp) => new Set(reports.flatMap(({ primary: p, replicas }) => [p, ...replicas].filter((n) => pattern.test(n.flags ?? '')).map(addressOf)));
    const seenDownBySome = flagged(/\b[so]_down\b/); // down, not merely a link being remade
    const promoting = flagged(/\bpromoted\b/);
    const addresses = new Set([...named, ...reports.flatMap(({ replicas }) => replicas.map(addressOf))]);
    const primaryState = primary ? await nodeState(nodes.client(primary)).catch(() => null) : null;
    const agreed = primaryState?.role === 'master' ? primary : null;
    const now = clock();
    const measure = mark && mark.address === agreed && now - mark.at <= MARK_STALE_MS ? mark : null;
    mark = agreed && primaryState ? { address: agreed, replId: primaryState.replId, offset: primaryState.offset, at: now } : null;
    if (mark) lastAlive = mark;
    const notes = agreed ? await nodes.client(agreed).hgetall(noteKey).catch(() => ({}) as Record<string, string>) : {};

    const states = new Map<string, NodeState>();
    await Promise.all([...addresses].map(async (address) => {
      const state = address === agreed ? primaryState : await nodeState(nodes.client(address)).catch(() => null);
      const previousRunId = seen.get(address);
      const wentAway = state === null ? previousRunId !== undefined : previousRunId !== undefined && previousRunId !== state.runId;
      if (wentAway || seenDownBySome.has(address)) suspect.add(address);
      if (!state) return; // down or stopped: looked at again once it answers
      seen.set(address, state.runId);
      if (address === agreed || named.has(address) || promoting.has(address)) return; // a primary, or becoming one
      states.set(address, state);
      const caughtUp = agreed !== null && measure !== null && state.role === 'slave' && state.primary === agreed &&
        state.linkUp && !state.syncing && state.replId === measure.replId && state.offset >= measure.offset;
      if (state.role !== 'slave' || (previousRunId === undefined && agreed !== null && (!state.linkUp || state.syncing))) suspect.add(address);
      if (caughtUp) {
        suspect.delete(address);
        if (actions.lowered.has(address) || notes[address] !== undefined) await actions.unfence(address, agreed, notes[address]).catch(() => undefined);
      } else if (suspect.has(address) && agreed !== null) {
        await actions.fence(address, agreed).catch(() => undefined);
      }
    }));
    if (agreed === null && lastAlive) await releaseForFailover(states, lastAlive);
  };

  /** No primary up: when no replica could be promoted, the fenced ones that hold all the primary last had are released. */
  const releaseForFailover = async (states: Map<string, NodeState>, last: Mark) => {
    const replicas = [...states].filter(([, state]) => state.role === 'slave');
    const priorities = await Promise.all(replicas.map(([address]) => priorityOf(nodes.client(address)).catch(() => 0)));
    if (priorities.some((priority) => priority > 0)) return;
    for (const [address, state] of replicas) {
      if (state.replId === last.replId && state.offset >= last.offset) await actions.release(address).catch(() => undefined);
    }
  };

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  const check = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = look()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void check();
        }
      });
    return running;
  };
  const loop = async () => {
    await check();
    if (stopped) return;
    timer = setTimeout(() => void loop(), pollMs);
    timer.unref();
  };
  void loop();

  // Subscribed connections keep ioredis' offline queue, so the subscription is made (and remade) on connect.
  const subscribers = (events ? target.sentinels : []).map(({ host, port }) => {
    const subscriber = new Redis({ host, port, connectionName: 'reservation-replica-fence-events', retryStrategy: (attempt) => Math.min(100 * attempt, 1000) });
    subscriber.on('error', () => undefined);
    void subscriber.subscribe(...FENCE_EVENTS).catch(() => undefined);
    subscriber.on('message', () => void check());
    return subscriber;
  });

  return {
    check,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const client of [...sentinels, ...subscribers]) client.disconnect();
      nodes.close();
    },
  };
}
