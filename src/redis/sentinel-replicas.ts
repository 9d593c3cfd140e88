import Redis from 'ioredis';
import type { RedisSentinelTarget } from '../config';

/** How often the Sentinels are asked which replicas they could promote. */
export const SENTINEL_POLL_MS = 250;

/** How long a barrier waits for the Sentinels' first answer before it acknowledges nothing. */
const FIRST_ANSWER_MS = 2000;
/**
 * How old the last answer may be: past it the count is not trusted and a barrier acknowledges nothing
 * (fails closed): the replicas may have changed unseen. Longer than a poll whose slowest Sentinel takes
 * its whole command timeout (1 s: a poll waits for every Sentinel), twice over, so one slow Sentinel
 * costs nothing while the others answer.
 */
export const SENTINEL_ANSWER_STALE_MS = 3000;

export interface PromotableReplicas {
  /** How many replicas a Sentinel could promote now (the first answer waited for); rejects when no Sentinel answered yet. */
  count(): Promise<number>;
  stop(): void;
}

/** One Sentinel's view: the primary it names (null while it sees it down) and the replicas it could promote. */
export interface SentinelView {
  primary: string | null;
  promotable: string[];
}

/**
 * How many nodes besides the one a move was written to must hold it: every replica any Sentinel could
 * promote and every primary a Sentinel names alive, less one for the primary the move went to (none
 * when no Sentinel names one alive: the move then went to a node no Sentinel vouches for). While the
 * Sentinels agree this is the promotable replicas; while one still names another primary (it has not
 * seen a failover yet, and a client asking it first writes there), that node must hold the move too,
 * which it cannot while it is not a replica: the move is UNAVAILABLE until they agree. Never fewer
 * than the promotable replicas that no Sentinel names primary.
 */
export function nodesToConfirm(views: readonly SentinelView[]): number {
  const primaries = new Set(views.flatMap((view) => (view.primary === null ? [] : [view.primary])));
  const nodes = new Set([...primaries, ...views.flatMap((view) => view.promotable)]);
  return nodes.size - (primaries.size > 0 ? 1 : 0);
}

/**
 * Which replicas the Sentinels could promote, asked every SENTINEL_POLL_MS: a replica one of them sees
 * alive (not s_down, o_down or disconnected) with a priority above 0, whatever its link to the primary.
 * A move the replicas acknowledged must be on each of them, attached or not: a replica that is not
 * attached yet (Sentinel is still re-pointing it after a failover) may be promoted by a Sentinel that
 * has not seen that failover yet, and its data wins. A soak run beside two others (load 11 on 2 cores)
 * lost 72 moves acknowledged on a newly promoted primary, a second after which another replica that
 * had not confirmed them was primary (docs/operations.md).
 *
 * Counted too: a node that still reports itself a primary while a Sentinel lists it as a replica (a
 * cut-off primary that resumed, until Sentinel demotes it and it syncs, some 8 to 15 s): it cannot
 * confirm a move, so moves are UNAVAILABLE meanwhile. It was once left out, as Sentinel ranks it last;
 * two full test runs here then lost 220 and 1,373 acknowledged moves (issue 48's failure mode) when that
 * node was the clients' primary again two seconds after a failover elsewhere. A healed partition costs
 * its window (13.8 and 15.9 s measured, against 4 s) rather than money.
 *
 * Views differ while Sentinels catch up: a node one Sentinel names primary and another counts as a
 * replica is counted once, and a second named primary is counted as a node that must hold the move
 * (nodesToConfirm). Issue 37's CI run lost 161 moves acknowledged on a primary promoted at 28 s while,
 * at 29.3 s, a client asking the Sentinels was sent to the primary cut off at 23 s. When no Sentinel
 * has answered for SENTINEL_ANSWER_STALE_MS, the count is not trusted: a move is UNAVAILABLE until one
 * answers again (fail closed; the last count could hide a replica that came back or one added since).
 */
export function watchPromotableReplicas(target: RedisSentinelTarget, options: { clock?: () => number } = {}): PromotableReplicas {
  const { clock = Date.now } = options;
  const sentinels = target.sentinels.map(({ host, port }) => {
    const client = new Redis({
      host, port, connectionName: 'reservation-replica-view', enableOfflineQueue: false, maxRetriesPerRequest: 0,
      connectTimeout: 1000, commandTimeout: 1000, retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    });
    client.on('error', () => undefined);
    return client;
  });
  let known: number | null = null;
  let answeredAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const waiting: Array<() => void> = [];

  const poll = async () => {
    const views = (await Promise.all(sentinels.map((sentinel) => viewOf(sentinel, target.name).catch(() => null)))).filter((view) => view !== null);
    if (views.length > 0) {
      known = nodesToConfirm(views);
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
    async count() {
      if (known === null) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, FIRST_ANSWER_MS).unref();
        });
      }
      if (known === null) throw new Error('no Sentinel has said which replicas it could promote');
      const silentMs = clock() - answeredAt;
      if (silentMs > SENTINEL_ANSWER_STALE_MS) throw new Error(`no Sentinel has answered for ${silentMs} ms: which replicas could be promoted is not known`);
      return known;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const sentinel of sentinels) sentinel.disconnect();
    },
  };
}

/** A Sentinel reply's flat field list (`[name, value, name, value, …]`) as a record. */
const fieldsOf = (flat: string[]) => Object.fromEntries(flat.flatMap((value, i) => (i % 2 === 0 ? [[value, flat[i + 1]]] : []))) as Record<string, string>;

const DOWN = /\b(s_down|o_down|disconnected)\b/;

async function viewOf(sentinel: Redis, name: string): Promise<SentinelView> {
  const [primaryFields, replicas] = (await Promise.all([
    sentinel.call('SENTINEL', 'master', name),
    sentinel.call('SENTINEL', 'replicas', name),
  ])) as [string[], string[][]];
  const primary = fieldsOf(primaryFields);
  const promotable = replicas
    .map(fieldsOf)
    .filter((replica) => !DOWN.test(replica.flags ?? '') && Number(replica['slave-priority'] ?? 100) > 0)
    .map((replica) => `${replica.ip}:${replica.port}`);
  return { primary: DOWN.test(primary.flags ?? '') ? null : `${primary.ip}:${primary.port}`, promotable };
}
