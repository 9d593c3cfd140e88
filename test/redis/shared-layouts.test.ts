import test from 'ava';
import { helpersFor, helpersSource } from '../../src/redis/lua-sources';
import { CURRENCY_AT, NONCE_OFFSET, OUTBOX_LAYOUTS, REDIS_LAYOUT, TRANSACTION_RECORD_FIELDS } from '../../src/redis/shared-layouts';
import { formatWalletRecord, parseTransactionRecord, parseWalletRecord } from '../../src/redis/stored-records';
import { reserveTarget, walletAddress } from '../../src/redis/wallet-keys';
import { parseOutboxEntry } from '../../src/sync/outbox-event';
import { createTestRedis } from '../helpers/redis';

// The layouts Lua and TypeScript share are defined once (shared-layouts.ts); these tests run the Lua
// made from them in Redis and read what it wrote with the TypeScript that reads the same table.

/** Runs `body` in Redis after the helpers it includes; returns its reply. */
async function runLua(body: string, args: string[] = []): Promise<unknown> {
  const { redis, cleanup } = await createTestRedis();
  try {
    return await redis.eval(`${helpersSource([body])}\n${body}`, 0, ...args);
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
    const event = parseOutboxEntry(0, ['1-0', ['e', entry as string]]);
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
