/**
 * Redis cost of each engine script and memory per reservation, against REDIS_URL.
 *   npm run bench:scripts -- [--calls 5000] [--baseline <git revision>] [--rounds 3]
 * This checkout's scripts run twice, as EVALSHA and as the engine calls them (FCALL of its function
 * library); with --baseline, also the scripts of that revision (lua/ as `git show` gives it, as
 * EVALSHA; they must take this code's arguments). The sets alternate round by round in one run, each
 * under a key prefix of its own; the table gives each phase's median over the rounds.
 * It resets Redis' command statistics (CONFIG RESETSTAT): run it against a Redis whose statistics
 * nobody else needs, with nothing else calling it.
 */
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import { loadConfig } from '../src/config';
import { table } from './lib/report';
import { BATCH_SIZE, COALESCED_SIZES, currentFunctions, currentScripts, FLOOR_PHASE, measureScriptCosts, medianPhase, perOperationOverFloor, scriptsAt, type ScriptCosts, type ScriptPhase, type ScriptSet } from './lib/script-cost';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '5000' }, baseline: { type: 'string' }, rounds: { type: 'string', default: '3' } } });

const isBatch = (row: ScriptPhase) => row.script.includes('batches');

/** "Valkey 8.0.1" or "Redis 7.0.15". */
async function storeVersion(url: string): Promise<string> {
  const client = new Redis(url);
  const text = await client.info('server');
  client.disconnect();
  const valkey = /valkey_version:(\S+)/.exec(text)?.[1];
  return valkey ? `Valkey ${valkey}` : `Redis ${/redis_version:(\S+)/.exec(text)?.[1]}`;
}

async function main(): Promise<void> {
  const url = loadConfig(process.env).redis.url;
  const calls = Number(values.calls);
  // The engine's way (FCALL) last: the ratio and the commands are its.
  const sets: ScriptSet[] = [...(values.baseline ? [scriptsAt(values.baseline)] : []), currentScripts, currentFunctions];
  const runs = new Map(sets.map((set) => [set.label, [] as ScriptCosts[]]));
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    for (const set of sets) runs.get(set.label)!.push(await measureScriptCosts(url, calls, set));
  }
  console.log(`${await storeVersion(url)}; ${calls} calls per phase, ${rounds} rounds alternating ${sets.map((s) => s.label).join(' / ')}; medians`);
  console.log('Redis time per script call (INFO commandstats: usec_per_call of EVALSHA or FCALL), and of the commands it ran:');
  const engine = runs.get(currentFunctions.label)!;
  const floor = medianPhase(engine, FLOOR_PHASE).usecPerCall;
  const rows = engine[0]!.scripts.map(({ script }) => {
    const medians = sets.map((set) => medianPhase(runs.get(set.label)!, script));
    const after = medians.at(-1)!;
    const ratio = script === FLOOR_PHASE || isBatch(after) ? '' : (after.usecPerCall / (floor + after.commandsUsecPerCall)).toFixed(1);
    return [
      script,
      ...medians.map((row) => row.usecPerCall.toFixed(2)),
      ...medians.map((row) => row.usecPerOp.toFixed(2)),
      after.commandsUsecPerCall.toFixed(2),
      ratio,
      after.commands,
    ];
  });
  const columns = (what: string) => sets.map((set) => `${what} ${set.label}`);
  console.log(table(['script', ...columns('µs/call'), ...columns('µs/op'), 'commands µs/call', '× (floor+commands)', 'commands'], rows));
  // Issue 50's goals: Redis time per operation over the floor script's, for unary calls, calls coalesced by the server and batches of 100.
  const overFloor = (label: string) => perOperationOverFloor(engine, label).map((ratio) => ratio.toFixed(1)).join(', ');
  console.log('store time per operation / floor script (reserve, confirm, cancel):');
  console.log(`  unary ${overFloor('')}`);
  for (const size of COALESCED_SIZES) console.log(`  coalesced by ${size}: ${overFloor(`coalesced by ${size}`)} (goal ≤ 6)`);
  console.log(`  batches of ${BATCH_SIZE}: ${overFloor(`batches of ${BATCH_SIZE}`)} (goal ≤ 4.5)`);
  const last = engine.at(-1)!;
  console.log(`memory per open reservation (its record, which is also the Reserve's idempotency record, and its outbox entry; expiry off): ${last.bytesPerOpenReservation.toFixed(0)} bytes`);
  console.log(`memory per Confirm/Cancel idempotency record of its own (already_*; MEMORY USAGE): ${last.bytesPerIdempotencyRecord.toFixed(0)} bytes`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
