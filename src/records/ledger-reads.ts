import type { Knex } from 'knex';
import { OUTBOX_KINDS } from '../redis/shared-layouts';
import { LEDGER_SEQUENCE_TABLE, LEDGER_TABLE, type LedgerEntryRow } from './ledger-tables';

/**
 * What the ledger's readers may read of it (ARCHITECTURE.md, layering 8): the management API's balance
 * history of one user-game and its balances at an instant, a limits record's net losses, the gRPC
 * role's WatchLedger streams. Writing it stays with the sync's processor (src/sync/ledger-repository.ts).
 */

/** The kinds of move the ledger holds (a history's `kind` filter). */
export const LEDGER_KINDS = OUTBOX_KINDS;

/** Every sequence up to this one is final: its row has committed, or it never will (a hole). */
export async function committedSequence(db: Knex): Promise<number> {
  const row = (await db(LEDGER_SEQUENCE_TABLE).where({ id: 1 }).first('last')) as { last: number | string } | undefined;
  return Number(row?.last ?? 0);
}

/** Which of a user-game's moves a history lists (SPEC §1.11). */
export interface LedgerFilters {
  readonly kind?: string;
  readonly round_id?: string;
  readonly since?: Date;
  readonly until?: Date;
  /** Older than this move of the wallet (its place in outbox order): the page after one that ended with it. */
  readonly after?: LedgerPosition;
}

/** A move's place in its wallet's outbox order. */
export type LedgerPosition = Readonly<Pick<LedgerEntryRow, 'stream_ms' | 'stream_seq' | 'stream_sub'>>;

/** Where the user-game's move `id` stands, or undefined when it is no move of this user-game. */
export function findLedgerPosition(db: Knex, userId: string, gameId: string, id: number): Promise<LedgerPosition | undefined> {
  return db(LEDGER_TABLE).where({ id, user_id: userId, game_id: gameId }).first('stream_ms', 'stream_seq', 'stream_sub');
}

/**
 * A user-game's moves across its currencies, newest first (by outbox order, exact per wallet); with
 * `after`, the moves older than that one, whatever was inserted since (keyset paging).
 */
export function listUserGameLedger(
  db: Knex,
  userId: string,
  gameId: string,
  filters: LedgerFilters,
  page: { limit: number; offset: number },
): Promise<LedgerEntryRow[]> {
  const { kind, round_id: roundId, since, until, after } = filters;
  // A round is read by its own index (a round holds a few moves), a kind by its own in the history's
  // order (the optimizer may prefer the wallet's index, which serves the order, and walk every move);
  // with a time range the choice is the optimizer's, which can weigh the range (a kind's index walked
  // to a range far back would read the wallet's every move of that kind).
  const timed = since !== undefined || until !== undefined;
  const index = roundId !== undefined ? 'ledger_wallet_round' : kind !== undefined && !timed ? 'ledger_wallet_kind' : null;
  const query = db<LedgerEntryRow>(index ? db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, index]) : LEDGER_TABLE).where({ user_id: userId, game_id: gameId });
  if (kind !== undefined) query.where('kind', kind);
  if (roundId !== undefined) query.where('round_id', roundId);
  if (since) query.where('created_at', '>=', since);
  if (until) query.where('created_at', '<', until);
  if (after) {
    query.where((older) =>
      older
        .where('stream_ms', '<', after.stream_ms)
        .orWhere((same) => same.where('stream_ms', after.stream_ms).andWhere('stream_seq', '<', after.stream_seq))
        .orWhere((entry) => entry.where({ stream_ms: after.stream_ms, stream_seq: after.stream_seq }).andWhere('stream_sub', '<', after.stream_sub)),
    );
  }
  return query
    .orderBy([{ column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }, { column: 'stream_sub', order: 'desc' }])
    .limit(page.limit)
    .offset(page.offset);
}

const WALLET_CURRENCY_TIME = 'ledger_wallet_currency_time';

/**
 * A wallet's last move at or before `at` (its balances then), by the wallet-currency-time index: the
 * latest time first, moves of the same millisecond in outbox order.
 */
export function lastMoveAt(db: Knex, userId: string, gameId: string, currency: string, at: Date): Knex.QueryBuilder {
  // Forced: on a small table the optimizer may take the wallet's index and sort; on a million moves
  // that would read them all.
  return db<LedgerEntryRow>(db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, WALLET_CURRENCY_TIME]))
    .where({ user_id: userId, game_id: gameId, currency })
    .andWhere('created_at', '<=', at)
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }, { column: 'stream_sub', order: 'desc' }])
    .limit(1);
}

