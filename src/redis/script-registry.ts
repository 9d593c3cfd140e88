import type { ClientContext, Cluster, Redis, Result } from 'ioredis';
import { composedScript } from './lua-sources';
import type { ScriptCode } from './shared-codes';

export { LUA_DIR } from './lua-sources';

/**
 * Every script in lua/ with its key count ('n': any number, given first in the call, as EVAL takes it);
 * a test checks this against the files and their headers.
 */
export const SCRIPT_KEY_COUNTS = {
  reserve: 'n',
  confirm: 'n',
  cancel: 'n',
  expire_reservation: 4,
  settled: 2,
  topup: 5,
  close_wallet: 4,
  limits: 3,
  retain: 'n',
  upgrade_record: 2,
  read_new: 1,
  rank_index_set: 5,
  rank_index_fill: 2,
  rank_index_rank: 2,
  rank_index_publish: 4,
} as const;

export type ScriptName = keyof typeof SCRIPT_KEY_COUNTS;
/** A script that takes any number of keys: its calls give the count first. */
export const ANY_KEYS = 'n';

/**
 * A script's arguments as script-calls.ts lays them out, with the key count first as EVAL and FCALL
 * take it (the scripts of any number of keys already give it; for the others it is added).
 */
export function withKeyCount(name: ScriptName, args: readonly string[]): readonly string[] {
  const keyCount = SCRIPT_KEY_COUNTS[name];
  return keyCount === ANY_KEYS ? args : [String(keyCount), ...args];
}

/** A script's reply: a code (shared-codes.ts) followed by string fields. */
export type ScriptReply = [code: ScriptCode, ...fields: string[]];

/**
 * The replies of an item script (reserve, confirm, cancel), one per item: the script returns them as
 * one string (lua/lib/items.lua), an item's fields joined by ' ', the items by '\n'.
 */
export function itemReplies(packed: string): ScriptReply[] {
  return packed.split('\n').map((item) => item.split(' ') as ScriptReply);
}

type ScriptCommand<Context extends ClientContext, Reply = ScriptReply> = (...keysThenArgs: string[]) => Result<Reply, Context>;

declare module 'ioredis' {
  interface RedisCommander<Context extends ClientContext> {
    /** Item scripts: their replies packed in one string (itemReplies). */
    reserve: ScriptCommand<Context, string>;
    confirm: ScriptCommand<Context, string>;
    cancel: ScriptCommand<Context, string>;
    expire_reservation: ScriptCommand<Context>;
    settled: ScriptCommand<Context>;
    topup: ScriptCommand<Context>;
    close_wallet: ScriptCommand<Context>;
    /** The wallet's limits as decimal strings (none: no record). */
    limits: ScriptCommand<Context, string[]>;
    retain: ScriptCommand<Context, number>;
    upgrade_record: ScriptCommand<Context, number>;
    read_new: ScriptCommand<Context, [] | [first: string, last: string, count: number, moves: number]>;
    rank_index_set: ScriptCommand<Context, number>;
    rank_index_fill: ScriptCommand<Context, number>;
    rank_index_rank: ScriptCommand<Context, number>;
    rank_index_publish: ScriptCommand<Context, number>;
  }
}

export type RedisLike = Redis | Cluster;

/** A script as EVAL takes it: the helpers it includes (lua-sources.ts), then its body. */
export const scriptSource = (name: ScriptName): string => composedScript(name);

/**
 * Defines every script as an ioredis command (EVALSHA, falling back to EVAL after NOSCRIPT, e.g.
 * after a Redis restart). Idempotent per client.
 */
export function registerScripts(redis: RedisLike): void {
  for (const name of Object.keys(SCRIPT_KEY_COUNTS) as ScriptName[]) {
    if (typeof (redis as unknown as Record<string, unknown>)[name] === 'function') continue;
    const keyCount: number | typeof ANY_KEYS = SCRIPT_KEY_COUNTS[name];
    redis.defineCommand(name, { ...(keyCount === ANY_KEYS ? {} : { numberOfKeys: keyCount }), lua: scriptSource(name) });
  }
}
