import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LUA_WORD_TABLES } from '../../src/redis/lua-layouts';
import { helpersFor, helpersSource, LUA_DIR } from '../../src/redis/lua-sources';
import { REJECTION_REASONS, REPLY_RECORD_STATUS, SCRIPT_CODES, STATUSES } from '../../src/redis/shared-codes';
import { CURRENCY_AT, NONCE_OFFSET, OUTBOX_LAYOUTS, REDIS_LAYOUT, TRANSACTION_RECORD_FIELDS } from '../../src/redis/shared-layouts';
import {
  formatIdempotencyRecord, formatWalletRecord, parseTopupReply, parseTransactionRecord, parseWalletRecord, topupFingerprint, topupReplyFields,
} from '../../src/redis/stored-records';
import { reserveTarget, walletAddress } from '../../src/redis/wallet-keys';
import { outboxEventsOf } from '../../src/sync/outbox-event';
import { createTestRedis } from '../helpers/redis';

// The layouts Lua and TypeScript share are defined once (shared-layouts.ts); these tests run the Lua
// made from them in Redis and read what it wrote with the TypeScript that reads the same table.

/** Runs `body` in Redis after the helpers it includes; returns its reply. */
async function runLua(body: string, args: string[] = [], reply: 'text' | 'bytes' = 'text'): Promise<unknown> {
  const { redis, cleanup } = await createTestRedis();
  try {
    const script = `${helpersSource([body])}\n${body}`;
    return await (reply === 'bytes' ? redis.callBuffer('EVAL', script, '0', ...args) : redis.eval(script, 0, ...args));
  } finally {
    await cleanup();
  }
}

test('the offsets in a transaction_id: the currency and the nonce where a real id has them, in Lua as in TypeScript', async (t) => {
  const { transactionId } = reserveTarget(walletAddress('u1', 'g1', 'JPY'), 'request-1');
  t.is(transactionId.slice(CURRENCY_AT, CURRENCY_AT + 3), 'JPY');
  t.is(transactionId[NONCE_OFFSET - 1], '-');
  t.regex(transactionId.slice(NONCE_OFFSET), /^[A-Za-z0-9_-]{11}$/);
  const fromLua = await runLua(
    '-- include: layouts\nreturn { string.sub(ARGV[1], CURRENCY_AT, CURRENCY_END), string.sub(ARGV[1], NONCE_AT) }',
    [transactionId],
  );
  t.deepEqual(fromLua, ['JPY', transactionId.slice(NONCE_OFFSET)]);
});

test('every outbox entry the Lua makes reads back, value by value, as the TypeScript names them', async (t) => {
  for (const [code, layout] of Object.entries(OUTBOX_LAYOUTS)) {
    const values = layout.values.map((name) => (name === 'at' ? '1700000000000' : name === 'transactionId' ? '0a.AAAAAAAAAAAAAAAAAAAAAA.EUR-BBBBBBBBBBBBBBBB-CCCCCCCCCCC' : `${name}-value`));
    const args = layout.commentFollows ? [...values, 'a comment\nover two lines'] : values;
    const entry = await runLua(`-- include: layouts\nreturn ${layout.lua}(unpack(ARGV))`, args);
    const event = outboxEventsOf(0, ['1-0', ['e', entry as string]])[0]!;
    t.is((entry as string).split('\n')[0], code);
    t.is(event.kind, layout.kind, code);
    layout.values.forEach((name, i) => {
      if (name === 'at') t.is(event.atMs, 1700000000000);
      else t.is(event[name], values[i]!, `${code}: ${name}`);
    });
    if (layout.commentFollows) t.is(event.comment, 'a comment\nover two lines');
  }
});

test('a record the Lua packs reads back field by field in TypeScript, and the other way round', async (t) => {
  const values = TRANSACTION_RECORD_FIELDS.map((field) => `${field}-value`);
  const packed = await runLua('-- include: records\nreturn pack_tx(ARGV)', values);
  const record = parseTransactionRecord(Buffer.from(packed as string));
  TRANSACTION_RECORD_FIELDS.forEach((field, i) => t.is(record[field], values[i]!));
  const parsed = await runLua('-- include: records\nreturn parse_tx(pack_tx(ARGV))', values);
  t.deepEqual(parsed, values);
});

test('helpers come after what they include, each once', (t) => {
  const order = helpersFor(['-- include: items, settle, idempotency']);
  t.deepEqual([...new Set(order)], order);
  t.true(order.indexOf('layouts') < order.indexOf('wallet'));
  t.true(order.indexOf('wallet') < order.indexOf('unit_of_work'));
  t.true(order.indexOf('unit_of_work') < order.indexOf('settle'));
  t.deepEqual(helpersFor(['return 1']), []);
});

