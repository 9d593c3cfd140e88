/**
 * SPEC §1.6, "the hot path stands apart from management load", from outside: every role in one
 * process (as `npm start` runs them), a game server calling Reserve and Cancel with a server API key,
 * and beside it the heaviest management reads one caller can make: a GraphQL document of nine
 * aliases of a long report, the heaviest report document the cost limit lets through, a summary of
 * the same range, and an export of a user whose audit entries weigh megabytes each (written before
 * values over 4 KiB were kept by their digest). Shared by the benchmark (bench/hot-path.ts) and the
 * test that holds it (test/bin/hot-path-isolation.test.ts).
 */
import { createReservationClient, ReservationError } from '../../client/src';
import type { Knex } from '../../src/db/knex-factory';
import type { BenchDatabase } from './bench-database';
import { startBenchRoles, type BenchRoles } from './bench-http';

export interface PressureSize {
  /** Players with a confirmed round on each day of the report's range. */
  readonly players: number;
  readonly days: number;
  /** The exported user's audit entries, and the bytes of each one's changes. */
  readonly exportEntries: number;
  readonly entryBytes: number;
}

export interface Seeded {
  readonly adminId: number;
  readonly gameId: number;
  readonly exportedUserId: number;
  /** The report range: `from` (inclusive) and `to` (exclusive) dates, `days` apart, ending a year ago. */
  readonly from: string;
  readonly to: string;
}

const DAY_QUARTERS = 96;
const DAY_MS = 86_400_000;

/**
 * Writes the data straight into MySQL: a game whose report rollups hold `players` distinct players a
 * day over `days` days (one day row each: what a day's report reads), and a user with heavy audit
 * entries. MariaDB's sequence tables make the rows in a few statements.
 */
export async function seedPressure(db: Knex, size: PressureSize): Promise<Seeded> {
  const [adminId] = await db('users').insert({ email: 'pressure-admin@example.com', username: 'pressure_admin', password_hash: 'x', role: 'admin' });
  const [exportedUserId] = await db('users').insert({ email: 'pressure-mod@example.com', username: 'pressure_mod', password_hash: 'x', role: 'moderator' });
  const [gameId] = await db('games').insert({ name: 'Pressure', slug: 'pressure', description: '' });
  const firstDay = Math.floor((Date.now() - 400 * DAY_MS - size.days * DAY_MS) / DAY_MS);
  const game = String(gameId);
  await db.raw(`INSERT INTO report_players (game_id, currency, unit, start, user_id)
    SELECT ?, 'EUR', 3, (? + d.seq) * ${DAY_QUARTERS}, CONCAT('p', u.seq) FROM seq_0_to_${size.days - 1} AS d CROSS JOIN seq_1_to_${size.players} AS u`, [game, firstDay]);
  await db.raw(`INSERT INTO report_rollups (game_id, currency, unit, start, bets_count, bets_amount, wins_amount, reserves_count, reserves_amount)
    SELECT ?, 'EUR', 3, (? + d.seq) * ${DAY_QUARTERS}, ?, ? * 100, ? * 90, ?, ? * 100 FROM seq_0_to_${size.days - 1} AS d`,
  [game, firstDay, size.players, size.players, size.players, size.players, size.players]);
  const changes = JSON.stringify({ items: ['x'.repeat(size.entryBytes), null] });
  for (let i = 0; i < size.exportEntries; i += 1) {
    await db('audit_log').insert({ action: 'variable.update', actor_user_id: exportedUserId, actor_role: 'moderator', target_type: 'variable', target_id: String(i + 1), changes });
  }
  const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  return { adminId: adminId!, gameId: gameId!, exportedUserId: exportedUserId!, from: date(firstDay), to: date(firstDay + size.days) };
}

