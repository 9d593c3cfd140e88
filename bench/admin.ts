/**
 * The management API under load (issue 10's speed targets): rankings of a leaderboard with 1,000,000
 * scores and of a group of 10,000 members, score saves, and the config document of a game with 500
 * variables, with and without If-None-Match. Starts the HTTP role as its own process on a database of
 * its own (on the configured MySQL server) and a Redis key prefix of its own; removes both afterwards.
 * Each scenario gets one unmeasured second of warm-up before its measured run. Then the config
 * document with two live timed overrides against none (SPEC §2.12), closed-loop, as the median of
 * three alternating pairs in this run (goal ≥ 0.9).
 *
 *   npm run bench:admin -- [--players 1000000] [--members 10000] [--duration 10] [--rate 200]
 *                          [--concurrency 32] [--out bench/results] [--smoke]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { createRedisClient } from '../src/redis/redis-client';
import { createRankIndex } from '../src/admin/leaderboards/rank-index-store';
import { seedAdminFixture, type AdminFixture } from './lib/admin-seed';
import { createBenchDatabase } from './lib/bench-database';
import type { Knex } from '../src/db/knex-factory';
import { runHttpLoad, type HttpLoadResult, type LoadPlan } from './lib/http-load';
import { startBenchHttp, type BenchHttp } from './lib/bench-http';
import { table } from './lib/report';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '32' },
    out: { type: 'string', default: 'bench/results' },
    smoke: { type: 'boolean', default: false },
  },
});
const smoke = values.smoke;
const opts = {
  players: smoke ? 2000 : Number(values.players),
  members: smoke ? 200 : Number(values.members),
  durationMs: (smoke ? 1 : Number(values.duration)) * 1000,
  rate: smoke ? 50 : Number(values.rate),
  concurrency: smoke ? 4 : Number(values.concurrency),
};

interface Scenario {
  readonly name: string;
  readonly target: string;
  readonly met: (r: HttpLoadResult) => boolean;
  readonly plan: Omit<LoadPlan, 'base' | 'durationMs'>;
  /** Runs after the warm-up, before the measured run (the around-me scenario waits for its rank index). */
  readonly ready?: () => Promise<void>;
}

