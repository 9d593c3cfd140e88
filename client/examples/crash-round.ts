import { createReservationClient } from '@reservation-engine/client';

const engine = createReservationClient({ address: 'engine:50051', token: process.env.ENGINE_TOKEN, tls: true });

// A round of a crash game: the bets placed in this turn go out as one ReserveBatch.
export async function playRound(roundId: string, bets: Array<{ userId: string; amount: number; cashOut: number | null }>, crashAt: number) {
  const held = await Promise.allSettled(bets.map((bet) => engine.reserve({ userId: bet.userId, gameId: '7', currency: 'EUR', roundId, amount: bet.amount })));
  // The settlements of this turn: one ConfirmBatch; each bet gets its own reply or error.
  return Promise.allSettled(held.map(async (hold, i) => {
    if (hold.status === 'rejected' || hold.value.status === 'rejected') return hold; // no funds, or an error: a retryable one is an unknown outcome (unknown-outcome.ts)
    const { amount, cashOut } = bets[i]!;
    const won = cashOut !== null && cashOut <= crashAt;
    return engine.confirm({ transactionId: hold.value.transactionId, roundId, winAmount: won ? Math.floor(amount * cashOut) : 0 });
  }));
}
