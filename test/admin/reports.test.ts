import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import type { OutboxEvent } from '../../src/sync/outbox-event';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';
import { majorUnits } from '../../src/admin/reports/reports-csv';
import { checkPrintedTotals } from '../../src/admin/reports/printed-totals-reads';

// SPEC §2.13: reports from the rollups the sync keeps, checked against a ledger summed here by hand.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

const admin = (api: TestApi) => ({ token: api.users.admin.token });
let made = 0;
async function game(api: TestApi, name = 'Report game') {
  return (await api.services.games.create(COMMAND_ACTOR, { name, slug: `report-${process.pid}-${(made += 1)}` })).id;
}

/** A seeded generator (mulberry32): the seed is logged, REPORTS_SEED replays it. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

let events = 0;
/** One ledger move as the sync receives it from the outbox (balances are not what reports read). */
function move(gameId: number, kind: OutboxEvent['kind'], atMs: number, fields: { user: string; currency: string; amount: number; win?: number; tx?: string; requestId?: string }): OutboxEvent {
  events += 1;
  return {
    eventId: `rp-${process.pid}-${events}`, streamId: `${atMs}-${events}`, streamSub: 0, kind,
    userId: fields.user, gameId: String(gameId), currency: fields.currency, amount: String(fields.amount), winAmount: String(fields.win ?? 0),
    availableBalance: '0', reservedBalance: '0', transactionId: fields.tx ?? null, roundId: fields.tx ? `round-${fields.tx}` : null,
    requestId: fields.requestId ?? null, requestRoundId: null, topupId: kind === 'topup' || kind === 'close' ? String(events) : null, comment: null, auditTrail: null, atMs,
  };
}

/** Rounds, top-ups and rewards at random instants of [fromMs, toMs), plus moves exactly on the edges given. */
function randomMoves(gameId: number, seed: number, fromMs: number, toMs: number, edges: readonly number[]): OutboxEvent[] {
  const random = randomFrom(seed);
  const moves: OutboxEvent[] = [];
  const users = ['ana', 'bo', 'cy', 'di', 'ed', 'fay'];
  const instant = () => random.int(fromMs, toMs - 1);
  const times = [...edges, ...Array.from({ length: 160 }, instant)];
  times.forEach((at, i) => {
    const user = random.pick(users);
    const currency = random.pick(['EUR', 'EUR', 'JPY']);
    const roll = random.next();
    if (roll < 0.03) {
      moves.push(move(gameId, 'close', at, { user, currency, amount: random.int(1, 5000) }));
      return;
    }
    if (roll < 0.12) {
      moves.push(move(gameId, 'topup', at, { user, currency, amount: random.int(1, 5000), requestId: random.next() < 0.5 ? `lb-payout-${seed}-${i}` : undefined }));
      return;
    }
    const tx = `${seed}-${gameId}-${i}`;
    const amount = random.int(1, 900);
    moves.push(move(gameId, 'reserve', at, { user, currency, amount, tx }));
    if (roll < 0.2) return; // still open
    // Settled up to three hours later: often in another period.
    const settledAt = Math.min(at + random.int(0, 3 * 3600_000), toMs + 3600_000);
    const kind = roll < 0.75 ? 'confirm' : roll < 0.9 ? 'cancel' : 'expire';
    moves.push(move(gameId, kind, settledAt, { user, currency, amount, tx, win: kind === 'confirm' ? random.int(0, 2 * amount) : 0 }));
  });
  return moves;
}

/** Applies the moves in shuffled batches, each batch twice and some again after the others (a re-delivered job adds nothing). */
async function sync(api: TestApi, moves: readonly OutboxEvent[], seed: number): Promise<void> {
  const random = randomFrom(seed ^ 0x5bd1e995);
  const order = [...moves].sort(() => random.next() - 0.5);
  const batches: OutboxEvent[][] = [];
  for (let i = 0; i < order.length; i += random.int(1, 40)) batches.push(order.slice(i, i + 40));
  for (const batch of batches) {
    await applyOutboxBatch(api.database.db, batch);
    await applyOutboxBatch(api.database.db, batch);
  }
  for (const batch of batches.filter(() => random.next() < 0.3)) await applyOutboxBatch(api.database.db, batch);
}

// The reference: each move's local period read off Intl, independently of the product's zone code.
type Granularity = 'hour' | 'day' | 'week' | 'month';
function localKey(ms: number, tz: string, granularity: Granularity): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', timeZoneName: 'longOffset',
  }).formatToParts(ms).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  if (granularity === 'hour') return `${date}T${parts.hour}${offset}`;
  if (granularity === 'day') return date;
  if (granularity === 'month') return date.slice(0, 7);
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}
/** The same key from a reply's period start (`2026-03-29T00:00:00+02:00`). */
function keyOfStart(start: string, granularity: Granularity): string {
  if (granularity === 'hour') return `${start.slice(0, 13)}${start.slice(19)}`;
  return granularity === 'month' ? start.slice(0, 7) : start.slice(0, 10);
}