function scenarios(f: AdminFixture, token: string, etag: string, rankIndexBuilt: () => Promise<void>): Scenario[] {
  const auth = { authorization: `Bearer ${token}` };
  const randomUserGame = () => f.firstUserGameId + Math.floor(Math.random() * f.players);
  return [
    {
      name: 'rankings top-50 (1M scores)', target: 'p99 ≤ 20 ms', met: (r) => r.latencyMs.p99 <= 20,
      plan: { ratePerSecond: opts.rate, expectStatus: 200, next: () => ({ method: 'GET', path: `/api/leaderboards/${f.leaderboardId}/rankings?limit=50`, headers: auth }) },
    },
    {
      name: 'group top-50 (10k members)', target: 'p99 ≤ 20 ms', met: (r) => r.latencyMs.p99 <= 20,
      plan: { ratePerSecond: opts.rate, expectStatus: 200, next: () => ({ method: 'GET', path: `/api/leaderboards/${f.leaderboardId}/rankings?limit=50&group_id=${f.groupId}`, headers: auth }) },
    },
    {
      name: 'around a player ±25 (1M scores)', target: 'p99 ≤ 20 ms', met: (r) => r.latencyMs.p99 <= 20, ready: rankIndexBuilt,
      plan: { ratePerSecond: opts.rate, expectStatus: 200, next: () => ({ method: 'GET', path: `/api/leaderboards/${f.leaderboardId}/rankings?limit=50&around_user_game_id=${randomUserGame()}`, headers: auth }) },
    },
    {
      name: 'score saves', target: '≥ 2,000/s', met: (r) => r.perSecond >= 2000,
      plan: {
        concurrency: opts.concurrency, expectStatus: 200,
        next: () => ({ method: 'POST', path: `/api/leaderboards/${f.leaderboardId}/scores`, headers: auth, body: JSON.stringify({ user_game_id: randomUserGame(), score: Math.floor(Math.random() * 1e9) }) }),
      },
    },
    {
      name: 'config, If-None-Match (304)', target: '≥ 5,000/s', met: (r) => r.perSecond >= 5000,
      plan: { concurrency: opts.concurrency, expectStatus: 304, next: () => ({ method: 'GET', path: `/api/games/${f.gameId}/config`, headers: { ...auth, 'if-none-match': etag } }) },
    },
    {
      name: 'config, 500 variables (200)', target: 'p99 ≤ 10 ms', met: (r) => r.latencyMs.p99 <= 10,
      plan: { ratePerSecond: opts.rate, expectStatus: 200, next: () => ({ method: 'GET', path: `/api/games/${f.gameId}/config`, headers: auth }) },
    },
  ];
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const bench = await createBenchDatabase(config.mysql.url, config.redis.url, 'bench_admin');
  const { db, prefix } = bench;
  let http: BenchHttp | null = null;
  try {
    const seeding = performance.now();
    const fixture = await seedAdminFixture(db, { players: opts.players, groupMembers: opts.members, variables: 500 });
    console.log(`seeded ${opts.players.toLocaleString('en-US')} players with scores, a group of ${opts.members.toLocaleString('en-US')}, 500 variables in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    http = await startBenchHttp(bench, config.redis.url, fixture.adminId);
    const { base, token } = http;
    const etag = (await fetch(`${base}/api/games/${fixture.gameId}/config`, { headers: { authorization: `Bearer ${token}` } })).headers.get('etag') ?? '';
    const results: Array<{ name: string; target: string; met: boolean; result: HttpLoadResult }> = [];
    const rankIndexBuilt = () => waitForRankIndex(db, config.redis.url, prefix, fixture);
    for (const scenario of scenarios(fixture, token, etag, rankIndexBuilt)) {
      // One unmeasured second first (the server's connection pools and JIT), then the measured run.
      await runHttpLoad({ base, durationMs: 1000, concurrency: 2, expectStatus: scenario.plan.expectStatus, next: scenario.plan.next });
      await scenario.ready?.();
      const result = await runHttpLoad({ base, durationMs: opts.durationMs, ...scenario.plan });
      results.push({ name: scenario.name, target: scenario.target, met: scenario.met(result), result });
    }
    const overridePairs = await overridesAgainstNone(base, { authorization: `Bearer ${token}` }, fixture);
    report(results, overridePairs);
  } finally {
    await http?.stop();
    await bench.drop();
  }
}

/** The warm-up's first around-me request started the server's build of the board's rank index: wait for it. */
async function waitForRankIndex(db: Knex, redisUrl: string, prefix: string, f: AdminFixture): Promise<void> {
  const redis = createRedisClient({ url: redisUrl, keyPrefix: prefix, role: 'cli' });
  const started = performance.now();
  try {
    const index = createRankIndex({ db, redis });
    while (!(await index.isBuilt(f.gameId, f.leaderboardId, new Date(0)))) {
      if (performance.now() - started > 120_000) throw new Error('the rank index was not built within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`rank index of ${opts.players.toLocaleString('en-US')} scores built within ${((performance.now() - started) / 1000).toFixed(1)} s of the warm-up's end`);
  } finally {
    redis.disconnect();
  }
}

/** Two overrides of 20 variables each (numbers and tables), live for the next hour. */
const benchOverrides = () => [0, 1].map((n) => ({
  name: `bench event ${n + 1}`, starts_at: new Date(Date.now() - 1000).toISOString(), ends_at: new Date(Date.now() + 3_600_000).toISOString(),
  variables: Array.from({ length: 20 }, (_, i) => {
    const index = (n * 20 + i) * 2; // alternately a number (i % 4 = 0) and a table (i % 4 = 2) of the fixture
    return index % 4 === 0 ? { key: `number_${index}`, number_value: -index } : { key: `table_${index}`, items: [{ key: 'k0', number_value: -1 }] };
  }),
}));

/**
 * Config document requests per second (200s, closed loop) with two live overrides against none: three
 * alternating pairs, the overrides made and deleted through the API between the halves of each pair.
 */
async function overridesAgainstNone(base: string, auth: Record<string, string>, f: AdminFixture): Promise<Array<{ none: number; two: number; ratio: number }>> {
  const load = () => runHttpLoad({
    base, durationMs: opts.durationMs / 2, concurrency: opts.concurrency, expectStatus: 200,
    next: () => ({ method: 'GET', path: `/api/games/${f.gameId}/config`, headers: auth }),
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await fetch(`${base}${path}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return reply;
  };
  const pairs: Array<{ none: number; two: number; ratio: number }> = [];
  for (let round = 0; round < 3; round += 1) {
    const none = await load();
    const made = [];
    for (const body of benchOverrides()) made.push((await (await call('POST', `/api/games/${f.gameId}/config/overrides`, body)).json()) as { id: number });
    const live = (await call('GET', `/api/games/${f.gameId}/config`)).headers.get('config-overrides');
    if (live !== 'bench%20event%201, bench%20event%202') throw new Error(`the overrides are not live: Config-Overrides ${live}`);
    const two = await load();
    for (const { id } of made) await call('DELETE', `/api/games/${f.gameId}/config/overrides/${id}`);
    if (none.errors + none.unexpected + two.errors + two.unexpected > 0) throw new Error(`unexpected replies: ${none.sample ?? two.sample}`);
    pairs.push({ none: none.perSecond, two: two.perSecond, ratio: two.perSecond / none.perSecond });
  }
  return pairs;
}

function report(results: Array<{ name: string; target: string; met: boolean; result: HttpLoadResult }>, overridePairs: Array<{ none: number; two: number; ratio: number }>): void {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log(`\n${table(
    ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'target', 'met'],
    results.map(({ name, target, met, result: r }) => [
      name, fmt(r.perSecond), fmt(r.latencyMs.p50, 2), fmt(r.latencyMs.p95, 2), fmt(r.latencyMs.p99, 2), fmt(r.latencyMs.max, 1),
      fmt(r.errors + r.unexpected), target, met ? 'yes' : 'NO',
    ]),
  )}`);
  for (const { name, result } of results) if (result.sample) console.log(`${name}: first unexpected reply: ${result.sample}`);
  const ratios = overridePairs.map((p) => p.ratio).sort((a, b) => a - b);
  console.log(`\nconfig document, two live overrides / none (req/s, closed loop), median of ${ratios.length} alternating pairs: ${ratios[1]!.toFixed(2)} (goal ≥ 0.90)`);
  for (const p of overridePairs) console.log(`  none ${fmt(p.none)}/s, two overrides ${fmt(p.two)}/s: ${p.ratio.toFixed(2)}`);
  mkdirSync(values.out!, { recursive: true });
  const file = path.join(values.out!, smoke ? 'admin-smoke.json' : 'admin-latest.json');
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, options: opts, results, overridePairs }, null, 2)}\n`);
  console.log(`\nwritten: ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