export interface CallFigures {
  readonly calls: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Calls that failed UNAVAILABLE (the contract's "retry later": what a management read must never cause). */
  readonly unavailable: number;
  /** Other failures, by gRPC status name. */
  readonly errors: Readonly<Record<string, number>>;
}

/** A game server's load: `concurrency` loops of Reserve then Cancel with a server API key, until `stop()`. */
export function gameServerLoad(address: string, secret: string, wallet: { userId: string; gameId: string }, concurrency: number) {
  const client = createReservationClient({ address, token: secret, batching: false, retry: false });
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let stopped = false;
  const timed = async <T>(call: () => Promise<T>): Promise<T | null> => {
    const started = performance.now();
    try {
      const reply = await call();
      latencies.push(performance.now() - started);
      return reply;
    } catch (error) {
      const name = error instanceof ReservationError ? error.codeName : 'CLIENT';
      errors[name] = (errors[name] ?? 0) + 1;
      return null;
    }
  };
  const loop = async (worker: number) => {
    for (let round = 0; !stopped; round += 1) {
      const reserved = await timed(() => client.reserve({ ...wallet, currency: 'EUR', roundId: `w${worker}-${round}`, amount: 1 }));
      if (reserved?.transactionId) await timed(() => client.cancel({ transactionId: reserved.transactionId, reason: 'pressure' }));
    }
  };
  const loops = Array.from({ length: concurrency }, (_, worker) => loop(worker));
  return {
    async stop(): Promise<CallFigures> {
      stopped = true;
      await Promise.all(loops);
      client.close();
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const { UNAVAILABLE: unavailable = 0, ...others } = errors;
      return { calls: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0, unavailable, errors: others };
    },
  };
}

/** The management reads, by what they answered. */
export type ManagementFigures = Record<string, number>;

/**
 * `callers` loops, each asking in turn for the nine-alias document, the longest report one document
 * may hold, a summary of the range and the heavy export (read to its end), until `stop()`.
 */
export function managementPressure(base: string, token: string, seeded: Seeded, callers: number) {
  const figures: ManagementFigures = {};
  let stopped = false;
  const count = (what: string, status: number | string) => (figures[`${what} ${status}`] = (figures[`${what} ${status}`] ?? 0) + 1);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const report = (alias: string, from: string) => `${alias}: gameReport(game_id: ${seeded.gameId}, from: "${from}", to: "${seeded.to}", granularity: "day") { totals { bets_amount active_players } }`;
  const nextDays = Array.from({ length: 9 }, (_, i) => new Date(Date.parse(seeded.from) + i * DAY_MS).toISOString().slice(0, 10));
  const graphql = async (what: string, query: string) => {
    const reply = await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) });
    const body = (await reply.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    count(what, body.errors?.[0]?.extensions?.code ?? reply.status);
  };
  const download = async (what: string, url: string) => {
    const reply = await fetch(url, { headers });
    for await (const chunk of reply.body as AsyncIterable<Uint8Array>) void chunk;
    count(what, reply.status);
  };
  const steps = [
    () => graphql('nine aliases', `{ ${nextDays.map((from, i) => report(`r${i}`, from)).join(' ')} }`),
    () => graphql('one long report', `{ ${report('r', seeded.from)} }`),
    () => download('summary', `${base}/api/reports/summary?from=${seeded.from}&to=${seeded.to}`),
    () => download('export', `${base}/api/users/${seeded.exportedUserId}/export`),
  ];
  const loop = async (caller: number) => {
    for (let i = caller; !stopped; i += 1) await steps[i % steps.length]!().catch((error: unknown) => count('failed', String((error as Error).message)));
  };
  const loops = Array.from({ length: callers }, (_, caller) => loop(caller));
  return {
    /** What has been answered so far. */
    soFar: (): ManagementFigures => ({ ...figures }),
    async stop(): Promise<ManagementFigures> {
      stopped = true;
      await Promise.all(loops);
      return figures;
    },
  };
}

/** Every role in one process over the bench's database, with caller tokens on (so server API keys are), and a funded wallet's key. */
export async function startPressureTarget(bench: BenchDatabase, redisUrl: string, seeded: Seeded): Promise<{ roles: BenchRoles; secret: string; wallet: { userId: string; gameId: string } }> {
  const roles = await startBenchRoles(bench, redisUrl, seeded.adminId, ['grpc', 'http', 'worker'], { GRPC_AUTH_TOKENS: 'pressure-bootstrap-token' });
  const call = async (method: string, path: string, body: unknown) => {
    const reply = await fetch(`${roles.base}${path}`, { method, headers: { authorization: `Bearer ${roles.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return reply.json() as Promise<Record<string, unknown>>;
  };
  const ug = await call('POST', `/api/users/${seeded.exportedUserId}/games`, { game_id: seeded.gameId });
  await call('POST', `/api/user-games/${ug.id}/topup`, { amount: 1_000_000_000, currency: 'EUR' });
  const key = await call('POST', '/api/api-keys', { name: 'pressure game server' });
  return { roles, secret: key.secret as string, wallet: { userId: String(seeded.exportedUserId), gameId: String(seeded.gameId) } };
}