interface Expected {
  bets_count: number; bets_amount: number; wins_amount: number; reserves_count: number; reserves_amount: number;
  cancels_count: number; cancels_amount: number; expiries_count: number; expiries_amount: number;
  topups_count: number; topups_amount: number; rewards_count: number; rewards_amount: number; closes_count: number; closes_amount: number; players: Set<string>;
}
const empty = (): Expected => ({
  bets_count: 0, bets_amount: 0, wins_amount: 0, reserves_count: 0, reserves_amount: 0, cancels_count: 0, cancels_amount: 0,
  expiries_count: 0, expiries_amount: 0, topups_count: 0, topups_amount: 0, rewards_count: 0, rewards_amount: 0, closes_count: 0, closes_amount: 0, players: new Set(),
});
function add(sum: Expected, event: OutboxEvent): void {
  const amount = Number(event.amount);
  if (event.kind === 'reserve') { sum.reserves_count += 1; sum.reserves_amount += amount; }
  if (event.kind === 'confirm') { sum.bets_count += 1; sum.bets_amount += amount; sum.wins_amount += Number(event.winAmount); sum.players.add(event.userId); }
  if (event.kind === 'cancel') { sum.cancels_count += 1; sum.cancels_amount += amount; }
  if (event.kind === 'expire') { sum.expiries_count += 1; sum.expiries_amount += amount; }
  if (event.kind === 'topup' && event.requestId?.startsWith('lb-payout-')) { sum.rewards_count += 1; sum.rewards_amount += amount; }
  else if (event.kind === 'topup') { sum.topups_count += 1; sum.topups_amount += amount; }
  if (event.kind === 'close') { sum.closes_count += 1; sum.closes_amount += amount; }
}
function figures(sum: Expected) {
  const { players, ...counts } = sum;
  const ggr = sum.bets_amount - sum.wins_amount;
  return {
    ...counts, ggr, active_players: players.size,
    hold_pct: sum.bets_amount === 0 ? null : (ggr / sum.bets_amount) * 100,
    rtp_pct: sum.bets_amount === 0 ? null : (sum.wins_amount / sum.bets_amount) * 100,
  };
}

/** The report a reader computes by hand: per (local period, currency) and per currency over [from, to). */
function expectedReport(moves: readonly OutboxEvent[], fromMs: number, toMs: number, tz: string, granularity: Granularity) {
  const periods = new Map<string, Expected>();
  const totals = new Map<string, Expected>();
  for (const event of moves) {
    if (event.atMs < fromMs || event.atMs >= toMs) continue;
    const key = `${localKey(event.atMs, tz, granularity)} ${event.currency}`;
    if (!periods.has(key)) periods.set(key, empty());
    if (!totals.has(event.currency)) totals.set(event.currency, empty());
    add(periods.get(key)!, event);
    add(totals.get(event.currency)!, event);
  }
  return { periods, totals };
}

type Reply = Record<string, unknown> & { start?: string; currency: string };
const FIGURE_NAMES = Object.keys(figures(empty())).sort();
const figuresOfReply = (row: Reply) => Object.fromEntries(FIGURE_NAMES.map((name) => [name, row[name]]));

function assertMatches(t: ExecutionContext, reply: { periods: Reply[]; totals: Reply[] }, expected: ReturnType<typeof expectedReport>, granularity: Granularity, label: string) {
  const zero = figures(empty());
  const seen = new Set<string>();
  for (const period of reply.periods) {
    const key = `${keyOfStart(period.start!, granularity)} ${period.currency}`;
    t.false(seen.has(key), `${label}: period ${key} listed once`);
    seen.add(key);
    const sum = expected.periods.get(key);
    t.deepEqual(figuresOfReply(period), sum ? figures(sum) : zero, `${label}: ${key}`);
  }
  for (const key of expected.periods.keys()) t.true(seen.has(key), `${label}: the period of ${key} is in the reply`);
  t.deepEqual(
    Object.fromEntries(reply.totals.map((total) => [total.currency, figuresOfReply(total)])),
    Object.fromEntries([...expected.totals].map(([currency, sum]) => [currency, figures(sum)])),
    `${label}: totals`,
  );
}

const FROM = Date.UTC(2026, 2, 26, 6, 45);
const TO = Date.UTC(2026, 2, 31, 20, 15);
// Local midnights (Kathmandu +05:45, Kolkata +05:30, St John's −02:30 in summer) and Berlin's jump (01:00Z).
const EDGES = [FROM, TO - 1, Date.UTC(2026, 2, 27, 18, 15), Date.UTC(2026, 2, 28, 18, 30), Date.UTC(2026, 2, 29, 1, 0), Date.UTC(2026, 2, 29, 0, 59, 59, 999), Date.UTC(2026, 2, 30, 2, 30)];

