import { AppError } from '../errors';
import { checkBatchSize } from '../wallet/batch-runner';
import type { BalanceOutcome, CancelInput, ConfirmInput, ReserveInput } from '../wallet/wallet-types';
import type { GameScope } from './api-key-registry';
import type { ReservationOperations } from './reservation-operations';

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
  // No game named (an empty game_id): the engine's own checks answer it.
  const refusal = (gameId: string | null) => (gameId && !games.has(gameId) ? outOfScope(gameId) : null);
  const checked = async <Input>(input: Input, gameOf: (input: Input) => Promise<string | null> | string) => {
    const denied = refusal(await gameOf(input));
    if (denied) throw denied;
  };
  /** A batch's items in scope go to the engine together; the others are PERMISSION_DENIED in their place. */
  const batch = async <Input>(items: readonly Input[], gameOf: (input: Input) => Promise<string | null> | string, run: (allowed: Input[]) => Promise<BalanceOutcome[]>) => {
    checkBatchSize(items.length);
    const refusals = await Promise.all(items.map(async (item) => refusal(await gameOf(item))));
    const allowed = items.filter((_, i) => refusals[i] === null);
    const outcomes = allowed.length > 0 ? await run(allowed) : [];
    let next = 0;
    return refusals.map((denied) => denied ?? outcomes[next++]!);
  };
  const reserveGame = (input: ReserveInput) => input.gameId;
  const settledGame = (input: ConfirmInput | CancelInput) => gameOfTransaction(input.transactionId);
  return {
    reserve: async (input) => (await checked(input, reserveGame), wallet.reserve(input)),
    confirm: async (input) => (await checked(input, settledGame), wallet.confirm(input)),
    cancel: async (input) => (await checked(input, settledGame), wallet.cancel(input)),
    async getTransaction(transactionId) {
      const view = await wallet.getTransaction(transactionId);
      const denied = refusal(view.gameId);
      if (denied) throw denied;
      return view;
    },
    reserveBatch: (items) => batch(items, reserveGame, (allowed) => wallet.reserveBatch(allowed)),
    confirmBatch: (items) => batch(items, settledGame, (allowed) => wallet.confirmBatch(allowed)),
    cancelBatch: (items) => batch(items, settledGame, (allowed) => wallet.cancelBatch(allowed)),
  };
}
