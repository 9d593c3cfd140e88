import anyTest, { type TestFn } from 'ava';
import type { Knex } from 'knex';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { listUserGameLedger } from '../../src/records/ledger-reads';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// Issue 47, review item 11: a wallet's history filtered by round, kind or time reads the moves that
// match through an index (EXPLAIN says which, and how many rows it expects), and GraphQL charges a
// page for the rows its offset reads past, so 100 aliases of a deep page are refused before they run.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

const MOVES = 6000;
let n = 0;
async function wallet(api: TestApi) {
  const mine = (n += 1);
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: 'H', slug: `history-${process.pid}-${mine}` })).id;
  const user = await api.createUser('user', `history_${process.pid}_${mine}`);
  const ug = await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: gameId });
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const rows = Array.from({ length: MOVES }, (_, i) => ({
    event_id: `h${process.pid}-${mine}-${i}`, stream_ms: start + i * 1000, stream_seq: 0, kind: i % 2 === 0 ? 'reserve' : 'confirm',
    user_id: String(user.id), game_id: String(gameId), currency: 'EUR', amount: 1, win_amount: 0, available_balance: i, reserved_balance: 0,
    transaction_id: `t${Math.floor(i / 2)}`, round_id: `round-${Math.floor(i / 2)}`, created_at: new Date(start + i * 1000),
  }));
  for (let i = 0; i < rows.length; i += 1000) await api.database.db('ledger_entries').insert(rows.slice(i, i + 1000));
  await api.database.db.raw('ANALYZE TABLE ledger_entries');
  return { ug, userId: String(user.id), gameId: String(gameId), start };
}

async function plan(db: Knex, query: Promise<unknown>): Promise<Array<{ key: string | null; rows: number }>> {
  const sql = (query as unknown as Knex.QueryBuilder).toString();
  const [rows] = (await db.raw(`EXPLAIN ${sql}`)) as [Array<{ key: string | null; rows: number | string }>];
  return rows.map((row) => ({ key: row.key, rows: Number(row.rows) }));
}

test('each filter of a history is served by an index: a round and a kind by their own, a narrow time range by the time index', async (t) => {
  const { api } = t.context;
  const { userId, gameId, start } = await wallet(api);
  const { db } = api.database;
  const page = { limit: 1, offset: 0 };
  const round = await plan(db, listUserGameLedger(db, userId, gameId, { round_id: 'no-such-round' }, page));
  t.is(round[0]!.key, 'ledger_wallet_round');
  t.true(round[0]!.rows <= 10, `a round examines its rows only: ${JSON.stringify(round)}`);
  const kind = await plan(db, listUserGameLedger(db, userId, gameId, { kind: 'topup' }, page));
  t.is(kind[0]!.key, 'ledger_wallet_kind');
  t.true(kind[0]!.rows <= 10, JSON.stringify(kind));
  const window = await plan(db, listUserGameLedger(db, userId, gameId, { since: new Date(start + 10_000), until: new Date(start + 20_000) }, page));
  t.is(window[0]!.key, 'ledger_wallet_time');
  t.true(window[0]!.rows <= 20, JSON.stringify(window));
  const kindLongAgo = await plan(db, listUserGameLedger(db, userId, gameId, { kind: 'confirm', until: new Date(start + 10_000) }, page));
  t.is(kindLongAgo[0]!.key, 'ledger_wallet_time', `a kind far back in time is read by the time range: ${JSON.stringify(kindLongAgo)}`);
  const found = await listUserGameLedger(db, userId, gameId, { round_id: 'round-7' }, { limit: 10, offset: 0 });
  t.deepEqual(found.map((row) => row.kind), ['confirm', 'reserve'], 'newest first within the round');
});

test('GraphQL: a history page costs its offset too, so 100 aliases of a deep page are refused before they run; shallow ones pass', async (t) => {
  const { api } = t.context;
  const { ug } = await wallet(api);
  const aliases = (offset: number) => `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: transactions(user_game_id: ${ug.id}, round_id: "x", limit: 1, offset: ${offset}) { id }`).join(' ')} }`;
  const deep = await gql(api, aliases(1000), { token: api.users.admin.token });
  t.is(deep.body.errors?.[0]?.extensions?.code, 'BAD_REQUEST', JSON.stringify(deep.body).slice(0, 300));
  t.regex(deep.body.errors[0].message, /may return \d+ objects/);
  const started = Date.now();
  const shallow = await gql(api, aliases(0), { token: api.users.admin.token });
  t.is(shallow.body.errors, undefined);
  t.is(Object.keys(shallow.body.data).length, 100);
  t.log(`100 aliases of a round filter on ${MOVES} moves: ${Date.now() - started} ms`);
});
