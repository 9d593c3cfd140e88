import { status } from '@grpc/grpc-js';
import { ReservationError } from './errors';
import type { LedgerStream } from './grpc-transport';
import { backoffMs, sleep, type RetryPolicy } from './retry';
import type { LedgerMove, WatchLedgerParams } from './types';
import type { LedgerEvent as WireLedgerEvent } from './wire-types';

/** Failures that resuming cannot mend: the stream ends with them. Any other (a lost connection, a restart) is resumed. */
const FINAL = new Set<number>([status.UNAUTHENTICATED, status.PERMISSION_DENIED, status.INVALID_ARGUMENT, status.UNIMPLEMENTED, status.NOT_FOUND, status.FAILED_PRECONDITION]);

const fromWire = (event: WireLedgerEvent): LedgerMove => ({
  sequence: event.sequence,
  userId: event.user_id,
  gameId: event.game_id,
  currency: event.currency,
  kind: event.kind as LedgerMove['kind'],
  amount: event.amount,
  winAmount: event.win_amount,
  availableBalance: event.available_balance,
  reservedBalance: event.reserved_balance,
  transactionId: event.transaction_id,
  roundId: event.round_id,
  requestId: event.request_id,
  time: event.time,
});

/**
 * The ledger's moves as an async iterator (SPEC §1.11 WatchLedger): it reconnects by itself after a
 * lost stream, from the last sequence it gave, with the client's backoff, so the caller sees every move
 * once and in order. It ends when the caller stops iterating (break), when `signal` aborts, or with a
 * failure that resuming cannot mend (a bad token, a bad filter).
 */
export async function* watchLedger(
  open: (request: object) => LedgerStream,
  params: WatchLedgerParams,
  policy: RetryPolicy,
  isClosed: () => boolean,
  signal?: AbortSignal,
): AsyncGenerator<LedgerMove, void, undefined> {
  let after = String(params.afterSequence ?? '0');
  let failures = 0;
  while (!isClosed() && !signal?.aborted) {
    const stream = open({ after_sequence: after, game_id: params.gameId ?? '', user_id: params.userId ?? '' });
    const abort = () => stream.cancel();
    signal?.addEventListener('abort', abort);
    try {
      for await (const event of stream as AsyncIterable<WireLedgerEvent>) {
        failures = 0;
        after = event.sequence;
        yield fromWire(event);
      }
    } catch (error) {
      const { code, details } = error as { code?: number; details?: string };
      if (signal?.aborted || isClosed()) return;
      if (code !== undefined && FINAL.has(code)) throw new ReservationError(code, details ?? String(error));
    } finally {
      signal?.removeEventListener('abort', abort);
      stream.cancel();
    }
    failures += 1;
    await sleep(backoffMs(policy, Math.min(failures, 10)));
  }
}
