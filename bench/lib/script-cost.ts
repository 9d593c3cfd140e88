import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deleteMatching, scanKeys } from '../../src/redis/key-scan';
import { callEngineFunction } from '../../src/redis/engine-functions';
import { composedScript } from '../../src/redis/lua-sources';
import { itemReplies, scriptSource, withKeyCount } from '../../src/redis/script-registry';
import { reserveTarget, walletAddress } from '../../src/redis/wallet-keys';
import { scriptCalls, type Moment } from '../../src/wallet/script-calls';

/** The engine scripts a cost run calls (lua/), and where their source comes from. */
type BenchScript = 'topup' | 'reserve' | 'confirm' | 'cancel';

export interface ScriptSet {
  readonly label: string;
  source(name: BenchScript): string;
  /** Called as the engine calls them: FCALL of its function library (else EVALSHA of each source). */
  readonly viaFunctions?: true;
}

/** The scripts of this checkout, as EVALSHA runs them (their helpers on every call). */
export const currentScripts: ScriptSet = { label: 'now EVALSHA', source: scriptSource };
/** The scripts of this checkout, as the engine calls them (src/redis/engine-functions.ts). */
export const currentFunctions: ScriptSet = { label: 'now FCALL', source: scriptSource, viaFunctions: true };

/**
 * The scripts of another revision (`git show <rev>:lua/...`), called with this code's arguments: for
 * a before/after comparison of a change that kept the scripts' KEYS and ARGV. A revision from before
 * the helpers were split (issue 36) has one prelude that every script gets; a later one is composed
 * from its own files as lua-sources.ts composes them, with this checkout's `layouts` chunk.
 */
export function scriptsAt(revision: string): ScriptSet {
  const show = (file: string) => execFileSync('git', ['show', `${revision}:lua/${file}`], { encoding: 'utf8' });
  const hasPrelude = execFileSync('git', ['ls-tree', '--name-only', revision, 'lua/lib/prelude.lua'], { encoding: 'utf8' }).trim() !== '';
  if (!hasPrelude) return { label: revision, source: (name) => composedScript(name, show) };
  const prelude = show('lib/prelude.lua');
  return { label: revision, source: (name) => `${prelude}\n${show(`${name}.lua`)}` };
}

export interface ScriptPhase {
  readonly script: string;
  readonly calls: number;
  /** Redis' time per script call (`INFO commandstats`, usec_per_call of EVALSHA). */
  readonly usecPerCall: number;
  /** The same shared by the call's operations (a batch's items; the call for unary rows). */
  readonly usecPerOp: number;
  /** Redis' time in the commands the script ran (MGET, MSET, XADD...), per script call. */
  readonly commandsUsecPerCall: number;
  /** Those commands and their time per script call, e.g. "mget 1.2 + xadd 1.6". */
  readonly commands: string;
}

export interface ScriptCosts {
  readonly scripts: ScriptPhase[];
  readonly bytesPerOpenReservation: number;
  readonly bytesPerIdempotencyRecord: number;
}

const IN_FLIGHT = 64;
/** The phase of the floor script: one GET, the least a script call costs. */
export const FLOOR_PHASE = 'floor (1 GET)';

export const BATCH_SIZE = 100;
/**
 * Calls per coalesced batch (unary calls of several wallets that arrived together): `npm run bench`
 * measured about 2 calls per store call at 16 in flight and about 20 at 256, on 2 cores.
 */
export const COALESCED_SIZES = [4, 16] as const;
/** Commands of the measuring connection itself, not of the scripts. */
const OWN_COMMANDS = new Set(['evalsha', 'fcall', 'function', 'config', 'info', 'script', 'memory', 'scan', 'del', 'unlink']);
/** The floor as a function: one GET. */
const FLOOR_LIBRARY = "#!lua name=bench_floor\nredis.register_function('bench_floor_get', function(keys) return redis.call('GET', keys[1]) end)";

async function inFlight(count: number, work: (i: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += IN_FLIGHT) {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count - start) }, (_, i) => work(start + i)));
  }
}

/** The transaction_ids of a reserve call's replies: one packed string (layout 4) or a list per item (before). */
function transactionIds(replies: unknown): string[] {
  const list = typeof replies === 'string' ? itemReplies(replies) : (replies as string[][]);
  return list.map((reply) => reply[2] ?? '');
}

