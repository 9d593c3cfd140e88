import type { CancelResponse, ConfirmResponse, GetTransactionResponse, LedgerEvent, ReserveResponse } from './wire-types';

/** A Reserve's, Confirm's or Cancel's status (as the .proto lists them per call). */
export type BalanceStatus = ReserveResponse['status'] | ConfirmResponse['status'] | CancelResponse['status'];

/** Why a Reserve was rejected: the first that applies, in the .proto's order (SPEC §1.11). */
export type RejectionReason = Exclude<ReserveResponse['reason'], ''>;

/** An int64 amount in minor units: given as a number, a bigint or a decimal string; replies give strings. */
export type Amount = number | bigint | string;

export interface ReserveParams {
  readonly userId: string;
  readonly gameId: string;
  readonly roundId: string;
  readonly amount: Amount;
  readonly currency: string;
  /** The idempotency key; generated (a UUID) when not given. A retry of this call reuses it. */
  readonly requestId?: string;
}

export interface ConfirmParams {
  readonly transactionId: string;
  /** 0 for a loss. */
  readonly winAmount: Amount;
  /** The transaction's round (checked when given). */
  readonly roundId?: string;
  readonly requestId?: string;
}

export interface CancelParams {
  readonly transactionId: string;
  readonly reason?: string;
  readonly requestId?: string;
}

/** The reply of Reserve, Confirm and Cancel: the wallet's balances after the call. */
export interface BalanceResult {
  /** Empty when a Reserve was rejected. */
  readonly transactionId: string;
  /** reserved | rejected | confirmed | already_confirmed | canceled | already_canceled */
  readonly status: BalanceStatus;
  /** A rejected Reserve's reason (a replay gives it again); '' for every other reply. */
  readonly reason: RejectionReason | '';
  readonly availableBalance: string;
  readonly reservedBalance: string;
  /** The request_id the call went with (the generated one, when none was given). */
  readonly requestId: string;
}

export interface Transaction {
  readonly transactionId: string;
  readonly userId: string;
  readonly roundId: string;
  readonly amount: string;
  readonly winAmount: string;
  /** reserved | confirmed | canceled */
  readonly status: GetTransactionResponse['status'];
}

export interface CallOptions {
  /** This call's deadline per attempt, in ms (the client's `deadlineMs` when not given). */
  readonly deadlineMs?: number;
}

/** Where a ledger watch starts and what it keeps (SPEC §1.11); every filter is optional. */
export interface WatchLedgerParams {
  /** The last sequence already seen ('0' or absent: from the ledger's start). */
  readonly afterSequence?: string | number | bigint;
  readonly gameId?: string;
  readonly userId?: string;
}

/** One balance move of the ledger. Amounts and balances are decimal strings (int64). */
export interface LedgerMove {
  /** Strictly increasing in ledger order: resume after it. */
  readonly sequence: string;
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
  /** As the .proto lists them: topup, reserve, confirm, cancel, expire, and close (an admin's closing move, SPEC §2.14). */
  readonly kind: LedgerEvent['kind'];
  /** For a confirm: the reserved amount. */
  readonly amount: string;
  readonly winAmount: string;
  readonly availableBalance: string;
  readonly reservedBalance: string;
  /** Empty for a top-up. */
  readonly transactionId: string;
  readonly roundId: string;
  readonly requestId: string;
  /** ISO 8601 UTC: when the engine made the move. */
  readonly time: string;
}
