import { createReservationClient, isRetryable, ReservationError, type ReserveParams } from '@reservation-engine/client';

const engine = createReservationClient({ address: 'engine:50051', token: process.env.ENGINE_TOKEN, tls: true });

// A bet the engine was not heard to take (its retries ran out on UNAVAILABLE or a deadline) may still
// hold money: it is not "not placed" until asked again with its request_id, which replays the outcome.
export async function placeBet(bet: ReserveParams): Promise<string | null> {
  try {
    const held = await engine.reserve(bet);
    return held.status === 'reserved' ? held.transactionId : null; // null: not enough funds
  } catch (error) {
    if (!(error instanceof ReservationError) || !isRetryable(error)) throw error; // refused: nothing held
    const learnt = await engine.reserve({ ...bet, requestId: error.requestId }, { deadlineMs: 30_000 });
    // Too late for this round: release what it holds (with RESERVATION_TIMEOUT_S=0 nothing else would).
    if (learnt.status === 'reserved') await engine.cancel({ transactionId: learnt.transactionId, reason: 'bet too late for its round' });
    return null;
  }
}
