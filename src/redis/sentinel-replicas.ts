import Redis from 'ioredis';
import type { RedisSentinelTarget } from '../config';
import { infoValidityMs, sentinelPeriods } from './sentinel-periods';

/** How often the Sentinels are asked which nodes they could promote. */
export const SENTINEL_POLL_MS = 250;

/** How long a barrier waits for the Sentinels' first answer before it acknowledges nothing. */
const FIRST_ANSWER_MS = 2000;
/**
 * How old the last answer may be: past it the count is not trusted and a barrier acknowledges nothing
 * (fails closed): the nodes may have changed unseen. Longer than a poll whose slowest Sentinel takes
 * its whole command timeout (1 s: a poll waits for every Sentinel), twice over, so one slow Sentinel
 * costs nothing while the others answer.
 */
export const SENTINEL_ANSWER_STALE_MS = 3000;

/** A data node as a Sentinel knows it: its address and the run id it last read from the node's INFO. */
export interface SentinelNode {
  readonly address: string;
  readonly runId: string;
}

/** One Sentinel's view: the primary it names (null while it sees it down) and the replicas it could promote. */
export interface SentinelView {
  readonly primary: SentinelNode | null;
  readonly promotable: readonly SentinelNode[];
}

/** The node a move was written to, as it describes itself (`INFO server` and `INFO replication`, on the move's connection). */
export interface WrittenNode {
  readonly runId: string;
  /** The address the move's connection went to (`ip:port`), when known: a Sentinel that has just named a new primary has not read its run id yet. */
  readonly address?: string;
  /** The replicas attached to it (`ip:port`), in any state. */
  readonly attached: readonly string[];
}

export interface PromotableReplicas {
  /** How many replicas must confirm a move written to `node` (the first answer waited for); rejects when no Sentinel answered lately. */
  count(node: WrittenNode): Promise<number>;
  stop(): void;
}

/**
 * docs/operations.md, "The invariant": a move is acknowledged only once it is durable on every node
 * that could become primary without an operator, less the node it was written to. Those nodes are
 * every primary a Sentinel names alive and every replica a Sentinel could promote (priority above 0:
 * not fenced, see replica-fencing.ts; alive in its view, or down for too short a time for its last
 * INFO to have lapsed: couldPromote), whatever its role or link: a replica in the
 * middle of its promotion, a cut-off primary that resumed, one not attached yet. The node written to is
 * known by its run id or by the address its connection went to, never assumed to be the named primary: a move written to a node no Sentinel
 * vouches for (fenced, or stale in every view) must be on all of them.
 *
 * WAITAOF counts confirmations, not who confirmed: every replica attached to the node written to is
 * counted too, so a confirmation from one that is not a candidate (a fenced node catching up) cannot
 * stand in for a candidate's. The count is then the union, by address.
 */
export function nodesToConfirm(views: readonly SentinelView[], node: WrittenNode): number {
  const candidates = views.flatMap((view) => [...(view.primary ? [view.primary] : []), ...view.promotable]);
  const writtenTo = new Set(candidates.filter((candidate) => candidate.runId === node.runId || candidate.address === node.address).map((candidate) => candidate.address));
  const others = candidates.map((candidate) => candidate.address).filter((address) => !writtenTo.has(address));
  return new Set([...others, ...node.attached.filter((address) => !writtenTo.has(address))]).size;
}

/**
 * Which nodes the Sentinels could promote, asked of every Sentinel every SENTINEL_POLL_MS; their views
 * are joined (nodesToConfirm), since a Sentinel that has not seen a failover yet may start the next
 * one. Only a poll a majority of the configured Sentinels answered counts; when there has been none for
 * SENTINEL_ANSWER_STALE_MS the count is not trusted: a move is UNAVAILABLE until a majority answers
 * again (fail closed: the last answer could hide a node that came back, or a promotion on the other
 * side of a partition).
 */
export function watchPromotableReplicas(target: RedisSentinelTarget, options: { clock?: () => number } = {}): PromotableReplicas {
  const { clock = Date.now } = options;
  const sentinels = target.sentinels.map(({ host, port }) => sentinelClient(host, port, 'reservation-replica-view'));
  let known: SentinelView[] | null = null;
  let answeredAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const waiting: Array<() => void> = [];

  const poll = async () => {
    const views = (await Promise.all(sentinels.map((sentinel) => sentinelView(sentinel, target.name).catch(() => null)))).filter((view) => view !== null);
    // A majority of the Sentinels configured, or no count: a minority cut off with the old primary
    // could not see the promotion the others made.
    if (views.length * 2 > sentinels.length) {
      known = views;
      answeredAt = clock();
      waiting.splice(0).forEach((wake) => wake());
    }
    if (!stopped) {
      timer = setTimeout(() => void poll(), SENTINEL_POLL_MS);
      timer.unref();
    }
  };
  void poll();

  return {
    async count(node) {
      if (known === null) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, FIRST_ANSWER_MS).unref();
        });
      }
      if (known === null) throw new Error('no Sentinel has said which nodes it could promote');
      const silentMs = clock() - answeredAt;
      if (silentMs > SENTINEL_ANSWER_STALE_MS) throw new Error(`no Sentinel has answered for ${silentMs} ms: which nodes could be promoted is not known`);
      return nodesToConfirm(known, node);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const sentinel of sentinels) sentinel.disconnect();
    },
  };
}

