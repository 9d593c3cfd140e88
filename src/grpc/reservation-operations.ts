import type { WalletService } from '../wallet/wallet-service';

/** The seed's four calls (the benchmarks' peers implement these and get batches item by item). */
export type UnaryOperations = Pick<WalletService, 'reserve' | 'confirm' | 'cancel' | 'getTransaction'>;
/** What the gRPC adapter needs of the engine (benchmarks put other implementations behind it; a scoped key sees game-scope.ts's). */
export type ReservationOperations = UnaryOperations & Pick<WalletService, 'reserveBatch' | 'confirmBatch' | 'cancelBatch'>;
