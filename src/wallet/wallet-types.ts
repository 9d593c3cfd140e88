import type { AppError } from '../errors';
import type { BalanceStatus, RejectionReason, TransactionStatus } from '../redis/shared-codes';

/** Amounts and balances travel as canonical decimal strings: exact for every value up to 2^53-1. */
export type Amount = string;

/** Statuses and rejection reasons: as the .proto lists them (src/redis/shared-codes.ts). */
export type { BalanceStatus, RejectionReason, TransactionStatus } from '../redis/shared-codes';

export interface BalanceReply {
  readonly transactionId: string;
  readonly status: BalanceStatus;
  /** A rejected Reserve's reason (replays give it again); absent otherwise. */
  readonly reason?: RejectionReason;
  readonly availableBalance: Amount;
  readonly reservedBalance: Amount;
  /** True when this is the stored first reply to a repeated request_id. */
  readonly replayed: boolean;
}

/** One item's answer in a batch: its reply, or the error the unary call would have given. */
export type BalanceOutcome = BalanceReply | AppError;

export interface ReserveInput {
  readonly requestId: string;
  readonly userId: string;
  readonly gameId: string;
  readonly roundId: string;
  readonly amount: Amount;
  readonly currency: string;
}

export interface ConfirmInput {
  readonly requestId: string;
  readonly transactionId: string;
  readonly roundId: string;
  readonly winAmount: Amount;
}

export interface CancelInput {
  readonly requestId: string;
  readonly transactionId: string;
  readonly reason: string;
}

export interface TransactionView {
  readonly transactionId: string;
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
  readonly roundId: string;
  readonly amount: Amount;
  readonly winAmount: Amount;
  readonly status: TransactionStatus;
}

export interface TopupInput {
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
  readonly amount: Amount;
  readonly comment: string;
  /** Optional: a repeat with the same key returns the first reply. */
  readonly idempotencyKey?: string;
  /**
   * Optional, one line of text the engine keeps with the move's outbox entry and hands to the sync:
   * who asked, so the audit entry can be written with the ledger row (not part of the fingerprint).
   */
  readonly auditTrail?: string;
}

export interface TopupReply {
  /** Unique across partitions: sequence * 64 + partition. */
  readonly topupId: string;
  readonly availableBalance: Amount;
  readonly reservedBalance: Amount;
  readonly createdAtMs: number;
  readonly replayed: boolean;
}

/** An admin's closing move of one wallet (SPEC §2.14): its available balance taken out to 0. */
export interface CloseInput {
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
  /** Why: kept as the move's comment. */
  readonly reason: string;
  /** Optional: a repeat with the same key returns the first reply (the top-ups' keys: one key, one request). */
  readonly idempotencyKey?: string;
  /** Who asked, as for a top-up (TopupInput.auditTrail): the sync writes the audit entry from it. */
  readonly auditTrail: string;
}

export interface CloseReply {
  /** The move's id (a top-up id's kind); null when nothing was available, and no move was written. */
  readonly closeId: string | null;
  /** What was taken out. */
  readonly amount: Amount;
  readonly availableBalance: Amount;
  readonly reservedBalance: Amount;
  readonly createdAtMs: number;
  readonly replayed: boolean;
}

export interface WalletBalance {
  readonly availableBalance: Amount;
  readonly reservedBalance: Amount;
}

/** The move that settled an archived transaction, as the ledger keeps it (for request_id replays). */
export interface SettlingMove {
  readonly kind: 'confirm' | 'cancel' | 'expire';
  readonly requestId: string;
  /** The round_id the settling Confirm gave ('' accepts any); null in rows older than the column. */
  readonly requestRoundId: string | null;
  readonly winAmount: Amount;
  readonly reason: string;
  readonly availableBalance: Amount;
  readonly reservedBalance: Amount;
  readonly atMs: number;
}

export interface ArchivedTransaction extends TransactionView {
  readonly settledBy: SettlingMove | null;
}

/** Where settled transactions are found once they have left Redis (MySQL, via the sync). */
export interface TransactionArchive {
  find(transactionId: string): Promise<ArchivedTransaction | null>;
  /** Those of the ids it holds, in one lookup (a batch's items that have left Redis). */
  findMany(transactionIds: readonly string[]): Promise<Map<string, ArchivedTransaction>>;
}