/** A connection to one Sentinel that fails fast and keeps trying to reconnect. */
export function sentinelClient(host: string, port: number, connectionName: string): Redis {
  const client = new Redis({
    host, port, connectionName, enableOfflineQueue: false, maxRetriesPerRequest: 0,
    connectTimeout: 1000, commandTimeout: 1000, retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
  });
  client.on('error', () => undefined);
  return client;
}

/** A Sentinel reply's flat field list (`[name, value, name, value, …]`) as a record. */
export const fieldsOf = (flat: string[]) => Object.fromEntries(flat.flatMap((value, i) => (i % 2 === 0 ? [[value, flat[i + 1]]] : []))) as Record<string, string>;

const DOWN = /\b(s_down|o_down|disconnected)\b/;

/** Whether a Sentinel sees the node down (it cannot promote a node it sees down). */
export const seenDown = (fields: Record<string, string>) => DOWN.test(fields.flags ?? '');

const nodeOf = (fields: Record<string, string>): SentinelNode => ({ address: `${fields.ip}:${fields.port}`, runId: fields.runid ?? '' });

/** What one Sentinel says: the primary and every replica, each as its field record. */
export async function sentinelReport(sentinel: Redis, name: string): Promise<{ primary: Record<string, string>; replicas: Array<Record<string, string>> }> {
  const [primaryFields, replicas] = (await Promise.all([
    sentinel.call('SENTINEL', 'master', name),
    sentinel.call('SENTINEL', 'replicas', name),
  ])) as [string[], string[][]];
  return { primary: fieldsOf(primaryFields), replicas: replicas.map(fieldsOf) };
}

/**
 * Whether the Sentinel has never read the INFO of this node, which it sees down: it reports
 * `info-refresh` 0 then, and sentinelSelectSlave skips the node until it has. An entry made at a
 * failover for the old primary is one while the node stays dead (link down) or stopped (the kernel
 * still accepts the connection; no INFO ever named a master host: "?"). Only a node down for
 * down-after-milliseconds qualifies: a failover remakes every replica's entry, and a live replica's
 * looks never read (link not yet made) for the moment before the Sentinel reads it. 0 is also the age of
 * an INFO read this very millisecond; only one read from a node seen down whose link broke in that
 * millisecond, or that reports itself primary, looks never read, for that one poll.
 */
const neverRead = (replica: Record<string, string>) =>
  Number(replica['info-refresh'] ?? 0) === 0 && /\b[so]_down\b/.test(replica.flags ?? '') &&
  (/\bdisconnected\b/.test(replica.flags ?? '') || replica['master-host'] === '?');

/**
 * Whether a Sentinel could choose this replica in a failover, now or the moment it answers again. A
 * Sentinel keeps what it read before a node died: a node that comes back is, until its next INFO, the
 * node it was (its priority, its offset, its healthy link). So a node seen down still counts until the
 * Sentinel's INFO of it is older than it would choose on (`validityMs`, sentinel-periods.ts); then it
 * can be chosen only on a fresh INFO, read from the node as it is, by which time the roles have fenced
 * it (replica-fencing.ts).
 */
export function couldPromote(replica: Record<string, string>, validityMs: number): boolean {
  if (!(Number(replica['slave-priority'] ?? 100) > 0)) return false;
  if (!seenDown(replica)) return true;
  return !neverRead(replica) && Number(replica['info-refresh'] ?? 0) <= validityMs; // Sentinel skips only past it
}

async function sentinelView(sentinel: Redis, name: string): Promise<SentinelView> {
  const [{ primary, replicas }, periods] = await Promise.all([sentinelReport(sentinel, name), sentinelPeriods(sentinel)]);
  const validityMs = infoValidityMs(periods);
  const promotable = replicas.filter((replica) => couldPromote(replica, validityMs)).map(nodeOf);
  return { primary: seenDown(primary) ? null : nodeOf(primary), promotable };
}
