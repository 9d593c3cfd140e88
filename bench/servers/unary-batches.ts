import { AppError } from '../../src/errors';
import { checkBatchSize } from '../../src/wallet/batch-runner';
import type { ReservationOperations, UnaryOperations } from '../../src/grpc/reservation-handlers';
import type { BalanceOutcome, BalanceReply } from '../../src/wallet/wallet-types';

/** Batches for a peer that has only the unary calls: each item through its unary call, in order. */
export function withUnaryBatches(unary: UnaryOperations): ReservationOperations {
  const itemByItem = <Input>(call: (input: Input) => Promise<BalanceReply>) => async (items: readonly Input[]) => {
    checkBatchSize(items.length);
    const outcomes: BalanceOutcome[] = [];
    for (const item of items) outcomes.push(await call(item).catch((error: unknown) => (error instanceof AppError ? error : Promise.reject(error))));
    return outcomes;
  };
  return {
    ...unary,
    reserveBatch: itemByItem(unary.reserve),
    confirmBatch: itemByItem(unary.confirm),
    cancelBatch: itemByItem(unary.cancel),
  };
}
