import { AppError } from '../errors';
import { checkBatchSize } from '../wallet/batch-runner';
import type { BalanceOutcome, CancelInput, ConfirmInput, ReserveInput } from '../wallet/wallet-types';
import type { GameScope } from './api-key-registry';
import type { ReservationOperations } from './reservation-operations';

/** Transactions looked up at once for a scoped batch (see gamesOfTransactions). */
const LOOKUPS_AT_ONCE = 32;

const outOfScope = (gameId: string) => new AppError('FORBIDDEN', `this API key may not touch game ${gameId}`);

/**
 * The engine as a caller limited to some games sees it (SPEC §2.12): a Reserve of another game, or a
 * Confirm, Cancel or GetTransaction of a transaction of another game, is PERMISSION_DENIED (per item
 * in batches); a transaction found nowhere goes on to its NOT_FOUND. A transaction's game never
 * changes, so reading it before the call decides nothing a concurrent call could change.
 */
export function scopedOperations(wallet: ReservationOperations, games: NonNullable<GameScope>): ReservationOperations {
  const gameOfTransaction = async (transactionId: string): Promise<string | null> => {
    try {
      return (await wallet.getTransaction(transactionId)).gameId;
    } catch (error) {
      if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ARGUMENT')) return null;
      throw error;
    }
  };
  /**
   * The game of each transaction, each distinct one looked up once and at most LOOKUPS_AT_ONCE at a
   * time: a batch of 1,000 transactions gone from Redis would otherwise ask MySQL's archive 1,000 times
   * at once and hold every connection of the pool.
   */
  const gamesOfTransactions = async (transactionIds: readonly string[]): Promise<Array<string | null>> => {
    const distinct = [...new Set(transactionIds)];
    const games = new Map<string, string | null>();
    let next = 0;
    const lookUp = async () => {
      while (next < distinct.length) {
        const id = distinct[next++]!;
        games.set(id, await gameOfTransaction(id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, distinct.length) }, lookUp));
    return transactionIds.map((id) => games.get(id)!);
  };
  // No game named (an empty game_id): the engine's own checks answer it.
  const refusal = (gameId: string | null) => (gameId && !games.has(gameId) ? outOfScope(gameId) : null);
  const checked = async (gameId: Promise<string | null> | string) => {
    const denied = refusal(await gameId);
    if (denied) throw denied;
  };
  /** A batch's items in scope go to the engine together; the others are PERMISSION_DENIED in their place. */
  const batch = async <Input>(items: readonly Input[], gamesOf: (items: readonly Input[]) => Promise<Array<string | null>> | Array<string | null>, run: (allowed: Input[]) => Promise<BalanceOutcome[]>) => {
    checkBatchSize(items.length);
    const refusals = (await gamesOf(items)).map(refusal);
    const allowed = items.filter((_, i) => refusals[i] === null);
    const outcomes = allowed.length > 0 ? await run(allowed) : [];
    let next = 0;
    return refusals.map((denied) => denied ?? outcomes[next++]!);
  };
  const reserveGames = (items: readonly ReserveInput[]) => items.map((input) => input.gameId);
  const settledGames = (items: readonly Array<ConfirmInput | CancelInput>[number][]) => gamesOfTransactions(items.map((input) => input.transactionId));
  return {
    reserve: async (input, options) => (await checked(input.gameId), wallet.reserve(input, options)),
    confirm: async (input, options) => (await checked(gameOfTransaction(input.transactionId)), wallet.confirm(input, options)),
    cancel: async (input, options) => (await checked(gameOfTransaction(input.transactionId)), wallet.cancel(input, options)),
    async getTransaction(transactionId) {
      const view = await wallet.getTransaction(transactionId);
      const denied = refusal(view.gameId);
      if (denied) throw denied;
      return view;
    },
    reserveBatch: (items) => batch(items, reserveGames, (allowed) => wallet.reserveBatch(allowed)),
    confirmBatch: (items) => batch(items, settledGames, (allowed) => wallet.confirmBatch(allowed)),
    cancelBatch: (items) => batch(items, settledGames, (allowed) => wallet.cancelBatch(allowed)),
  };
}
