import { WIRE_VALUES, type CancelResponse, type ConfirmResponse, type GetTransactionResponse, type ReserveResponse } from '../../client/src/wire-types';

/**
 * The words the scripts answer with, defined once: the code each reply starts with (here), and the
 * statuses and rejection reasons the .proto lists (client/src/wire-types.ts, made from it). The
 * scripts get them as Lua tables (lua-layouts.ts: CODE, STATUS, REJECT) that fail on a name they do
 * not hold, and the TypeScript switches on these types, so a word spelled twice cannot drift.
 */

/** A script reply's first word, and what it means (each script's header says which it gives). */
export const SCRIPT_CODES = {
  OK: 'done: the reply fields follow',
  REPLAY: 'the request_id (Idempotency-Key) was seen with the same fields: the first reply, unchanged',
  SKIPPED: 'an expiry with nothing to do: not due, or no longer reserved',
  CONFLICT: 'the request_id (Idempotency-Key) was used with other fields',
  COLLISION: "another request_id's record has this name (a 96-bit digest collision)",
  NOT_FOUND: 'no such transaction (in Redis: a settled one may have moved to MySQL)',
  ROUND_MISMATCH: "round_id given and not the transaction's",
  CANCELED: 'the transaction was canceled',
  EXPIRED: 'the reservation is past its deadline (the sweeper cancels it)',
  CONFIRMED: 'the transaction was confirmed',
  CURRENCY: 'the currency is not enabled and the request is new',
  BALANCE_LIMIT: 'the balance would pass 2^53-1',
  RESERVED: 'money is reserved in the wallet: a close waits until its rounds settle',
} as const;

export type ScriptCode = keyof typeof SCRIPT_CODES;
/** The codes that refuse a call: they come alone and the script changed nothing. */
export type RefusalCode = Exclude<ScriptCode, 'OK' | 'REPLAY' | 'SKIPPED'>;

/** A Reserve's, Confirm's or Cancel's status, as the .proto lists each call's. */
export type BalanceStatus = ReserveResponse['status'] | ConfirmResponse['status'] | CancelResponse['status'];
/** A transaction's status (GetTransaction), which its record holds as `st`. */
export type TransactionStatus = GetTransactionResponse['status'];
/** Why a Reserve was rejected (SPEC §1.11): the first that applies, in the .proto's order. */
export type RejectionReason = Exclude<ReserveResponse['reason'], ''>;

/** Every status a script may write or answer, each once. */
export const STATUSES: readonly (BalanceStatus | TransactionStatus)[] = [
  ...new Set([...WIRE_VALUES.ReserveResponse.status, ...WIRE_VALUES.ConfirmResponse.status, ...WIRE_VALUES.CancelResponse.status, ...WIRE_VALUES.GetTransactionResponse.status]),
];
export const REJECTION_REASONS: readonly RejectionReason[] = WIRE_VALUES.ReserveResponse.reason.filter((reason): reason is RejectionReason => reason !== '');

/** The `st` of a record that holds only a Reserve's reply (no transaction here: rejected, or carried over). */
export const REPLY_RECORD_STATUS = 'reply';