test('a wallet record whose layout byte is not this code\'s is refused by the parser, not read as balances', (t) => {
  const record = formatWalletRecord({ available: '1500', reserved: '25', userId: 'u', gameId: 'g', currency: 'EUR' });
  t.deepEqual(parseWalletRecord(record), { available: '1500', reserved: '25', userId: 'u', gameId: 'g', currency: 'EUR' });
  for (const layout of [0, REDIS_LAYOUT - 1, REDIS_LAYOUT + 1, 255]) {
    const other = Buffer.from(record);
    other[0] = layout;
    t.throws(() => parseWalletRecord(other), { message: new RegExp(`layout ${REDIS_LAYOUT}`) }, `layout byte ${layout}`);
  }
  t.throws(() => parseWalletRecord(record.subarray(0, 10)), undefined, 'a record cut short');
});

test('a wallet record and a keyed top-up\'s idempotency record the Lua packs are what the TypeScript writes for `restore`, byte for byte', async (t) => {
  const wallet = { available: '9007199254740991', reserved: '25', userId: 'u', gameId: 'g', currency: 'EUR' };
  const fromLua = await runLua(
    "-- include: wallet\nreturn pack_wallet({ tonumber(ARGV[1]), tonumber(ARGV[2]), wallet_owner(ARGV[3], ARGV[4], ARGV[5]) })",
    [wallet.available, wallet.reserved, wallet.userId, wallet.gameId, wallet.currency],
    'bytes',
  );
  t.deepEqual(fromLua, formatWalletRecord(wallet));
  const reply = { topup_id: '129', available: '1500', reserved: '0', created_at_ms: '1700000000000' };
  const fields = { amount: '1500', currency: 'EUR', comment: 'a comment\nover two lines' };
  const record = await runLua(
    '-- include: layouts\nreturn idempotency_record(topup_reply(ARGV[1], ARGV[2], ARGV[3], ARGV[4]), topup_fingerprint(ARGV[5], ARGV[6], ARGV[7]))',
    [...Object.values(reply), ...Object.values(fields)],
  );
  t.is(record, formatIdempotencyRecord(topupReplyFields(reply), topupFingerprint(fields)));
  t.deepEqual(parseTopupReply(topupReplyFields(reply)), reply);
});

/** The scripts and their helpers, by their paths in lua/. */
const luaFiles = () => [...readdirSync(LUA_DIR).filter((name) => name.endsWith('.lua')), ...readdirSync(path.join(LUA_DIR, 'lib')).map((name) => `lib/${name}`)];
/** A Lua source without its comments. */
const luaCode = (source: string) => source.replace(/--\[\[[\s\S]*?\]\]/g, '').replace(/--.*$/gm, '');

/** Every single-quoted literal of a Lua source outside its comments. */
function luaLiterals(source: string): string[] {
  return [...luaCode(source).matchAll(/'((?:[^'\\\n]|\\.)*)'/g)].map(([, literal]) => literal!);
}

test('the scripts spell no reply code, status or rejection reason: they name them through the tables made from the shared definitions', (t) => {
  const words = new Set<string>([...Object.keys(SCRIPT_CODES), ...STATUSES, ...REJECTION_REASONS, REPLY_RECORD_STATUS]);
  const files = luaFiles();
  t.true(files.length > 15, 'the scripts were found');
  for (const file of files) {
    const spelled = luaLiterals(readFileSync(path.join(LUA_DIR, file), 'utf8')).filter((literal) => words.has(literal));
    t.deepEqual(spelled, [], `lua/${file}`);
  }
  t.deepEqual(luaLiterals("x = 'OK' -- 'NOT_FOUND'\n--[[ 'CONFLICT' ]] y = 'a\\'b'"), ['OK', "a\\'b"], 'the scan reads code, not comments');
});

test('every reply word the scripts name (CODE.x, STATUS.x, REJECT.x) is one the tables hold: a misspelt name would read nil', async (t) => {
  const named = luaFiles().flatMap((file) =>
    [...luaCode(readFileSync(path.join(LUA_DIR, file), 'utf8')).matchAll(/\b([A-Z]+)\.(\w+)/g)]
      .filter(([, table]) => table! in LUA_WORD_TABLES)
      .map(([use, table, word]) => ({ use: `lua/${file}: ${use}`, held: LUA_WORD_TABLES[table!]!.includes(word!) })));
  t.true(named.length > 40, `the scripts name ${named.length} words`);
  t.deepEqual(named.filter(({ held }) => !held).map(({ use }) => use), []);
  t.deepEqual(await runLua('-- include: layouts\nreturn { CODE.NOT_FOUND, STATUS.already_canceled, REJECT.loss_limit, REPLY_RECORD }'), ['NOT_FOUND', 'already_canceled', 'loss_limit', 'reply']);
});
