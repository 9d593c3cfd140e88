import type { WalletService } from '../wallet/wallet-service';
import type { BalanceReply, CancelInput, ConfirmInput, ReserveInput, TransactionView } from '../wallet/wallet-types';

/** What the gRPC layer knows of a call beyond its message. */
export interface CallOptions {
  /** When the caller stops waiting (epoch ms); absent: never. A call still queued then is not run (unary-coalescer.ts). */
  readonly deadlineMs?: number;
}

/** The seed's four calls (the benchmarks' peers implement these and get batches item by item). */
export interface UnaryOperations {
  reserve(input: ReserveInput, options?: CallOptions): Promise<BalanceReply>;
  confirm(input: ConfirmInput, options?: CallOptions): Promise<BalanceReply>;
  cancel(input: CancelInput, options?: CallOptions): Promise<BalanceReply>;
  getTransaction(transactionId: string): Promise<TransactionView>;
}

/** What the gRPC adapter needs of the engine (benchmarks put other implementations behind it; a scoped key sees game-scope.ts's). */
export type ReservationOperations = UnaryOperations & Pick<WalletService, 'reserveBatch' | 'confirmBatch' | 'cancelBatch'>;
