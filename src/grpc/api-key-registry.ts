import type { Knex } from 'knex';
import { activeApiKeys, apiKeySecretHash, touchApiKeys } from '../admin/api-keys/api-keys-reads';
import { jsonIds } from '../db/json-ids';
import type { Logger } from '../logging/logger';

/** The games a caller's calls may touch (null: every game). */
export type GameScope = ReadonlySet<string> | null;

interface ActiveKey {
  readonly id: number;
  readonly games: GameScope;
  readonly expiresAtMs: number | null;
}

/**
 * The server API keys a gRPC process accepts (SPEC §2.12): the active ones from MySQL, read again
 * every REFRESH_MS, so a key made or revoked elsewhere holds here within a second, with no MySQL read
 * per call. A call looks its secret up by SHA-256 in memory (the hash of each secret seen is kept, up
 * to SEEN_SECRETS); expiry is checked against the clock at the call. Keys used since the last read are
 * noted in MySQL then (`last_used_at`, to the minute).
 */
export interface ApiKeyRegistry {
  /** The active key a bearer secret names now, or null. */
  find(secret: string): { readonly games: GameScope } | null;
  refresh(): Promise<void>;
  stop(): void;
}

export const API_KEYS_REFRESH_MS = 500;
const SEEN_SECRETS = 10_000;

export function createApiKeyRegistry(db: Knex, options: { refreshMs?: number; clock?: () => number; logger?: Logger } = {}): ApiKeyRegistry {
  const { refreshMs = API_KEYS_REFRESH_MS, clock = Date.now, logger } = options;
  let byHash = new Map<string, ActiveKey>();
  const hashes = new Map<string, string>();
  let used = new Set<number>();
  let stopped = false;

  const refresh = async () => {
    const rows = await activeApiKeys(db);
    byHash = new Map(rows.map((row) => {
      const gameIds = jsonIds(row.game_ids);
      return [row.secret_hash, { id: row.id, games: gameIds === null ? null : new Set(gameIds.map(String)), expiresAtMs: row.expires_at?.getTime() ?? null }];
    }));
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

  return {
    find(secret) {
      const key = byHash.get(hashOf(secret));
      if (!key || (key.expiresAtMs !== null && key.expiresAtMs <= clock())) return null;
      used.add(key.id);
      return key;
    },
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
