import type { ReservationOperations } from '../../src/wallet/reservation-handlers';

/** The transport ceiling: the engine's gRPC stack answering constant replies, no Redis behind it. */
export function createEchoWallet(): ReservationOperations {
  const reply = (status: string) => ({ transactionId: '00.AAAAAAAAAAAAAAAAAAAAAA.EUR.AAAAAAAAAAAAAAAA', status, availableBalance: '1000', reservedBalance: '1', replayed: false });
  return {
    reserve: async () => reply('reserved'),
    confirm: async () => reply('confirmed'),
    cancel: async () => reply('canceled'),
    getTransaction: async (transactionId) => ({
      transactionId, userId: 'u', gameId: 'g', currency: 'EUR', roundId: 'r', amount: '1', winAmount: '0', status: 'reserved',
    }),
  };
}
