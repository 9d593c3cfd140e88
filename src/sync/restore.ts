import type { Knex } from 'knex';
import { Cluster } from 'ioredis';
import { scanKeys } from '../redis/key-scan';
import { redisReady } from '../redis/redis-ready';
import { REDIS_LAYOUT, REDIS_LAYOUT_KEY } from '../redis/layout-upgrade';
import { registerScripts, type RedisLike } from '../redis/script-registry';
import {
  formatIdempotencyRecord,
  formatTransactionRecord,
  formatWalletRecord,
  topupFingerprint,
  closeFingerprint,
  closeReplyFields,
  topupReplyFields,
  type TransactionRecord,
} from '../redis/stored-records';
import { NONCE_OFFSET } from '../redis/shared-layouts';
import { keys, PARTITION_COUNT, partitionTag, walletAddress, walletOfTransaction } from '../redis/wallet-keys';
import { LEDGER_TABLE, MOVE_EFFECTS, TRANSACTIONS_TABLE, type LedgerEntryRow, type MoveTerms, type TransactionRow } from '../records/ledger-tables';
import { createOutboxStore } from './outbox-store';
import { createPartitionWriter, type PartitionWriter } from './partition-writer';
import { restoreControls, type ControlsReport } from './restore-controls';

export interface RestoreOptions {
  readonly idempotencyTtlS: number;
  /** RESERVATION_TIMEOUT_S > 0: open reservations carry their creation time and go into the open index. */
  readonly reservationsExpire: boolean;
  /** Restore over a Redis that holds engine data: that data is deleted first. */
  readonly force: boolean;
  readonly now?: number;
  readonly log?: (line: string) => void;
}

export interface RestoreReport {
  readonly ledgerRows: number;
  readonly transactionRows: number;
  readonly wallets: number;
  readonly openReservations: number;
  /** Settled transactions whose Reserve is still inside IDEMPOTENCY_TTL_S: their records, expiring with it. */
  readonly recentSettled: number;
  readonly topupRecords: number;
  /** SPEC §1.11's freezes and limits, rebuilt from MySQL. */
  readonly controls: ControlsReport;
  readonly deletedKeys: number;
  readonly seconds: number;
}

/** Thrown when Redis holds engine data and --force was not given. */
export class RestoreRefused extends Error {}

/** Engine keys (wallets, records, idempotency, outbox, indexes, sequences, currencies, fences, limits, freezes). */
const ENGINE_KEYS = '[wtioencflz]{p*';
/** Keys deleted per command while clearing. */
const FLUSH_EVERY = 500;

/**
 * SPEC §1.10 `restore`: rebuilds the engine's Redis state from MySQL after Redis lost it. While it
 * runs, Redis holds no layout marker, so no role starts and running ones answer UNAVAILABLE (their
 * store gate, store-gate.ts); the marker is written last. Two passes over MySQL, streamed:
 *
 * 1. the ledger, grouped by user-game: every wallet's balances as the sum of its moves, as reconcile
 *    counts them (with the user-game's currency set), each partition's top-up sequence and last outbox id (new entries must
 *    sort after every id MySQL holds: the ledger is keyed by them), and the records of keyed top-ups
 *    still inside IDEMPOTENCY_TTL_S, expiring when they would have;
 * 2. the transactions: every one still reserved, with the balances after its Reserve (so Confirm,
 *    Cancel, GetTransaction, expiry and a repeat of the Reserve work as before), and every settled one
 *    whose Reserve is inside the idempotency window, whole (so a repeat of its Reserve replays instead
 *    of reserving again), expiring with the window. Older settled ones are answered from MySQL.
 *
 * 3. freezes and limits (restore-controls.ts), the loss limits' counts from the ledger.
 *
 * What it cannot bring back: moves that never reached MySQL, the replies of rejected Reserves and of
 * already_confirmed / already_canceled requests (no move, so not in the ledger).
 */
