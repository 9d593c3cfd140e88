import type { Knex } from 'knex';
import { activeApiKeys, apiKeySecretHash, looksLikeApiKeySecret, touchApiKeys } from '../admin/api-keys/api-keys-reads';
import { jsonIds } from '../db/json-ids';
import type { Logger } from '../logging/logger';

/** The games a caller's calls may touch (null: every game). */
export type GameScope = ReadonlySet<string> | null;

/** A server API key as a call resolved it: which key, and the games it may touch. */
export interface ResolvedKey {
  readonly id: number;
  readonly games: GameScope;
}

interface ActiveKey extends ResolvedKey {
  readonly expiresAtMs: number | null;
  /** When a read of MySQL that found it active began. */
  readonly readAt: number;
}

/**
 * The server API keys a gRPC process accepts (SPEC §2.12): the active ones from MySQL, read again
 * every REFRESH_MS, so a key revoked elsewhere is refused here within a second, with no MySQL read
 * per call. A secret this process does not know yet (a key made since the last read) is looked up in
 * MySQL once, so a key works as soon as its create has answered: lookups are batched (one query at a
 * time, at most LOOKUP_BATCH secrets each, at most LOOKUP_QUEUE waiting), only strings shaped like a
 * secret are looked up, and a secret found nowhere is remembered as unknown until the next read
 * (at most UNKNOWN_SECRETS), so random bearer strings cannot flood MySQL.
 *
 * A call resolves its key once (`resolve`) and carries it; `isActive` then tells, at each later step
 * (its message, a stream's every tick), whether that key still holds: revoked or expired, it does not,
 * and a key that can no longer be found is refused, never treated as unscoped.
 */
export interface ApiKeyRegistry {
  /** The active key a bearer secret names now, or null; 'unknown' when MySQL has not confirmed it lately (isActive). */
  resolve(secret: string): Promise<ResolvedKey | null | 'unknown'>;
  /**
   * Whether a key resolved earlier is still active now (not revoked, not expired): 'unknown' when no
   * read of MySQL has confirmed it for KEYS_STALE_MS (MySQL unreachable: a revoke could not be seen).
   */
  isActive(key: ResolvedKey): boolean | 'unknown';
  refresh(): Promise<void>;
  stop(): void;
}

export const API_KEYS_REFRESH_MS = 500;
/** How long a key stays trusted without a read of MySQL confirming it (reads every API_KEYS_REFRESH_MS). */
export const KEYS_STALE_MS = 3000;
const SEEN_SECRETS = 10_000;
const UNKNOWN_SECRETS = 10_000;
const LOOKUP_BATCH = 100;
const LOOKUP_QUEUE = 1000;

type KeyRow = Awaited<ReturnType<typeof activeApiKeys>>[number];
const activeKeyOf = (row: KeyRow, readAt: number): ActiveKey => {
  const gameIds = jsonIds(row.game_ids);
  return { id: row.id, games: gameIds === null ? null : new Set(gameIds.map(String)), expiresAtMs: row.expires_at?.getTime() ?? null, readAt };
};

