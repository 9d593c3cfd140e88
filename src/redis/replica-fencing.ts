import Redis from 'ioredis';
import type { RedisSentinelTarget } from '../config';
import { sentinelClient, sentinelReport } from './sentinel-replicas';

/** How often every node a Sentinel knows is looked at, besides each Sentinel event that may mean a node came back. */
export const FENCE_POLL_MS = 250;

/**
 * The Sentinel events after which a node may hold old data and be promotable: it appeared, rebooted,
 * resumed (its s_down ended) or turned replica; a failover re-points every replica.
 */
export const FENCE_EVENTS = ['+reboot', '+slave', '-sdown', '+convert-to-slave', '+switch-master', '+failover-end'] as const;

/** Where the priorities the fence lowered are noted (on the primary, a hash by node address), so any role can restore one. */
export const FENCE_NOTE_KEY = 'replica-fence';

export interface ReplicaFencing {
  /** Looks at every node now (the loop and the events call it; tests may too). */
  check(): Promise<void>;
  stop(): void;
}

/** What one look at a data node found (`INFO server` and `INFO replication`). */
interface NodeState {
  runId: string;
  role: string;
  /** A replica's primary (`ip:port`), its link and its sync. */
  primary: string | null;
  linkUp: boolean;
  syncing: boolean;
  /** The replication history it is on and how far it has got in it (a replica's processed offset, a primary's own). */
  replId: string;
  offset: number;
}

/**
 * docs/operations.md, "Fencing": a node that may hold old data is made unpromotable by the roles
 * themselves, not by an operator's restart procedure. A node may hold old data when moves may have
 * been acknowledged without it: while a Sentinel saw it down (or it did not answer this process), when
 * it restarted (a new run id), while it reports itself a primary the Sentinels do not name (a cut-off
 * primary that resumed, or one mid-promotion), or, first seen, while it is a replica not linked to a
 * primary that is up. Such a node is suspect. A suspect is fenced (`replica-priority 0`) when a look
 * finds it not caught up while a primary is up and agreed on (at once if it reports itself a primary:
 * with the primary down, fencing a replica this process merely missed an answer from could leave the
 * failover no replica to promote), and stays fenced until it is seen caught up: a replica of the primary every Sentinel names, link up, no sync in progress, on that
 * primary's replication history at or past the offset the primary had at the previous look. Then its
 * priority from before the fence comes back. A replica whose link dropped because the primary died is
 * not suspect and stays promotable: it holds every move acknowledged, since it was waited for. Every
 * process with `replicated` durability behind Sentinel runs one, woken by the Sentinels' events
 * (FENCE_EVENTS) as well as every FENCE_POLL_MS. The priority lowered is noted on the primary
 * (FENCE_NOTE_KEY) before the fence, so any role can restore it; a node found at 0 with no note is left
 * at 0 (deliberately unpromotable).
 */
