import type { ReservationOperations } from '../../src/grpc/reservation-handlers';
import type { BalanceStatus } from '../../src/wallet/wallet-types';

/** The transport ceiling: the engine's gRPC stack answering constant replies (per item, for batches), no Redis behind it. */
export function createEchoWallet(): ReservationOperations {
  const reply = (status: BalanceStatus) => ({ transactionId: '00.AAAAAAAAAAAAAAAAAAAAAA.EUR.AAAAAAAAAAAAAAAA', status, availableBalance: '1000', reservedBalance: '1', replayed: false });
  return {
    reserve: async () => reply('reserved'),
    confirm: async () => reply('confirmed'),
    cancel: async () => reply('canceled'),
    reserveBatch: async (items) => items.map(() => reply('reserved')),
    confirmBatch: async (items) => items.map(() => reply('confirmed')),
    cancelBatch: async (items) => items.map(() => reply('canceled')),
    getTransaction: async (transactionId) => ({
      transactionId, userId: 'u', gameId: 'g', currency: 'EUR', roundId: 'r', amount: '1', winAmount: '0', status: 'reserved',
    }),
  };
}