export function createApiKeyRegistry(db: Knex, options: { refreshMs?: number; clock?: () => number; logger?: Logger } = {}): ApiKeyRegistry {
  const { refreshMs = API_KEYS_REFRESH_MS, clock = Date.now, logger } = options;
  let byHash = new Map<string, ActiveKey>();
  let byId = new Map<number, ActiveKey>();
  /** Keys looked up one by one since the read that began at `readStartedAt`: kept across that read. */
  let lookedUp = new Map<string, { key: ActiveKey; at: number }>();
  /** Secrets looked up and found nowhere, until the next read. */
  let unknown = new Set<string>();
  const hashes = new Map<string, string>();
  let used = new Set<number>();
  let stopped = false;
  /** Secret hashes waiting for a lookup, each with the calls that wait for it. */
  const waiting = new Map<string, Array<(key: ActiveKey | null) => void>>();
  let lookingUp = false;

  const install = (hash: string, key: ActiveKey) => {
    byHash.set(hash, key);
    byId.set(key.id, key);
  };

  /** One read at a time: a slow read finishing after a newer one would put back keys revoked since. */
  let reading: Promise<void> | null = null;
  const refresh = () => (reading ??= read().finally(() => {
    reading = null;
  }));
  const read = async () => {
    const startedAt = clock();
    const rows = await activeApiKeys(db);
    byHash = new Map();
    byId = new Map();
    for (const row of rows) install(row.secret_hash, activeKeyOf(row, startedAt));
    // A key found by a lookup that began after this read did may be newer than what the read saw.
    const kept = new Map([...lookedUp].filter(([, found]) => found.at >= startedAt));
    for (const [hash, found] of kept) if (!byHash.has(hash)) install(hash, found.key);
    lookedUp = kept;
    unknown = new Set();
    const touched = [...used];
    used = new Set();
    await touchApiKeys(db, touched);
  };
  const timer = setInterval(() => {
    if (!stopped) refresh().catch((error: unknown) => logger?.warn({ err: error }, 'api keys: reading MySQL failed; the last keys hold'));
  }, refreshMs);
  timer.unref();

  const hashOf = (secret: string): string => {
    let hash = hashes.get(secret);
    if (hash === undefined) {
      if (hashes.size >= SEEN_SECRETS) hashes.clear();
      hash = apiKeySecretHash(secret);
      hashes.set(secret, hash);
    }
    return hash;
  };

  /** One query for up to LOOKUP_BATCH waiting hashes, then the next, until none wait. */
  const lookUpWaiting = async (): Promise<void> => {
    if (lookingUp) return;
    lookingUp = true;
    try {
      while (waiting.size > 0 && !stopped) {
        const batch = [...waiting.keys()].slice(0, LOOKUP_BATCH);
        const at = clock();
        let found = new Map<string, ActiveKey>();
        try {
          found = new Map((await activeApiKeys(db, batch)).map((row) => [row.secret_hash, activeKeyOf(row, at)]));
        } catch (error) {
          logger?.warn({ err: error }, 'api keys: looking a new key up in MySQL failed');
        }
        for (const hash of batch) {
          const key = found.get(hash) ?? null;
          if (key) {
            install(hash, key);
            lookedUp.set(hash, { key, at });
          } else if (unknown.size < UNKNOWN_SECRETS) {
            unknown.add(hash);
          }
          for (const answer of waiting.get(hash) ?? []) answer(key);
          waiting.delete(hash);
        }
      }
    } finally {
      lookingUp = false;
    }
  };

  /** A key as it holds now: active when last read and not expired; 'unknown' when that read is too old to trust. */
  const current = (key: ActiveKey | undefined): ActiveKey | null | 'unknown' => {
    if (!key || (key.expiresAtMs !== null && key.expiresAtMs <= clock())) return null;
    return clock() - key.readAt > KEYS_STALE_MS ? 'unknown' : key;
  };

  return {
    async resolve(secret) {
      // Only a string shaped like a secret is hashed, remembered or looked up: any other bearer (up to
      // the 64 KiB of headers HTTP/2 lets through) costs neither memory nor a SHA-256 of its length.
      if (!looksLikeApiKeySecret(secret)) return null;
      const hash = hashOf(secret);
      let key = byHash.get(hash);
      if (!key) {
        if (unknown.has(hash) || stopped) return null;
        const queued = waiting.get(hash);
        if (!queued && waiting.size >= LOOKUP_QUEUE) return null;
        key = (await new Promise<ActiveKey | null>((answer) => {
          if (queued) queued.push(answer);
          else waiting.set(hash, [answer]);
          void lookUpWaiting();
        })) ?? undefined;
      }
      const active = current(key);
      if (active !== null && active !== 'unknown') used.add(active.id);
      return active;
    },
    isActive(key) {
      const active = current(byId.get(key.id));
      return active === 'unknown' ? active : active !== null;
    },
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const answers of waiting.values()) for (const answer of answers) answer(null);
      waiting.clear();
    },
  };
}
