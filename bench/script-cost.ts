/**
 * Redis cost of each engine script and memory per reservation, against REDIS_URL.
 *   npm run bench:scripts -- [--calls 5000] [--baseline <git revision>] [--rounds 3]
 * With --baseline, the scripts of that revision (lua/ as `git show` gives it; they must take this
 * code's arguments) run beside this checkout's, alternating round by round in one run, each under a
 * key prefix of its own; the table gives each phase's median over the rounds.
 * It resets Redis' command statistics (CONFIG RESETSTAT): run it against a Redis whose statistics
 * nobody else needs, with nothing else calling it.
 */
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import { loadConfig } from '../src/config';
import { table } from './lib/report';
import { currentScripts, measureScriptCosts, medianPhase, scriptsAt, type ScriptCosts, type ScriptPhase } from './lib/script-cost';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '5000' }, baseline: { type: 'string' }, rounds: { type: 'string', default: '3' } } });

const FLOOR = 'floor (1 GET)';
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
  const sets = values.baseline ? [scriptsAt(values.baseline), currentScripts] : [currentScripts];
  const runs = new Map(sets.map((set) => [set.label, [] as ScriptCosts[]]));
  const rounds = values.baseline ? Number(values.rounds) : 1;
  for (let round = 0; round < rounds; round++) {
    for (const set of sets) runs.get(set.label)!.push(await measureScriptCosts(url, calls, set));
  }
  const info = await storeVersion(url);
  console.log(`${info}; ${calls} calls per phase${values.baseline ? `, ${rounds} rounds alternating ${sets.map((s) => s.label).join(' / ')}, medians` : ''}`);
  console.log('Redis time per script call (INFO commandstats: EVALSHA usec_per_call), and of the commands it ran:');
  const now = runs.get(currentScripts.label)!;
  const floor = medianPhase(now, FLOOR).usecPerCall;
  const rows = now[0]!.scripts.map(({ script }) => {
    const after = medianPhase(now, script);
    const before = values.baseline ? medianPhase(runs.get(values.baseline)!, script) : null;
    const perOp = (row: ScriptPhase) => row.usecPerOp.toFixed(2);
    const ratio = script === FLOOR || isBatch(after) ? '' : (after.usecPerCall / (floor + after.commandsUsecPerCall)).toFixed(1);
    return [
      script,
      ...(before ? [before.usecPerCall.toFixed(2)] : []),
      after.usecPerCall.toFixed(2),
      ...(before ? [perOp(before)] : []),
      perOp(after),
      after.commandsUsecPerCall.toFixed(2),
      ratio,
      after.commands,
    ];
  });
  const label = (what: string) => (values.baseline ? [`${what} ${values.baseline}`, `${what} now`] : [what]);
  console.log(table(['script', ...label('µs/call'), ...label('µs/op'), 'commands µs/call', '× (floor+commands)', 'commands'], rows));
  const last = now.at(-1)!;
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