test('every figure of every period equals the ledger summed by hand: UTC, +05:45, +05:30, a DST change (Berlin, St John\'s at −03:30/−02:30); hours, days, weeks, months; a batch applied twice adds nothing twice', async (t) => {
  const { api } = t.context;
  const seed = Number(process.env.REPORTS_SEED ?? Date.now() % 2 ** 31);
  t.log(`seed ${seed} (replay with REPORTS_SEED=${seed})`);
  const gameId = await game(api);
  const moves = randomMoves(gameId, seed, FROM - 86_400_000, TO + 86_400_000, EDGES);
  await sync(api, moves, seed);
  const range = `from=${new Date(FROM).toISOString()}&to=${new Date(TO).toISOString()}`;
  for (const tz of ['UTC', 'Asia/Kathmandu', 'Asia/Kolkata', 'Europe/Berlin', 'America/St_Johns']) {
    for (const granularity of ['hour', 'day', 'week', 'month'] as const) {
      const reply = await api.request('GET', `/api/reports/games/${gameId}?${range}&granularity=${granularity}&tz=${encodeURIComponent(tz)}`, admin(api));
      t.is(reply.status, 200, JSON.stringify(reply.body));
      t.is(reply.body.tz, tz);
      t.is(reply.body.granularity, granularity);
      assertMatches(t, reply.body, expectedReport(moves, FROM, TO, tz, granularity), granularity, `${tz} ${granularity}`);
    }
  }
  const eur = await api.request('GET', `/api/reports/games/${gameId}?${range}&currency=EUR&tz=Asia/Kathmandu`, admin(api));
  t.true(eur.body.periods.every((period: Reply) => period.currency === 'EUR'));
  t.deepEqual(eur.body.totals.map((total: Reply) => total.currency), ['EUR']);
});

test('a day in a zone is its local midnight to the next: dates and local times are read in tz, the first period is cut at from, a 23-hour day and a 25-hour day', async (t) => {
  const { api } = t.context;
  const gameId = await game(api);
  const kathmandu = await api.request('GET', `/api/reports/games/${gameId}?from=2026-03-28&to=2026-03-30&tz=Asia/Kathmandu`, admin(api));
  t.is(kathmandu.status, 200);
  t.is(kathmandu.body.from, '2026-03-27T18:15:00.000Z');
  t.is(kathmandu.body.to, '2026-03-29T18:15:00.000Z');
  const cut = await api.request('GET', `/api/reports/games/${gameId}?from=2026-03-28T06:30&to=2026-03-29T00:00:00%2B01:00&tz=Europe/Berlin&currency=EUR`, admin(api));
  t.is(cut.body.from, '2026-03-28T05:30:00.000Z');
  t.deepEqual(cut.body.periods.map((p: Reply) => p.start), ['2026-03-28T00:00:00+01:00'], 'the cut day is labelled by its local midnight');
  const spring = await api.request('GET', `/api/reports/games/${gameId}?from=2026-03-29&to=2026-03-30&tz=Europe/Berlin&granularity=hour&currency=EUR`, admin(api));
  t.is(spring.body.periods.length, 23);
  t.is(spring.body.periods[2].start, '2026-03-29T03:00:00+02:00');
  const autumn = await api.request('GET', `/api/reports/games/${gameId}?from=2026-10-25&to=2026-10-26&tz=Europe/Berlin&granularity=hour&currency=EUR`, admin(api));
  t.is(autumn.body.periods.length, 25);
  t.deepEqual(autumn.body.periods.slice(2, 4).map((p: Reply) => p.start), ['2026-10-25T02:00:00+02:00', '2026-10-25T02:00:00+01:00']);
  // Lord Howe moves its clock by half an hour: the hour the jump cuts is half an hour from the jump.
  const lordHowe = await api.request('GET', `/api/reports/games/${gameId}?from=2026-10-04T00:00&to=2026-10-04T05:00&tz=Australia/Lord_Howe&granularity=hour&currency=EUR`, admin(api));
  t.deepEqual(lordHowe.body.periods.map((p: Reply) => p.start), [
    '2026-10-04T00:00:00+10:30', '2026-10-04T01:00:00+10:30', '2026-10-04T02:30:00+11:00', '2026-10-04T03:00:00+11:00', '2026-10-04T04:00:00+11:00',
  ]);
  const weeks = await api.request('GET', `/api/reports/games/${gameId}?from=2026-03-01&to=2026-04-01&tz=America/St_Johns&granularity=week&currency=EUR`, admin(api));
  t.deepEqual(weeks.body.periods.map((p: Reply) => p.start), [
    '2026-02-23T00:00:00-03:30', '2026-03-02T00:00:00-03:30', '2026-03-09T00:00:00-02:30', '2026-03-16T00:00:00-02:30', '2026-03-23T00:00:00-02:30', '2026-03-30T00:00:00-02:30',
  ]);
});

