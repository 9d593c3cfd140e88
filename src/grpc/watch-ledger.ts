import type { Metadata, ServerWritableStream } from '@grpc/grpc-js';
import type { GameScope } from './api-key-registry';
import type { Knex } from 'knex';
import { AppError, toAppError } from '../errors';
import type { Logger } from '../logging/logger';
import { translateMysqlError } from '../db/mysql-errors';
import { ledgerAfter, type LedgerStreamFilter, type LedgerStreamRow } from '../records/ledger-reads';
import type { LedgerTail } from '../sync/ledger-tail';
import { checkId } from '../wallet/wallet-validation';
import type { LedgerEvent, WatchLedgerRequest } from './reservation-proto';
import { notUtf8Error } from './unary-handler';
import { invalidUtf8Field } from './wire-runtime';

/** Rows read from MySQL at a time while a stream catches up. */
const REPLAY_PAGE = 500;
/**
 * Live rows one stream may hold while its subscriber reads slowly (gRPC's write buffer aside, which
 * waits for 'drain'). Past it the stream drops them and reads MySQL at its subscriber's pace instead.
 */
export const STREAM_QUEUE_LIMIT = 5000;
/** How often an open stream asks again whether its caller's key still holds (SPEC §2.12: ended within 1 s). */
export const SCOPE_CHECK_MS = 200;
/** The streams one caller (an API key, the caller tokens, or anyone without authentication) may hold open on one process. */
export const STREAMS_PER_CALLER = 100;

export interface WatchLedgerDeps {
  readonly db: Knex;
  readonly tail: LedgerTail;
  readonly logger: Logger;
  /**
   * The games a caller may watch (a scoped server API key; null: every game); it throws once the
   * caller's key is revoked or expired, asked at the stream's start and every SCOPE_CHECK_MS after.
   */
  readonly scopeOf?: (metadata: Metadata) => GameScope;
  /** Who calls (caller-auth.ts, callerIdOf): each caller holds at most STREAMS_PER_CALLER streams; without it, all calls are one caller. */
  readonly callerOf?: (metadata: Metadata) => string;
  /**
   * The event's wire bytes: given, each row the tail hands out is encoded once for all the streams that
   * send it (the service then passes bytes through: grpc-role.ts); without it each write encodes.
   */
  readonly encode?: (event: LedgerEvent) => Buffer;
}

/** A row as the streams share it: its wire bytes, once encoded. */
type SharedRow = LedgerStreamRow & { encoded?: Buffer };

const toEvent = (row: LedgerStreamRow): LedgerEvent => ({
  sequence: String(row.id),
  user_id: row.user_id,
  game_id: row.game_id,
  currency: row.currency,
  kind: row.kind,
  amount: String(row.amount),
  win_amount: String(row.win_amount),
  available_balance: String(row.available_balance),
  reserved_balance: String(row.reserved_balance),
  transaction_id: row.transaction_id ?? '',
  round_id: row.round_id ?? '',
  request_id: row.request_id ?? '',
  time: row.created_at.toISOString(),
});

function checkRequest(request: WatchLedgerRequest): { after: number; filter: LedgerStreamFilter } {
  const notUtf8 = invalidUtf8Field(request);
  if (notUtf8 !== undefined) throw notUtf8Error(notUtf8);
  const after = Number(request.after_sequence || '0');
  if (!Number.isSafeInteger(after) || after < 0) {
    throw new AppError('INVALID_ARGUMENT', 'after_sequence must be a sequence this ledger gave (0 to 2^53-1)', { errors: [{ path: 'after_sequence', message: 'must be 0 to 2^53-1' }] });
  }
  const gameId = checkId('game_id', request.game_id ?? '', { optional: true });
  const userId = checkId('user_id', request.user_id ?? '', { optional: true });
  return { after, filter: { ...(gameId ? { gameId } : {}), ...(userId ? { userId } : {}) } };
}

/**
 * WatchLedger (SPEC §1.11): the moves after `after_sequence` from MySQL, then new ones from the
 * process's ledger tail, each once and in order. A stream that falls STREAM_QUEUE_LIMIT rows behind
 * the tail goes back to reading MySQL at its subscriber's pace: memory stays bounded however slow it is.
 */