export async function restoreFromLedger(redis: RedisLike, db: Knex, options: RestoreOptions): Promise<RestoreReport> {
  const started = Date.now();
  const now = options.now ?? started;
  const log = options.log ?? (() => undefined);
  // A cluster client knows its masters once it is ready: until then there would be no node to check.
  if (!(await redisReady(redis, 10_000))) throw new Error('Redis does not answer (REDIS_URL / REDIS_CLUSTER_NODES): nothing was restored');
  const deletedKeys = await clearEngineKeys(redis, options.force);
  await redis.del(REDIS_LAYOUT_KEY);
  const writes = createPartitionWriter(redis);

  const ledger = await restoreLedger(db, writes, now, options.idempotencyTtlS);
  log(`ledger: ${ledger.rows} rows, ${ledger.wallets} wallets, ${ledger.topupRecords} top-up records`);
  const transactions = await restoreTransactions(db, writes, now, options);
  log(`transactions: ${transactions.rows} rows, ${transactions.open} open, ${transactions.recentSettled} settled inside the idempotency window`);

  registerScripts(redis); // the limits records are rebuilt through lua/limits.lua
  const controls = await restoreControls(db, writes, now);
  log(`controls: ${controls.frozenUsers} frozen users, ${controls.frozenUserGames} frozen user-games, ${controls.limitedWallets} wallets with limits`);

  const outbox = createOutboxStore(redis, 'restore');
  for (let partition = 0; partition < PARTITION_COUNT; partition += 1) {
    await outbox.ensureGroup(partition);
    const last = ledger.lastStreamIds.get(partition);
    if (last) writes.add(partition, (p) => p.call('XSETID', keys.outbox({ tag: partitionTag(partition) }), last));
    const sequence = ledger.topupSequences.get(partition);
    if (sequence !== undefined) writes.add(partition, (p) => p.set(keys.topupSequence({ tag: partitionTag(partition) }), String(sequence)));
  }
  await writes.flushAll();
  await redis.set(REDIS_LAYOUT_KEY, REDIS_LAYOUT);
  return {
    ledgerRows: ledger.rows,
    transactionRows: transactions.rows,
    wallets: ledger.wallets,
    openReservations: transactions.open,
    recentSettled: transactions.recentSettled,
    topupRecords: ledger.topupRecords,
    controls,
    deletedKeys,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Refuses (RestoreRefused) a Redis holding engine keys, or with `force` deletes them; returns how many. */
async function clearEngineKeys(redis: RedisLike, force: boolean): Promise<number> {
  const prefix = (redis.options as { keyPrefix?: string }).keyPrefix ?? '';
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  let deleted = 0;
  for (const node of nodes) {
    const found = (await scanKeys(node, prefix + ENGINE_KEYS)).map((key) => key.slice(prefix.length));
    if (found.length === 0) continue;
    if (!force) {
      throw new RestoreRefused(
        `Redis holds engine data (${found.length}+ keys such as ${found[0]}): restore rebuilds an empty one. ` +
          'Pass --force to delete what it holds (outbox entries not yet in MySQL included) and restore over it',
      );
    }
    const byPartition = new Map<string, string[]>();
    for (const key of found) {
      const tag = /\{p[0-9a-f]{2}\}/.exec(key)?.[0] ?? '';
      byPartition.set(tag, [...(byPartition.get(tag) ?? []), key]);
    }
    for (const group of byPartition.values()) {
      for (let i = 0; i < group.length; i += FLUSH_EVERY) await redis.del(...group.slice(i, i + FLUSH_EVERY));
    }
    deleted += found.length;
  }
  return deleted;
}


/** A move's effect on one balance (MOVE_EFFECTS): a wallet is restored as the sum of its moves. */
const effect = (terms: MoveTerms, amount: bigint, win: bigint) => BigInt(terms.amount) * amount + BigInt(terms.win) * win;

/** The columns of a ledger row restore replays. */
type LedgerStreamRow = Pick<LedgerEntryRow,
  'event_id' | 'stream_ms' | 'stream_seq' | 'kind' | 'user_id' | 'game_id' | 'currency' | 'amount' | 'win_amount' | 'available_balance' | 'reserved_balance'
  | 'request_id' | 'topup_id' | 'comment' | 'created_at'>;

/** The idempotency record a keyed top-up or close left (as topup.lua and close_wallet.lua remember it), rebuilt from its row. */
function keyedMoveRecord(row: LedgerStreamRow): string {
  const at = { available: String(row.available_balance), reserved: String(row.reserved_balance), created_at_ms: String(row.created_at.getTime()) };
  if (row.kind === 'close') {
    const reply = closeReplyFields({ close_id: String(row.topup_id), amount: String(row.amount), ...at });
    return formatIdempotencyRecord(reply, closeFingerprint({ currency: row.currency, reason: row.comment ?? '' }));
  }
  const reply = topupReplyFields({ topup_id: String(row.topup_id), ...at });
  return formatIdempotencyRecord(reply, topupFingerprint({ amount: String(row.amount), currency: row.currency, comment: row.comment ?? '' }));
}

async function restoreLedger(db: Knex, writes: PartitionWriter, now: number, idempotencyTtlS: number) {
  const lastStreamIds = new Map<number, string>();
  const lastStream = new Map<number, [bigint, number]>();
  const topupSequences = new Map<number, number>();
  let rows = 0;
  let wallets = 0;
  let topupRecords = 0;
  /** The current user-game's wallets by currency (rows come grouped by user-game): the sums of their moves. */
  let userGame = '';
  let balances = new Map<string, { userId: string; gameId: string; available: bigint; reserved: bigint }>();

  const flushUserGame = async () => {
    for (const [currency, balance] of balances) {
      const wallet = walletAddress(balance.userId, balance.gameId, currency);
      const record = formatWalletRecord({
        available: String(balance.available), reserved: String(balance.reserved), userId: balance.userId, gameId: balance.gameId, currency,
      });
      await writes.add(wallet.partition, (p) => p.set(keys.wallet(wallet), record).sadd(keys.currencies(wallet), currency));
      wallets += 1;
    }
    balances = new Map();
  };

  const stream = db(LEDGER_TABLE)
    .select('event_id', 'stream_ms', 'stream_seq', 'kind', 'user_id', 'game_id', 'currency', 'amount', 'win_amount', 'available_balance', 'reserved_balance',
      'request_id', 'topup_id', 'comment', 'created_at')
    .orderBy([{ column: 'user_id' }, { column: 'game_id' }, { column: 'stream_ms' }, { column: 'stream_seq' }, { column: 'stream_sub' }])
    .stream();
  for await (const row of stream as AsyncIterable<LedgerStreamRow>) {
    rows += 1;
    const name = `${row.user_id}\0${row.game_id}`;
    if (name !== userGame) {
      await flushUserGame();
      userGame = name;
    }
    const balance = balances.get(row.currency) ?? { userId: row.user_id, gameId: row.game_id, available: 0n, reserved: 0n };
    const effects = MOVE_EFFECTS[row.kind];
    balance.available += effect(effects.available, BigInt(row.amount), BigInt(row.win_amount));
    balance.reserved += effect(effects.reserved, BigInt(row.amount), BigInt(row.win_amount));
    balances.set(row.currency, balance);
    const partition = Number.parseInt(row.event_id.slice(0, 2), 16);
    const position: [bigint, number] = [BigInt(row.stream_ms), Number(row.stream_seq)];
    const known = lastStream.get(partition);
    if (!known || position[0] > known[0] || (position[0] === known[0] && position[1] > known[1])) {
      lastStream.set(partition, position);
      lastStreamIds.set(partition, `${position[0]}-${position[1]}`);
    }
    if ((row.kind !== 'topup' && row.kind !== 'close') || row.topup_id === null) continue;
    const topupId = Number(row.topup_id);
    const sequence = Math.floor(topupId / PARTITION_COUNT);
    topupSequences.set(topupId % PARTITION_COUNT, Math.max(topupSequences.get(topupId % PARTITION_COUNT) ?? 0, sequence));
    const remainingS = Math.ceil((row.created_at.getTime() + idempotencyTtlS * 1000 - now) / 1000);
    if (row.request_id && remainingS > 0) {
      const wallet = walletAddress(row.user_id, row.game_id, row.currency);
      const record = keyedMoveRecord(row);
      await writes.add(wallet.partition, (p) => p.set(keys.topupRequest(wallet, row.request_id!), record, 'EX', remainingS));
      topupRecords += 1;
    }
  }
  await flushUserGame();
  return { rows, wallets, topupRecords, lastStreamIds, topupSequences };
}

/** A transaction with the balances and ids of its reserve's move (a0, r0) and its settlement's (a1, r1), null when missing. */
type TransactionStreamRow = Pick<TransactionRow,
  'transaction_id' | 'user_id' | 'game_id' | 'currency' | 'round_id' | 'amount' | 'win_amount' | 'status' | 'reason' | 'reserve_request_id' | 'created_at'> & {
  a0: number | null;
  r0: number | null;
  settle_request_id: string | null;
  settle_request_round_id: string | null;
  a1: number | null;
  r1: number | null;
};

async function restoreTransactions(db: Knex, writes: PartitionWriter, now: number, options: RestoreOptions) {
  const windowStart = new Date(now - options.idempotencyTtlS * 1000);
  let rows = 0;
  let open = 0;
  let recentSettled = 0;
  const stream = db(`${TRANSACTIONS_TABLE} as t`)
    .leftJoin(`${LEDGER_TABLE} as r`, function reserveMove() {
      this.on('r.transaction_id', 't.transaction_id').andOnVal('r.kind', '=', 'reserve');
    })
    .leftJoin(`${LEDGER_TABLE} as s`, function settleMove() {
      this.on('s.transaction_id', 't.transaction_id').andOnIn('s.kind', ['confirm', 'cancel', 'expire']);
    })
    .where('t.status', 'reserved')
    .orWhere('t.created_at', '>=', windowStart)
    .select(
      't.transaction_id', 't.user_id', 't.game_id', 't.currency', 't.round_id', 't.amount', 't.win_amount', 't.status', 't.reason',
      't.reserve_request_id', 't.created_at', 'r.available_balance as a0', 'r.reserved_balance as r0',
      's.request_id as settle_request_id', 's.request_round_id as settle_request_round_id', 's.available_balance as a1', 's.reserved_balance as r1',
    )
    .stream();
  for await (const row of stream as AsyncIterable<TransactionStreamRow>) {
    rows += 1;
    const wallet = walletOfTransaction(row.transaction_id);
    if (!wallet) continue; // not an id this engine made: nothing in Redis can name it
    const reserved = row.status === 'reserved';
    const record: Partial<TransactionRecord> = {
      st: row.status, c: row.currency, rd: row.round_id, amt: String(row.amount), u: row.user_id, g: row.game_id,
      ct: reserved && options.reservationsExpire ? String(row.created_at.getTime()) : '',
      rid: row.reserve_request_id ?? '', a0: String(row.a0 ?? ''), r0: String(row.r0 ?? ''), tx: row.transaction_id.slice(NONCE_OFFSET),
    };
    const key = keys.transaction(row.transaction_id);
    if (reserved) {
      await writes.add(wallet.partition, (p) => {
        p.set(key, formatTransactionRecord(record));
        if (record.ct) p.zadd(keys.openReservations(wallet), record.ct, row.transaction_id);
      });
      open += 1;
      continue;
    }
    const remainingS = Math.ceil((row.created_at.getTime() + options.idempotencyTtlS * 1000 - now) / 1000);
    if (remainingS <= 0) continue;
    const settled: Partial<TransactionRecord> = {
      ...record, sid: row.settle_request_id ?? '', srd: row.settle_request_round_id ?? '', win: String(row.win_amount),
      a1: String(row.a1 ?? ''), r1: String(row.r1 ?? ''), rs: row.status === 'canceled' ? (row.reason ?? '') : '',
    };
    await writes.add(wallet.partition, (p) => p.set(key, formatTransactionRecord(settled), 'EX', remainingS));
    recentSettled += 1;
  }
  return { rows, open, recentSettled };
}