test('bounds and bad input: 400 naming the parameter, nothing read; an unknown game is 404', async (t) => {
  const { api } = t.context;
  const gameId = await game(api);
  const cases: Array<[string, string]> = [
    ['granularity=hour&from=2026-01-01&to=2026-03-01', 'granularity'],
    ['granularity=fortnight', 'granularity'],
    ['tz=Mars/Olympus', 'tz'],
    ['tz=%2B05:30', 'tz'],
    ['tz=' + 'A'.repeat(300), 'tz'],
    ['from=2026-02-30&to=2026-03-02', 'from'],
    ['from=2026-02-29&to=2026-03-02', 'from'],
    ['from=2026-01-01T10:05&to=2026-01-02', 'from'],
    ['from=0999-12-31&to=2026-01-01', 'from'],
    ['from=2026-01-01&to=10000-01-01', 'to'],
    ['from=2026-01-01T10:07:00Z&to=2026-01-02', 'from'],
    ['from=2026-01-01&to=2026-01-02T10:05', 'to'],
    ['from=2026-01-01&to=2026-01-02T10:14:59.999Z', 'to'],
    ['from=2026-01-01T10:00:30Z&to=2026-01-02', 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-01-02&to=2026-01-02', 'to'],
    ['from=2026-01-03&to=2026-01-02', 'to'],
    ['currency=eur', 'currency'],
    ['currency=EURO', 'currency'],
  ];
  for (const [query, field] of cases) {
    const reply = await api.request('GET', `/api/reports/games/${gameId}?${query}`, admin(api));
    t.is(reply.status, 400, query);
    t.is(reply.body.errors?.[0]?.path, field, query);
  }
  t.is((await api.request('GET', `/api/reports/summary?from=2026-01-01T00:00:01Z`, admin(api))).status, 400);
  t.is((await api.request('GET', '/api/reports/games/999999999', admin(api))).status, 404);
  t.is((await api.request('GET', '/api/reports/games/abc', admin(api))).status, 400);
  const thousand = await api.request('GET', `/api/reports/games/${gameId}?granularity=hour&from=2026-01-01T00:00:00Z&to=2026-02-11T16:00:00Z`, admin(api));
  t.is(thousand.status, 200, '1,000 periods is the bound');
  t.is(thousand.body.periods.length, 0, 'no currency moved: no rows');
  const many = await api.request('GET', `/api/reports/games/${gameId}?granularity=hour&from=2026-01-01T00:00:00Z&to=2026-02-11T16:15:00Z&currency=EUR`, admin(api));
  t.is(many.status, 400, '1,001 periods (the last a quarter hour)');
  const centuries = await api.request('GET', `/api/reports/games/${gameId}?granularity=month&from=1000-01-01&to=9999-12-01`, admin(api));
  t.is(centuries.status, 400);
  const summary = await api.request('GET', '/api/reports/summary?from=1000-01-02&to=9999-12-30&tz=Pacific/Chatham', admin(api));
  t.is(summary.status, 200, `a summary over any range reads the rows that exist: ${JSON.stringify(summary.body)}`);
});

test('staff only; a moderator limited to games reads theirs: another game\'s report is 403, the summary holds only theirs (REST and GraphQL)', async (t) => {
  const { api } = t.context;
  const mine = await game(api, 'Mine');
  const other = await game(api, 'Other');
  const at = Date.UTC(2026, 5, 1, 12);
  const moves = [mine, other].flatMap((gameId) => [
    move(gameId, 'reserve', at, { user: 'u1', currency: 'EUR', amount: 100, tx: `scope-${gameId}` }),
    move(gameId, 'confirm', at + 60_000, { user: 'u1', currency: 'EUR', amount: 100, win: 30, tx: `scope-${gameId}` }),
  ]);
  await applyOutboxBatch(api.database.db, moves);
  const moderator = await api.createUser('moderator', `reports_mod_${process.pid}`);
  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [mine] } })).status, 200);
  const as = { token: moderator.token };
  const range = 'from=2026-06-01&to=2026-06-02';
  t.is((await api.request('GET', `/api/reports/games/${mine}?${range}`, as)).status, 200);
  t.is((await api.request('GET', `/api/reports/games/${other}?${range}`, as)).status, 403);
  const summary = await api.request('GET', `/api/reports/summary?${range}`, as);
  t.deepEqual(summary.body.games.map((g: { game_id: number }) => g.game_id), [mine]);
  t.deepEqual(summary.body.games[0], {
    game_id: mine, game_name: 'Mine', deleted: false, currency: 'EUR', bets_count: 1, bets_amount: 100, wins_amount: 30, ggr: 70, hold_pct: 70, rtp_pct: 30,
    reserves_count: 1, reserves_amount: 100, cancels_count: 0, cancels_amount: 0, expiries_count: 0, expiries_amount: 0,
    topups_count: 0, topups_amount: 0, rewards_count: 0, rewards_amount: 0, closes_count: 0, closes_amount: 0, active_players: 1,
  });
  t.is(summary.body.totals[0].bets_amount, 100);
  const adminSummary = await api.request('GET', `/api/reports/summary?${range}`, admin(api));
  t.deepEqual(adminSummary.body.games.filter((g: { game_id: number }) => g.game_id === mine || g.game_id === other).map((g: { game_id: number }) => g.game_id), [mine, other]);
  t.is((await api.request('GET', `/api/reports/summary?${range}`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', `/api/reports/games/${mine}?${range}`, { token: api.users.user.token })).status, 403);
  t.is((await api.request('GET', `/api/reports/summary?${range}`)).status, 401);

  const graph = await gql(api, `{ gameReport(game_id: ${mine}, from: "2026-06-01", to: "2026-06-02") { periods { start currency ggr active_players } totals { currency hold_pct } }
    reportSummary(from: "2026-06-01", to: "2026-06-02") { games { game_id ggr } } }`, as);
  t.deepEqual(graph.body.data, {
    gameReport: { periods: [{ start: '2026-06-01T00:00:00+00:00', currency: 'EUR', ggr: '70', active_players: 1 }], totals: [{ currency: 'EUR', hold_pct: 70 }] },
    reportSummary: { games: [{ game_id: mine, ggr: '70' }] },
  });
  const refused = await gql(api, `{ gameReport(game_id: ${other}, from: "2026-06-01", to: "2026-06-02") { game_id } }`, as);
  t.is(refused.body.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  const bad = await gql(api, `{ gameReport(game_id: ${mine}, tz: "Nowhere") { game_id } }`, admin(api));
  t.regex(JSON.stringify(bad.body.errors), /tz/);
});

test('CSV: the same rows after a header line, money in major units by the currency\'s exponent, formulas kept as text, as a download', async (t) => {
  const { api } = t.context;
  const gameId = await game(api, '=HYPERLINK("http://evil.example","x"), "quoted"');
  const at = Date.UTC(2026, 6, 1, 9);
  await applyOutboxBatch(api.database.db, [
    move(gameId, 'reserve', at, { user: 'u1', currency: 'EUR', amount: 1005, tx: 'csv-1' }),
    move(gameId, 'confirm', at, { user: 'u1', currency: 'EUR', amount: 1005, win: 2010, tx: 'csv-1' }),
    move(gameId, 'reserve', at, { user: 'u2', currency: 'JPY', amount: 700, tx: 'csv-2' }),
    move(gameId, 'confirm', at, { user: 'u2', currency: 'JPY', amount: 700, win: 0, tx: 'csv-2' }),
  ]);
  const query = 'from=2026-07-01&to=2026-07-03';
  const json = await api.request('GET', `/api/reports/games/${gameId}?${query}`, admin(api));
  const csv = await api.request('GET', `/api/reports/games/${gameId}?${query}`, { ...admin(api), headers: { accept: 'text/csv' } });
  t.is(csv.status, 200);
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  t.regex(csv.headers.get('content-disposition') ?? '', /^attachment; filename="game-\d+-report\.csv"$/);
  const lines = (csv.body as string).trimEnd().split('\r\n');
  t.is(lines.length, 1 + json.body.periods.length, 'a header line, then one line per period and currency');
  t.true(lines[0]!.startsWith('start,currency,bets_count,bets_amount,wins_amount,ggr,hold_pct,rtp_pct,'));
  t.true(lines[1]!.startsWith('2026-07-01T00:00:00+00:00,EUR,1,10.05,20.10,-10.05,-100,200,'), lines[1]);
  t.true(lines[2]!.startsWith('2026-07-01T00:00:00+00:00,JPY,1,700,0,700,100,0,'), lines[2]);
  t.true(lines[3]!.startsWith('2026-07-02T00:00:00+00:00,EUR,0,0.00,0.00,0.00,,,'), lines[3]);
  const summary = await api.request('GET', `/api/reports/summary?${query}`, { ...admin(api), headers: { accept: 'text/csv, application/json' } });
  const row = (summary.body as string).split('\r\n').find((line) => line.startsWith(`${gameId},`));
  t.truthy(row);
  t.true(row!.startsWith(`${gameId},"'=HYPERLINK(""http://evil.example"",""x""), ""quoted""",false,EUR,`), row);
  for (const accept of ['application/json, text/csv', 'text/csv;q=0, application/json', 'text/csv;q=0.5, */*', '*/*']) {
    const preferJson = await api.request('GET', `/api/reports/summary?${query}`, { ...admin(api), headers: { accept } });
    t.regex(preferJson.headers.get('content-type') ?? '', /json/, accept);
  }
  const preferCsv = await api.request('GET', `/api/reports/summary?${query}`, { ...admin(api), headers: { accept: 'application/json;q=0.8, text/csv' } });
  t.regex(preferCsv.headers.get('content-type') ?? '', /csv/);
});

test('an API top-up cannot take a period reward\'s key: a reward is told from a top-up by it', async (t) => {
  const { api } = t.context;
  const gameId = await game(api);
  const user = await api.createUser('user', `reports_player_${process.pid}`);
  const ug = await api.request('POST', `/api/users/${user.id}/games`, { ...admin(api), body: { game_id: gameId } });
  t.is(ug.status, 201, JSON.stringify(ug.body));
  const reply = await api.request('POST', `/api/user-games/${ug.body.id}/topup`, { ...admin(api), body: { amount: 5, currency: 'EUR' }, headers: { 'idempotency-key': 'lb-payout-1' } });
  t.is(reply.status, 400);
  t.regex(JSON.stringify(reply.body), /Idempotency-Key/);
});

test('sums past 2^53 and 10^21 are exact: JSON integers in full, CSV in decimal digits, GraphQL Money text', async (t) => {
  const { api } = t.context;
  const gameId = await game(api, 'Whale');
  const at = Date.UTC(2026, 7, 1, 9);
  const big = 2 ** 53 - 1;
  // 112 rounds of 2^53−1 each: 1,008,806,316,530,991,104 staked (past 2^63), a third of the rounds won back.
  const moves: OutboxEvent[] = [];
  for (let i = 0; i < 112; i += 1) {
    moves.push(move(gameId, 'reserve', at, { user: `whale${i % 3}`, currency: 'EUR', amount: big, tx: `big-${i}` }));
    moves.push(move(gameId, 'confirm', at + 1000, { user: `whale${i % 3}`, currency: 'EUR', amount: big, win: i % 3 === 0 ? big : 0, tx: `big-${i}` }));
  }
  // Three top-ups of the largest amount: 27021597764222973, which a double would write as …972.
  for (let i = 0; i < 3; i += 1) moves.push(move(gameId, 'topup', at, { user: 'whale0', currency: 'EUR', amount: big }));
  // In JPY (exponent 0) the CSV cell is the sum itself, past 10^18: a double's text would round it.
  for (let i = 0; i < 112; i += 1) {
    moves.push(move(gameId, 'reserve', at, { user: 'jp', currency: 'JPY', amount: big, tx: `jp-${i}` }));
    moves.push(move(gameId, 'confirm', at, { user: 'jp', currency: 'JPY', amount: big, win: 0, tx: `jp-${i}` }));
  }
  for (let i = 0; i < moves.length; i += 100) await applyOutboxBatch(api.database.db, moves.slice(i, i + 100));
  const stored = await api.database.db('report_rollups').where({ game_id: String(gameId), unit: 3, currency: 'EUR' }).first('topups_amount');
  t.is(String(stored.topups_amount), '27021597764222973', 'MySQL holds the exact sum');

  const bets = BigInt(big) * 112n;
  const wins = BigInt(big) * 38n;
  const query = 'from=2026-08-01&to=2026-08-02&currency=EUR';
  const reply = await fetch(`${api.base}/api/reports/games/${gameId}?${query}`, { headers: { authorization: `Bearer ${api.users.admin.token}` } });
  const text = await reply.text();
  t.true(text.includes('"topups_amount":27021597764222973'), 'the JSON integer in full');
  t.true(text.includes(`"bets_amount":${bets}`));
  t.true(text.includes(`"wins_amount":${wins}`));
  t.true(text.includes(`"ggr":${bets - wins}`));
  t.like(JSON.parse(text).totals[0], { currency: 'EUR', bets_count: 112, active_players: 3 });

  const csv = await api.request('GET', `/api/reports/games/${gameId}?from=2026-08-01&to=2026-08-02&currency=JPY`, { ...admin(api), headers: { accept: 'text/csv' } });
  const jpy = (csv.body as string).split('\r\n')[1]!;
  t.true(jpy.startsWith(`2026-08-01T00:00:00+00:00,JPY,112,${bets},0,${bets},`), jpy);
  const eurCsv = await api.request('GET', `/api/reports/games/${gameId}?${query}`, { ...admin(api), headers: { accept: 'text/csv' } });
  const eur = (eurCsv.body as string).split('\r\n')[1]!;
  const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  t.true(eur.startsWith(`2026-08-01T00:00:00+00:00,EUR,112,${major(bets)},${major(wins)},${major(bets - wins)},`), eur);

  const summary = await fetch(`${api.base}/api/reports/summary?${query}`, { headers: { authorization: `Bearer ${api.users.admin.token}` } });
  t.true((await summary.text()).includes(`"bets_amount":${bets}`), 'the summary too');
  const graph = await gql(api, `{ gameReport(game_id: ${gameId}, from: "2026-08-01", to: "2026-08-02", currency: "EUR") { totals { bets_amount topups_amount } } }`, admin(api));
  t.deepEqual(graph.body.data.gameReport.totals[0], { bets_amount: String(bets), topups_amount: '27021597764222973' });

  // Reconcile compares what the API prints with the ledger: exact here, and a figure off by one is named.
  const ofThisGame = async () => (await checkPrintedTotals(api.database.db, 1000)).mismatches.filter((m) => m.gameId === String(gameId));
  t.deepEqual(await ofThisGame(), []);
  await api.database.db('report_rollups').where({ game_id: String(gameId), unit: 3, currency: 'EUR' }).increment('topups_amount', 1);
  t.deepEqual(await ofThisGame(), [{ gameId: String(gameId), currency: 'EUR', figure: 'topups_amount', ledger: '27021597764222973', printed: '27021597764222974' }]);
});

test('a sum of 10^21 and more in CSV is decimal digits, never exponent form', (t) => {
  t.is(majorUnits(1_008_800_000_000_000_000_000n, 2), '10088000000000000000.00');
  t.is(majorUnits(-1_008_800_000_000_000_000_123n, 3), '-1008800000000000000.123');
  t.is(majorUnits(5n, 2), '0.05');
  t.is(majorUnits(0n, 0), '0');
});

test('a deleted game stays in the summary and its totals, marked deleted, under the name it had', async (t) => {
  const { api } = t.context;
  const kept = await game(api, 'Kept');
  const gone = await game(api, 'Gone');
  const at = Date.UTC(2026, 8, 1, 12);
  await applyOutboxBatch(api.database.db, [kept, gone].flatMap((gameId) => [
    move(gameId, 'reserve', at, { user: 'u1', currency: 'EUR', amount: 100, tx: `del-${gameId}` }),
    move(gameId, 'confirm', at, { user: 'u1', currency: 'EUR', amount: 100, win: 0, tx: `del-${gameId}` }),
  ]));
  t.is((await api.request('DELETE', `/api/games/${gone}`, admin(api))).status, 204);
  const summary = await api.request('GET', '/api/reports/summary?from=2026-09-01&to=2026-09-02', admin(api));
  const rows = summary.body.games.filter((g: { game_id: number }) => g.game_id === kept || g.game_id === gone);
  t.deepEqual(rows.map((g: { game_id: number; game_name: string; deleted: boolean }) => [g.game_id, g.game_name, g.deleted]), [[kept, 'Kept', false], [gone, 'Gone', true]]);
  t.is(summary.body.totals.find((total: { currency: string }) => total.currency === 'EUR').bets_amount, 200, 'the totals count the deleted game');
  const csv = await api.request('GET', '/api/reports/summary?from=2026-09-01&to=2026-09-02', { ...admin(api), headers: { accept: 'text/csv' } });
  t.true((csv.body as string).includes(`\r\n${gone},Gone,true,EUR,1,1.00,`));
  // A moderator limited to the kept game sees only it.
  const moderator = await api.createUser('moderator', `reports_del_${process.pid}`);
  t.is((await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { ...admin(api), body: { game_ids: [kept] } })).status, 200);
  const scoped = await api.request('GET', '/api/reports/summary?from=2026-09-01&to=2026-09-02', { token: moderator.token });
  t.deepEqual(scoped.body.games.map((g: { game_id: number }) => g.game_id), [kept]);
});

test('a report up to 9999-12-31 has its periods; one with no from or to covers the last 30 local days, today included', async (t) => {
  const { api } = t.context;
  const gameId = await game(api, 'Far future');
  const late = Date.UTC(9999, 11, 30, 23, 45);
  await applyOutboxBatch(api.database.db, [
    move(gameId, 'reserve', late, { user: 'u1', currency: 'EUR', amount: 7, tx: 'far-1' }),
    move(gameId, 'confirm', late, { user: 'u1', currency: 'EUR', amount: 7, win: 0, tx: 'far-1' }),
  ]);
  const far = await api.request('GET', `/api/reports/games/${gameId}?from=9999-12-01&to=9999-12-31&currency=EUR`, admin(api));
  t.is(far.status, 200);
  t.is(far.body.periods.length, 30);
  t.like(far.body.periods.at(-1), { start: '9999-12-30T00:00:00+00:00', bets_amount: 7, active_players: 1 });
  const lastQuarter = await api.request('GET', `/api/reports/games/${gameId}?from=9999-12-30T23:45&to=9999-12-31&granularity=hour&currency=EUR`, admin(api));
  t.like(lastQuarter.body.periods[0], { start: '9999-12-30T23:00:00+00:00', bets_amount: 7 });
  const toTheEnd = await api.request('GET', `/api/reports/games/${gameId}?from=9999-12-30&to=9999-12-31T23:45&currency=EUR`, admin(api));
  t.deepEqual(toTheEnd.body.periods.map((p: { start: string; bets_amount: number }) => [p.start, p.bets_amount]), [['9999-12-30T00:00:00+00:00', 7], ['9999-12-31T00:00:00+00:00', 0]]);
  t.is((await api.request('GET', `/api/reports/games/${gameId}?from=9999-12-31&to=9999-12-31T24:00`, admin(api))).body.errors[0].path, 'to', 'nothing past 9999');

  const byDefault = await api.request('GET', `/api/reports/games/${gameId}?currency=EUR&tz=Asia/Tokyo`, admin(api));
  t.is(byDefault.status, 200);
  const days = byDefault.body.periods as Array<{ start: string }>;
  t.is(days.length, 30);
  const tokyoToday = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  t.is(days.at(-1)!.start, `${tokyoToday}T00:00:00+09:00`, 'today (in the zone) is the last period');
});

test('GraphQL weighs a report by what it may read: nine aliases of a 950-day report are refused before any runs; one is fine, and so are many of a month', async (t) => {
  const { api } = t.context;
  const gameId = await game(api, 'Weighed');
  const long = (alias: string, from: string) => `${alias}: gameReport(game_id: ${gameId}, from: "${from}", to: "2026-08-08", granularity: "day") { totals { ggr } }`;
  const starts = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07', '2024-01-08', '2024-01-09'];
  const nine = await gql(api, `{ ${starts.map((from, i) => long(`r${i}`, from)).join(' ')} }`, admin(api));
  t.is(nine.body.errors?.[0]?.extensions?.code, 'BAD_REQUEST', JSON.stringify(nine.body));
  t.regex(nine.body.errors[0].message, /the query may return \d+ objects; the limit is 100000/);
  t.is(nine.body.data, undefined, 'nothing ran');
  const one = await gql(api, `{ ${long('r0', '2024-01-01')} }`, admin(api));
  t.is(one.body.errors, undefined, JSON.stringify(one.body.errors));
  // Through variables as through literals.
  const byVariables = await gql(api, `query ($from: String) { ${starts.map((_, i) => `r${i}: gameReport(game_id: ${gameId}, from: $from, to: "2026-08-08") { totals { ggr } }`).join(' ')} }`, { ...admin(api), variables: { from: '2024-01-01' } });
  t.is(byVariables.body.errors?.[0]?.extensions?.code, 'BAD_REQUEST');
  const months = await gql(api, `{ ${Array.from({ length: 20 }, (_, i) => `m${i}: gameReport(game_id: ${gameId}, from: "2026-0${1 + (i % 7)}-01", to: "2026-0${2 + (i % 7)}-01") { totals { ggr } }`).join(' ')} }`, admin(api));
  t.is(months.body.errors, undefined, JSON.stringify(months.body.errors));
  const summaries = await gql(api, `{ a: reportSummary(from: "2024-01-01", to: "2026-08-08") { totals { ggr } } b: reportSummary(from: "2024-01-02", to: "2026-08-08") { totals { ggr } } }`, admin(api));
  t.is(summaries.body.errors?.[0]?.extensions?.code, 'BAD_REQUEST', 'two summaries of 950 days weigh too much');
  const longSummary = await gql(api, '{ reportSummary(from: "1000-01-01", to: "9999-12-31") { totals { ggr } } }', admin(api));
  t.is(longSummary.body.errors, undefined, 'any one summary is answered, as REST answers it');

  // Arguments the field reads as "not given" weigh what the field then reads (the defaults), not nothing.
  const blanks = await gql(api, `{ ${starts.map((from, i) => `r${i}: gameReport(game_id: ${gameId}, from: "${from}", to: "2026-08-08", granularity: "", tz: "", currency: "") { totals { ggr } }`).join(' ')} }`, admin(api));
  t.is(blanks.body.errors?.[0]?.extensions?.code, 'BAD_REQUEST', 'granularity "" is a day report of 950 periods');
  const defaults = await gql(api, `query ($from: String = "2024-01-01", $g: String = "day") { ${starts.map((_, i) => `r${i}: gameReport(game_id: ${gameId}, from: $from, to: "2026-08-08", granularity: $g) { totals { ggr } }`).join(' ')} }`, admin(api));
  t.is(defaults.body.errors?.[0]?.extensions?.code, 'BAD_REQUEST', 'a variable\'s default counts as its value');
});
