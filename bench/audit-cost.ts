/**
 * What the audit log costs a write (issue 24): score saves through the management API's service,
 * audited (AUDIT_SCORE_SAVES=true, the default: the entry is inserted by the save's procedure, in its
 * transaction) and not (false), in alternating rounds within one run, on a database of its own. Each
 * round is closed-loop at a fixed concurrency; the report gives each side's saves/s and mean latency,
 * their medians over the rounds, and the cost of the entry per write (median latency difference). It
 * also checks what it measured: an audited round wrote exactly one entry per save, the other none.
 *
 *   npm run bench:audit -- [--players 10000] [--duration 5] [--rounds 3] [--concurrency 16] [--out bench/results] [--smoke]
 */
import type { Actor } from '../src/admin/core/actor';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAdminServices, type AdminServices } from '../src/admin/admin-services';
import { loadConfig } from '../src/config';
import { createRedisClient } from '../src/redis/redis-client';
import { createWalletService } from '../src/wallet/wallet-service';
import { createWalletStore } from '../src/wallet/wallet-store';
import { seedAdminFixture, type AdminFixture } from './lib/admin-seed';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { percentiles } from './lib/flows';
import { fmt, table } from './lib/report';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
    out: { type: 'string', default: 'bench/results' },
    smoke: { type: 'boolean', default: false },
  },
});
const smoke = values.smoke;
const opts = {
  players: smoke ? 200 : Number(values.players),
  durationMs: (smoke ? 0.5 : Number(values.duration)) * 1000,
  rounds: smoke ? 1 : Number(values.rounds),
  concurrency: smoke ? 4 : Number(values.concurrency),
};

interface Round {
  readonly audited: boolean;
  readonly saves: number;
  readonly perSecond: number;
  readonly meanMs: number;
  readonly p99Ms: number;
  readonly entries: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_audit', config.mysql.poolSize);
  const redis = createRedisClient({ url: config.redis.url, keyPrefix: bench.prefix, role: 'http' });
  const sides: AdminServices[] = [];
  try {
    const fixture = await seedAdminFixture(bench.db, { players: opts.players, groupMembers: 10, variables: 10 });
    const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: config.engine.idempotencyTtlS });
    const servicesWith = async (scoreSaves: boolean) => {
      const services = createAdminServices({ db: bench.db, redis, wallet, config: { ...config, audit: { scoreSaves } } });
      await services.caches.ready();
      sides.push(services);
      return services;
    };
    const [unaudited, audited] = [await servicesWith(false), await servicesWith(true)];
    await saveFor(unaudited, fixture, 1000, bench); // warm-up: pools, JIT, the leaderboard's cache
    const rounds: Round[] = [];
    for (let r = 0; r < opts.rounds; r++) {
      // Alternating which side goes first, so a drift of the machine falls on both alike.
      for (const side of r % 2 === 0 ? [false, true] : [true, false]) {
        rounds.push(await saveFor(side ? audited : unaudited, fixture, opts.durationMs, bench, side));
      }
    }
    report(rounds);
  } finally {
    for (const services of sides) services.caches.close();
    redis.disconnect();
    await bench.drop();
  }
}

/** Closed-loop saves for `durationMs` at the concurrency; the audit entries it added are counted. */
async function saveFor(services: AdminServices, f: AdminFixture, durationMs: number, bench: BenchDatabase, audited = false): Promise<Round> {
  const entriesBefore = await countEntries(bench);
  const latencies: number[] = [];
  const actor: Actor = { userId: f.adminId, role: 'admin', requestId: null, ip: '127.0.0.1', gameScope: null };
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (performance.now() < deadline) {
      const userGameId = f.firstUserGameId + Math.floor(Math.random() * f.players);
      const t0 = performance.now();
      await services.leaderboards.saveScore(actor, f.leaderboardId, { user_game_id: userGameId, score: Math.floor(Math.random() * 1e9) });
      latencies.push(performance.now() - t0);
    }
  }));
  const elapsedS = (performance.now() - started) / 1000;
  const entries = (await countEntries(bench)) - entriesBefore;
  if (entries !== (audited ? latencies.length : 0)) throw new Error(`an ${audited ? 'audited' : 'unaudited'} round of ${latencies.length} saves wrote ${entries} audit entries`);
  return {
    audited,
    saves: latencies.length,
    perSecond: latencies.length / elapsedS,
    meanMs: latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length,
    p99Ms: percentiles(latencies).p99,
    entries,
  };
}

async function countEntries(bench: BenchDatabase): Promise<number> {
  const [row] = await bench.db('audit_log').where({ action: 'score.save' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

function report(rounds: Round[]): void {
  console.log(table(
    ['round', 'audit', 'saves', 'saves/s', 'mean ms', 'p99 ms', 'entries'],
    rounds.map((r, i) => [String(Math.floor(i / 2) + 1), r.audited ? 'on' : 'off', fmt(r.saves), fmt(r.perSecond), fmt(r.meanMs, 3), fmt(r.p99Ms, 2), fmt(r.entries)]),
  ));
  const side = (audited: boolean) => rounds.filter((r) => r.audited === audited);
  const summary = {
    savesPerSecondOff: median(side(false).map((r) => r.perSecond)),
    savesPerSecondOn: median(side(true).map((r) => r.perSecond)),
    meanMsOff: median(side(false).map((r) => r.meanMs)),
    meanMsOn: median(side(true).map((r) => r.meanMs)),
  };
  // What the entry takes of the machine per save (the saturated throughput's inverse), and of a caller's wait.
  const capacityUs = (1 / summary.savesPerSecondOn - 1 / summary.savesPerSecondOff) * 1e6;
  const latencyUs = (summary.meanMsOn - summary.meanMsOff) * 1000;
  const ratio = summary.savesPerSecondOn / summary.savesPerSecondOff;
  console.log(`\nmedians: ${fmt(summary.savesPerSecondOff)} saves/s without the audit entry, ${fmt(summary.savesPerSecondOn)} with it (× ${ratio.toFixed(3)}):`
    + ` the entry costs ${fmt(capacityUs, 1)} µs of the machine per save; mean latency ${fmt(summary.meanMsOff, 3)} → ${fmt(summary.meanMsOn, 3)} ms (+${fmt(latencyUs)} µs) at ${opts.concurrency} in flight`);
  mkdirSync(values.out!, { recursive: true });
  const file = path.join(values.out!, smoke ? 'audit-cost-smoke.json' : 'audit-cost-latest.json');
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, options: opts, rounds, summary: { ...summary, capacityUs, latencyUs, ratio } }, null, 2)}\n`);
  console.log(`written: ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