/** `INFO commandstats` as {command: {calls, usec}}. */
async function commandStats(admin: Redis): Promise<Map<string, { calls: number; usec: number }>> {
  const stats = new Map<string, { calls: number; usec: number }>();
  for (const line of (await admin.info('commandstats')).split('\n')) {
    const match = /^cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/.exec(line);
    if (match) stats.set(match[1]!, { calls: Number(match[2]), usec: Number(match[3]) });
  }
  return stats;
}

/**
 * Redis' own time per script call (EVALSHA or FCALL) while only that script runs (CONFIG RESETSTAT between phases), the
 * time of the commands it ran, and memory per open reservation and per idempotency record, for one set
 * of scripts. Works under a fresh key prefix and deletes it afterwards.
 */
export async function measureScriptCosts(redisUrl: string, calls: number, scripts: ScriptSet = currentFunctions): Promise<ScriptCosts> {
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(redisUrl, { keyPrefix: prefix });
  const admin = new Redis(redisUrl);
  const shas = new Map<BenchScript, string>();
  const call = async (name: BenchScript, args: string[]) => {
    if (scripts.viaFunctions) return callEngineFunction(redis, name, args);
    let sha = shas.get(name);
    if (!sha) shas.set(name, (sha = (await admin.script('LOAD', scripts.source(name))) as string));
    return redis.evalsha(sha, ...(withKeyCount(name, args) as [string, ...string[]]));
  };
  const at: Moment = { nowMs: Date.now(), idempotencyTtlS: 3600, expiryCutoffMs: 0, reservationsExpire: false };
  const wallet = (i: number) => walletAddress(`user-${i}`, 'bench', 'EUR');
  const reserveItem = (i: number, requestId: string) => ({ wallet: wallet(i), input: { userId: `user-${i}`, gameId: 'bench', currency: 'EUR', requestId, roundId: `round-${i}`, amount: '10' } });
  const phases: ScriptPhase[] = [];
  const phase = async (script: string, count: number, work: (i: number) => Promise<unknown>, opsPerCall = 1) => {
    await work(-1); // loads the script outside the measurement
    await admin.config('RESETSTAT');
    await inFlight(count, work);
    const stats = await commandStats(admin);
    const evalsha = stats.get(scripts.viaFunctions ? 'fcall' : 'evalsha') ?? { calls: 0, usec: 0 };
    const inner = [...stats].filter(([name]) => !OWN_COMMANDS.has(name.split('|')[0]!));
    const perCall = (usec: number) => usec / Math.max(1, evalsha.calls);
    phases.push({
      script,
      calls: evalsha.calls,
      usecPerCall: perCall(evalsha.usec),
      usecPerOp: evalsha.usec / Math.max(1, evalsha.calls * opsPerCall),
      commandsUsecPerCall: perCall(inner.reduce((sum, [, s]) => sum + s.usec, 0)),
      commands: inner.map(([name, s]) => `${name} ${perCall(s.usec).toFixed(1)}`).join(' + '),
    });
  };
  const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1]);
  // Each phase's first call (i = -1) only loads its script: it names an unfunded wallet or an unknown
  // transaction, so it changes nothing the measured calls then meet.
  const unknown = reserveTarget(wallet(-1), 'never reserved').transactionId;
  const confirmItem = (i: number, transactionId: string | undefined, requestId: string) =>
    ({ wallet: wallet(i), input: { requestId, transactionId: transactionId ?? unknown, roundId: '', winAmount: '15' } });
  const cancelItem = (i: number, transactionId: string | undefined, requestId: string) =>
    ({ wallet: wallet(i), input: { requestId, transactionId: transactionId ?? unknown, reason: 'bench' } });
  try {
    // The floor: a one-command script (one key, one redis.call) in the same run, on the same machine.
    if (scripts.viaFunctions) {
      await admin.function('LOAD', 'REPLACE', FLOOR_LIBRARY);
      await phase(FLOOR_PHASE, calls, () => redis.fcall('bench_floor_get', 1, 'floor'));
    } else {
      const floorSha = (await admin.script('LOAD', "return redis.call('GET', KEYS[1])")) as string;
      await phase(FLOOR_PHASE, calls, () => redis.evalsha(floorSha, 1, 'floor'));
    }
    await phase('topup', calls, (i) => call('topup', scriptCalls.topup(wallet(i), { userId: `user-${i}`, gameId: 'bench', currency: 'EUR', amount: '1000', comment: 'bench' }, at)));
    const reserved: string[] = [];
    const before = await usedMemory();
    await phase('reserve', calls, async (i) => {
      const [id] = transactionIds(await call('reserve', scriptCalls.reserve([reserveItem(i, `r-${i}`)], at)));
      if (i >= 0) reserved[i] = id!;
    });
    const bytesPerOpenReservation = ((await usedMemory()) - before) / calls;
    await phase('reserve (replay)', calls, (i) => call('reserve', scriptCalls.reserve([reserveItem(Math.max(i, 0), `r-${Math.max(i, 0)}`)], at)));
    const half = Math.floor(calls / 2);
    await phase('confirm', half, (i) => call('confirm', scriptCalls.confirm([confirmItem(i, reserved[i], `c-${i}`)], at)));
    await phase('cancel', half, (i) => call('cancel', scriptCalls.cancel([cancelItem(half + i, i < 0 ? undefined : reserved[half + i], `x-${i}`)], at)));
    await phase('confirm (already_confirmed)', half, (i) => call('confirm', scriptCalls.confirm([confirmItem(i, reserved[i], `c2-${i}`)], at)));
    /** The reserves of every wallet in calls of `size` items, then confirms of the first half and cancels of the second: per-operation figures. */
    const inCallsOf = async (label: string, size: number, tag: string) => {
      const groups = Math.floor(calls / size);
      const items = (g: number) => Array.from({ length: size }, (_, k) => (g < 0 ? -1 : g * size + k));
      const ids: string[] = [];
      await phase(`reserve, ${label}`, groups, async (g) => {
        const replies = transactionIds(await call('reserve', scriptCalls.reserve(items(g).map((i, k) => reserveItem(i, `${tag}r-${g}-${k}`)), at)));
        if (g >= 0) replies.forEach((id, k) => (ids[g * size + k] = id));
      }, size);
      const half = Math.floor(groups / 2);
      await phase(`confirm, ${label}`, half, (g) => call('confirm', scriptCalls.confirm(items(g).map((i) => confirmItem(i, ids[i], `${tag}c-${g}`)), at)), size);
      await phase(`cancel, ${label}`, half, (g) => call('cancel', scriptCalls.cancel(items(g < 0 ? g : half + g).map((i) => cancelItem(i, ids[i], `${tag}x-${g}`)), at)), size);
    };
    // The same operations in batches of 100 (one call each on this single Redis), over the same wallets;
    // then as the server coalesces unary calls: a few wallets' operations in one call.
    await inCallsOf(`batches of ${BATCH_SIZE}`, BATCH_SIZE, 'b');
    for (const size of COALESCED_SIZES) await inCallsOf(`coalesced by ${size}`, size, `k${size}`);
    const samples = (await scanKeys(admin, `${prefix}i*:c:*`)).slice(0, 200);
    const sizes = await Promise.all(samples.map((key) => admin.memory('USAGE', key) as Promise<number>));
    return { scripts: phases, bytesPerOpenReservation, bytesPerIdempotencyRecord: sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length) };
  } finally {
    await deleteMatching(admin, `${prefix}*`);
    redis.disconnect();
    admin.disconnect();
  }
}

/** One script phase's median over the rounds of a comparison. */
export function medianPhase(runs: readonly ScriptCosts[], script: string): ScriptPhase {
  const rows = runs.map((run) => run.scripts.find((row) => row.script === script)!).sort((a, b) => a.usecPerCall - b.usecPerCall);
  return rows[Math.floor(rows.length / 2)]!;
}

const ITEM_KINDS = ['reserve', 'confirm', 'cancel'] as const;

/**
 * Issue 50's measure: the store's time per operation over the floor script's, for reserve, confirm and
 * cancel, sent unary (`label` ''), coalesced by the server ('coalesced by 16') or batched ('batches of 100').
 */
export function perOperationOverFloor(runs: readonly ScriptCosts[], label: string): number[] {
  const floor = medianPhase(runs, FLOOR_PHASE).usecPerCall;
  return ITEM_KINDS.map((kind) => medianPhase(runs, label ? `${kind}, ${label}` : kind).usecPerOp / floor);
}