export function watchLedgerHandler({ db, tail, logger, scopeOf, callerOf, encode }: WatchLedgerDeps) {
  /** What a stream writes for a row: its bytes, encoded once per row, or the event to encode. */
  const payload = (row: SharedRow): LedgerEvent | Buffer => (encode ? (row.encoded ??= encode(toEvent(row))) : toEvent(row));
  /** The streams under way, each with what ends its loop (the server is stopping). */
  const open = new Map<ServerWritableStream<WatchLedgerRequest, LedgerEvent>, () => void>();
  /** The calls that have their status (each gets one). */
  const answered = new WeakSet<ServerWritableStream<WatchLedgerRequest, LedgerEvent>>();
  /** Open streams per caller, and each open call's caller. */
  const perCaller = new Map<string, number>();
  const callerOfCall = new Map<ServerWritableStream<WatchLedgerRequest, LedgerEvent>, string>();

  async function serve(call: ServerWritableStream<WatchLedgerRequest, LedgerEvent>): Promise<void> {
    const { after, filter } = checkRequest(call.request);
    const games = scopeOf?.(call.metadata) ?? null;
    if (games !== null && (!filter.gameId || !games.has(filter.gameId))) {
      throw new AppError('FORBIDDEN', 'this API key is limited to some games: name one of them in game_id');
    }
    const caller = callerOf?.(call.metadata) ?? 'anyone';
    const held = perCaller.get(caller) ?? 0;
    if (held >= STREAMS_PER_CALLER) {
      throw new AppError('RATE_LIMITED', `this caller holds ${held} WatchLedger streams on this server; the limit is ${STREAMS_PER_CALLER}: end one first`);
    }
    perCaller.set(caller, held + 1);
    callerOfCall.set(call, caller);
    let position = after; // the last id this stream has passed (sent, or not of its filter)
    let closed = false;
    let wake: (() => void) | null = null;
    const stopWaiting = () => wake?.();
    /** Waits for gRPC's buffer to drain; each ends when the stream does. */
    const drainWaits = new Set<() => void>();
    let keyCheck: NodeJS.Timeout | undefined;
    /** Every way a stream ends comes here (cancelled, finished, the server stopping). */
    const end = () => {
      closed = true;
      clearInterval(keyCheck);
      stopWaiting();
      for (const done of drainWaits) done();
    };
    open.set(call, end);
    call.on('cancelled', end);
    if (scopeOf) keyCheck = setInterval(() => {
      try {
        scopeOf(call.metadata);
      } catch (error) {
        finish(call, toAppError(error)); // the key was revoked or expired: the stream ends now, whatever its subscriber reads
      }
    }, SCOPE_CHECK_MS);
    const matches = (row: LedgerStreamRow) => (!filter.gameId || row.game_id === filter.gameId) && (!filter.userId || row.user_id === filter.userId);
    /** Until gRPC's buffer has room again (or the call has ended). */
    const drained = () => new Promise<void>((resolve) => {
      const done = () => {
        for (const event of ['drain', 'cancelled', 'close']) call.off(event, done);
        drainWaits.delete(done);
        resolve();
      };
      for (const event of ['drain', 'cancelled', 'close']) call.on(event, done);
      drainWaits.add(done);
    });
    const send = async (row: LedgerStreamRow) => {
      position = row.id;
      if (!call.write(payload(row) as LedgerEvent) && !closed) await drained();
    };

    const queue: LedgerStreamRow[] = [];
    let overflowed = false;
    const unlisten = await tail.listen((rows) => {
      if (overflowed) return;
      for (const row of rows) if (matches(row)) queue.push(row);
      if (queue.length > STREAM_QUEUE_LIMIT) {
        overflowed = true;
        queue.length = 0;
        logger.info({ position }, `WatchLedger: a subscriber fell ${STREAM_QUEUE_LIMIT} rows behind; it reads MySQL at its pace from here`);
      }
      stopWaiting();
    });
    try {
      while (!closed) {
        // Catch up from MySQL to the tail's watermark; what the tail finds after it waits in the queue.
        const upTo = tail.watermark;
        queue.length = 0;
        overflowed = false;
        while (!closed && position < upTo) {
          const rows = await ledgerAfter(db, position, REPLAY_PAGE, filter, upTo);
          for (const row of rows) await send({ ...row, id: Number(row.id) });
          if (rows.length < REPLAY_PAGE) position = upTo;
        }
        // Follow the tail until the stream ends or falls too far behind.
        while (!closed && !overflowed) {
          const row = queue.shift();
          if (row) {
            if (row.id > position) await send(row);
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      }
    } finally {
      unlisten();
    }
  }

  /** Ends a stream with a status, once: its loop stops, and nothing more is sent on it. */
  function finish(call: ServerWritableStream<WatchLedgerRequest, LedgerEvent>, failure: AppError | null): void {
    if (answered.has(call)) return;
    answered.add(call);
    const caller = callerOfCall.get(call);
    if (caller !== undefined) {
      callerOfCall.delete(call);
      const left = perCaller.get(caller)! - 1;
      if (left > 0) perCaller.set(caller, left);
      else perCaller.delete(caller);
    }
    open.get(call)?.();
    open.delete(call);
    if (failure) call.emit('error', { code: failure.spec.grpcStatus, details: failure.publicMessage });
    else call.end();
  }

  return {
    handler(call: ServerWritableStream<WatchLedgerRequest, LedgerEvent>): void {
      // A call ended already (closeAll, a revoked key) has its status: finish sends nothing more.
      serve(call).then(() => finish(call, null), (error: unknown) => {
        const failure = toAppError(translateMysqlError(error));
        if (failure.spec.httpStatus >= 500) logger.warn({ err: error }, 'WatchLedger stream failed');
        finish(call, failure);
      });
    },
    /** Ends every stream (the server is stopping): subscribers reconnect elsewhere with their last sequence. */
    closeAll(): void {
      const stopping = new AppError('UNAVAILABLE', 'the server is shutting down: resume with the last sequence');
      for (const call of [...open.keys()]) finish(call, stopping);
    },
  };
}
