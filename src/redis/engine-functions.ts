import { createHash } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import { helpersSource, scriptBody } from './lua-sources';
import { withKeyCount, type RedisLike } from './script-registry';

/**
 * The wallet store's scripts as one Redis Functions library (FUNCTION LOAD once per server, FCALL per
 * call) instead of EVALSHA: a script sent with EVALSHA runs its helpers (lua/lib: some thirty, each a
 * closure made anew) on every call; a library runs it once, when it is loaded.
 * Each script's file becomes the body of one function, which gets its KEYS and ARGV as arguments.
 *
 * The library's name and its functions' names carry a digest of its code, so two versions of the
 * engine (a rolling deploy) each call their own, side by side. A server that does not have it (a new
 * or emptied node, one restarted without persistence) answers "Function not found": the library is
 * loaded there and the call repeats (nothing ran the first time). Functions are kept in the AOF and the
 * RDB and replicated like writes, so a promoted replica has them.
 */
export const ENGINE_FUNCTIONS = ['reserve', 'confirm', 'cancel', 'topup', 'close_wallet', 'expire_reservation', 'settled'] as const;
export type EngineFunction = (typeof ENGINE_FUNCTIONS)[number];

const BODIES = ENGINE_FUNCTIONS.map((name) => ({ name, body: scriptBody(name) }));
/** The helpers the functions include (lua-sources.ts), run once as the library loads. */
const HELPERS = helpersSource(BODIES.map(({ body }) => body));

/** A digest of the library's code: its name and its functions' names carry it. */
export const LIBRARY_VERSION = createHash('sha256')
  .update([HELPERS, ...BODIES.map(({ name, body }) => `${name}\n${body}`)].join('\n'))
  .digest('hex')
  .slice(0, 12);

/** The names this library's functions are called by (made once: a call builds no string). */
const FUNCTION_NAMES = Object.fromEntries(ENGINE_FUNCTIONS.map((name) => [name, `${name}_${LIBRARY_VERSION}`])) as Record<EngineFunction, string>;

/** The name a function of this library is called by. */
export const functionName = (name: EngineFunction): string => FUNCTION_NAMES[name];

const LIBRARY = [
  `#!lua name=reservation_${LIBRARY_VERSION}`,
  HELPERS,
  ...BODIES.map(({ name, body }) => `redis.register_function('${functionName(name)}', function(KEYS, ARGV)\n${body}\nend)`),
].join('\n');

const NOT_FOUND = /function not found/i;
const ALREADY_LOADED = /already exists/i;

/** Loads the library on `client`'s server (on every master of a cluster client); loaded already is fine. */
export async function loadEngineFunctions(client: RedisLike): Promise<void> {
  const servers: Redis[] = client.isCluster ? (client as Cluster).nodes('master') : [client as Redis];
  await Promise.all(
    servers.map((server) =>
      server.function('LOAD', LIBRARY).catch((error: unknown) => {
        if (!(error instanceof Error && ALREADY_LOADED.test(error.message))) throw error;
      }),
    ),
  );
}

/**
 * FCALL of one engine function with a script's arguments as script-calls.ts lays them out (the key
 * count first for the scripts that take any number of keys). A server without the library answers
 * "Function not found": see withEngineFunctions.
 */
export function fcallEngineFunction<Reply>(client: RedisLike, name: EngineFunction, args: readonly string[]): Promise<Reply> {
  return client.fcall(FUNCTION_NAMES[name], ...(withKeyCount(name, args) as [string, ...string[]])) as Promise<Reply>;
}

/**
 * Runs `attempt` (which calls engine functions on `client`'s server); when the server has no library,
 * loads it and runs the whole attempt again: the call that found none ran nothing. The attempt repeats
 * as a whole, so what it does after its call (the store waits for the replicas' acknowledgement of the
 * writes sent before it) covers the repeated call too.
 */
export async function withEngineFunctions<T>(client: RedisLike, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof Error && NOT_FOUND.test(error.message))) throw error;
    await loadingOnce(client);
    return attempt();
  }
}

/** One engine function call that loads the library where it is missing (benches, tests, tools). */
export function callEngineFunction<Reply>(client: RedisLike, name: EngineFunction, args: readonly string[]): Promise<Reply> {
  return withEngineFunctions(client, () => fcallEngineFunction<Reply>(client, name, args));
}

/** The calls that find no library on a client's server wait for one load, not one load each. */
const loading = new WeakMap<RedisLike, Promise<void>>();
function loadingOnce(client: RedisLike): Promise<void> {
  let load = loading.get(client);
  if (!load) {
    load = loadEngineFunctions(client).finally(() => loading.delete(client));
    loading.set(client, load);
  }
  return load;
}