export function startReplicaFencing(
  target: RedisSentinelTarget,
  options: { url: string; keyPrefix?: string; pollMs?: number; log?: (line: string) => void },
): ReplicaFencing {
  const { pollMs = FENCE_POLL_MS, log = () => undefined } = options;
  const credentials = new URL(options.url);
  const noteKey = `${options.keyPrefix ?? ''}${FENCE_NOTE_KEY}`;
  const sentinels = target.sentinels.map(({ host, port }) => sentinelClient(host, port, 'reservation-replica-fence'));
  const nodes = new Map<string, Redis>();
  /** Each node's run id when last seen answering. */
  const seen = new Map<string, string>();
  /** Nodes that may hold old data (moves may have been acknowledged without them) until seen caught up. */
  const suspect = new Set<string>();
  /** Priorities this process lowered, by node address (the note on the primary holds them for every role). */
  const lowered = new Map<string, number>();
  /** Nodes that went away (did not answer, or a Sentinel saw them down) and have not been seen caught up since. */
  const returned = new Set<string>();
  /** The primary agreed on at the last look. */
  let previousAgreed: string | null = null;
  /** Where the agreed primary was at the last look. */
  let previousMark: { address: string; replId: string; offset: number } | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const nodeClient = (address: string): Redis => {
    let client = nodes.get(address);
    if (!client) {
      const [host, port] = splitAddress(address);
      client = new Redis({
        host, port, connectionName: 'reservation-replica-fence', maxRetriesPerRequest: 0,
        connectTimeout: 500, commandTimeout: 500, retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
        username: decodeURIComponent(credentials.username) || undefined,
        password: decodeURIComponent(credentials.password) || undefined,
      });
      client.on('error', () => undefined);
      nodes.set(address, client);
    }
    return client;
  };
  const priorityOf = async (address: string) => Number(((await nodeClient(address).config('GET', 'replica-priority')) as string[])[1]);

  const fence = async (address: string, primary: string | null) => {
    const priority = await priorityOf(address);
    if (!(priority > 0)) return;
    lowered.set(address, priority);
    // Noted first, so a role that stops now leaves the priority for another to restore; a note that
    // cannot be written (no primary agreed on now) does not hold the fence back.
    if (primary) await nodeClient(primary).hsetnx(noteKey, address, String(priority)).catch(() => undefined);
    await nodeClient(address).config('SET', 'replica-priority', '0');
    log(`replica fence: ${address} may hold old data: replica-priority ${priority} -> 0 until it is a replica caught up`);
  };

  const unfence = async (address: string, primary: string, noted: string | undefined) => {
    const original = lowered.get(address) ?? Number(noted ?? 0);
    if (original > 0 && (await priorityOf(address)) === 0) {
      await nodeClient(address).config('SET', 'replica-priority', String(original));
      log(`replica fence: ${address} is a replica caught up: replica-priority 0 -> ${original}`);
    }
    lowered.delete(address);
    if (noted !== undefined) await nodeClient(primary).hdel(noteKey, address);
  };

  const look = async () => {
    const reports = (await Promise.all(sentinels.map((sentinel) => sentinelReport(sentinel, target.name).catch(() => null)))).filter((r) => r !== null);
    if (reports.length === 0) return;
    const addressOf = (fields: Record<string, string>) => `${fields.ip}:${fields.port}`;
    const named = new Set(reports.map(({ primary }) => addressOf(primary)));
    const primary = named.size === 1 ? [...named][0]! : null; // while the Sentinels disagree, none
    // Down in a Sentinel's view (not merely its link to the node being remade, as after each failover).
    const seenDownBySome = new Set(reports.flatMap(({ primary: p, replicas }) => [p, ...replicas].filter((n) => /\b[so]_down\b/.test(n.flags ?? '')).map(addressOf)));
    const addresses = new Set([...named, ...reports.flatMap(({ replicas }) => replicas.map(addressOf))]);
    const primaryState = primary ? await nodeState(nodeClient(primary)).catch(() => null) : null;
    const agreed = primaryState?.role === 'master' ? primary : null;
    // Caught up means at or past where the primary was one look ago: a replica under load always lags
    // the primary's offset of this very moment by what is in flight.
    const mark = previousMark;
    previousMark = agreed && primaryState ? { address: agreed, replId: primaryState.replId, offset: primaryState.offset } : null;
    // The Sentinels agree, see that primary up and have no failover under way.
    const settled = agreed !== null && agreed === previousAgreed && reports.every(({ primary: p }) => p.flags === 'master');
    previousAgreed = agreed;
    const listedAsReplicaByAll = (address: string) => reports.every(({ replicas }) => replicas.some((replica) => addressOf(replica) === address));
    const notes = agreed ? await nodeClient(agreed).hgetall(noteKey).catch(() => ({}) as Record<string, string>) : {};
    await Promise.all([...addresses].map(async (address) => {
      const state = address === agreed ? primaryState : await nodeState(nodeClient(address)).catch(() => null);
      const previousRunId = seen.get(address);
      const wentAway = state === null ? previousRunId !== undefined : previousRunId !== undefined && previousRunId !== state.runId;
      if (wentAway || seenDownBySome.has(address)) {
        suspect.add(address);
        returned.add(address);
      }
      if (!state) return; // down or stopped: looked at again once it answers
      seen.set(address, state.runId);
      if (address === agreed) return;
      const caughtUp = agreed !== null && mark !== null && mark.address === agreed && state.role === 'slave' && state.primary === agreed &&
        state.linkUp && !state.syncing && state.replId === mark.replId && state.offset >= mark.offset;
      // A primary no Sentinel agrees on (a cut-off one that resumed, one mid-promotion); or, first seen,
      // a replica not linked to a primary that is up (it may have come back before this process started).
      if (state.role !== 'slave' || (previousRunId === undefined && agreed !== null && (!state.linkUp || state.syncing))) suspect.add(address);
      if (caughtUp) {
        suspect.delete(address);
        returned.delete(address);
        if (lowered.has(address) || notes[address] !== undefined) await unfence(address, agreed, notes[address]).catch(() => undefined);
      } else if (suspect.has(address) && (agreed !== null || state.role !== 'slave')) {
        // With no primary up and agreed on, a suspect replica is judged once there is one: fencing it
        // now could leave a failover no replica to promote (this process may only have missed an answer).
        await fence(address, agreed).catch(() => undefined);
      }
      if (state.role === 'master' && returned.has(address) && settled && listedAsReplicaByAll(address)) await demote(address, agreed!).catch(() => undefined);
    }));
  };

  /**
   * A node that went away and reports itself a primary while every Sentinel lists it as a replica of the
   * primary they all name and see up, the same at the last look, with no failover under way (a cut-off
   * primary that resumed; never a replica mid-promotion, which did not go away), is turned into a
   * replica of that primary now, as Sentinel does some 8 s later (+convert-to-slave): until it is, it
   * counts as a node every move must be on and cannot be, so moves are UNAVAILABLE. What it holds that
   * its replicas do not was never acknowledged (docs/operations.md, "The invariant").
   */
  const demote = async (address: string, primary: string) => {
    const [host, port] = splitAddress(primary);
    await nodeClient(address).call('REPLICAOF', host, String(port));
    log(`replica fence: ${address} still took itself for a primary: now a replica of ${primary}`);
  };

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
  const subscribers = target.sentinels.map(({ host, port }) => {
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
      for (const client of [...sentinels, ...subscribers, ...nodes.values()]) client.disconnect();
    },
  };
}

function splitAddress(address: string): [string, number] {
  const at = address.lastIndexOf(':');
  return [address.slice(0, at), Number(address.slice(at + 1))];
}

async function nodeState(node: Redis): Promise<NodeState> {
  const info = (await node.call('INFO', 'server', 'replication')) as string;
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
  const host = field('master_host');
  const role = field('role') ?? 'unknown';
  return {
    runId: field('run_id') ?? '',
    role,
    primary: host ? `${host}:${field('master_port')}` : null,
    linkUp: field('master_link_status') === 'up',
    syncing: field('master_sync_in_progress') === '1',
    replId: field('master_replid') ?? '',
    offset: Number(field(role === 'slave' ? 'slave_repl_offset' : 'master_repl_offset') ?? -1),
  };
}