/** The wallet's first currency after `after` (in code order), by one seek of the wallet-currency-time index. */
export function nextWalletCurrency(db: Knex, userId: string, gameId: string, after: string): Knex.QueryBuilder {
  return db(db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, WALLET_CURRENCY_TIME]))
    .where({ user_id: userId, game_id: gameId })
    .andWhere('currency', '>', after)
    .orderBy('currency')
    .limit(1)
    .select('currency');
}

/** A wallet's currencies: a skip scan, one index seek per currency however many moves each has. */
async function walletCurrencies(db: Knex, userId: string, gameId: string): Promise<string[]> {
  const currencies: string[] = [];
  for (let next = await nextWalletCurrency(db, userId, gameId, ''); next.length > 0; next = await nextWalletCurrency(db, userId, gameId, currencies.at(-1)!)) {
    currencies.push((next[0] as { currency: string }).currency);
  }
  return currencies;
}

/** Each currency's last move of a user-game at or before `at`: the currencies that had moved by then. */
export async function lastMovesAt(db: Knex, userId: string, gameId: string, at: Date): Promise<LedgerEntryRow[]> {
  const currencies = await walletCurrencies(db, userId, gameId);
  return (await Promise.all(currencies.map((currency) => lastMoveAt(db, userId, gameId, currency, at)))).flat() as LedgerEntryRow[];
}

/** A move as the ledger stream sends it (SPEC §1.11 WatchLedger): `id` is its sequence (the `seq` column). */
export type LedgerStreamRow = Pick<LedgerEntryRow,
  'kind' | 'user_id' | 'game_id' | 'currency' | 'amount' | 'win_amount' | 'available_balance' | 'reserved_balance' | 'transaction_id' | 'round_id' | 'request_id' | 'created_at'
> & { id: number };

export interface LedgerStreamFilter {
  readonly gameId?: string;
  readonly userId?: string;
}

const STREAM_COLUMNS = [
  'seq as id', 'kind', 'user_id', 'game_id', 'currency', 'amount', 'win_amount', 'available_balance', 'reserved_balance',
  'transaction_id', 'round_id', 'request_id', 'created_at',
] as const;

/**
 * Up to `limit` moves after sequence `after` and at most `upTo`, in sequence order, of the filter's game
 * and user when given (an index serves each: ledger_game_sequence, ledger_user_sequence).
 */
export async function ledgerAfter(db: Knex, after: number, limit: number, filter: LedgerStreamFilter = {}, upTo?: number): Promise<LedgerStreamRow[]> {
  const query = db<LedgerStreamRow>(LEDGER_TABLE).select(...STREAM_COLUMNS).where('seq', '>', after);
  if (upTo !== undefined) query.where('seq', '<=', upTo);
  if (filter.gameId) query.where('game_id', filter.gameId);
  if (filter.userId) query.where('user_id', filter.userId);
  const rows = await query.orderBy('seq').limit(limit);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * A wallet's net loss (confirmed amounts less their wins) since each of these instants, by its
 * confirms' ledger times (restore rebuilds the loss limits' counts from it; a new limits record is
 * seeded from it, up to `throughStreamId`).
 */
export async function netLossSince(db: Knex, userId: string, gameId: string, currency: string, since: readonly Date[], throughStreamId?: string): Promise<number[]> {
  const earliest = new Date(Math.min(...since.map((at) => at.getTime())));
  const sums = since.map((at) => db.raw('COALESCE(SUM(CASE WHEN created_at >= ? THEN amount - win_amount ELSE 0 END), 0)', [at]));
  const query = db(db.raw('?? FORCE INDEX (??)', [LEDGER_TABLE, WALLET_CURRENCY_TIME]))
    .where({ user_id: userId, game_id: gameId, currency, kind: 'confirm' }).where('created_at', '>=', earliest);
  if (throughStreamId !== undefined) {
    // Only the moves up to this outbox entry (a limits record counts those after it itself).
    const [ms, seq] = throughStreamId.split('-').map(Number) as [number, number];
    query.where((q) => q.where('stream_ms', '<', ms).orWhere((same) => same.where('stream_ms', ms).where('stream_seq', '<=', seq)));
  }
  const row = await query.first(...sums.map((sum, i) => db.raw(`${sum.toQuery()} AS s${i}`)));
  return since.map((_, i) => Number((row as Record<string, unknown> | undefined)?.[`s${i}`] ?? 0));
}
