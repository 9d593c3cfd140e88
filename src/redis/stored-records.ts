import { pack, unpack } from 'msgpackr';
import { NONCE_OFFSET } from './wallet-keys';

/**
 * Records as the scripts store them (lua/lib/prelude.lua, which says what each field holds):
 * MessagePack arrays of strings. A transaction record holds these fields in this order; a reservation
 * stores the first eleven.
 */
export const TRANSACTION_RECORD_FIELDS = [
  'st', 'c', 'rd', 'amt', 'u', 'g', 'ct', 'rid', 'a0', 'r0', 'tx', 'sid', 'srd', 'win', 'a1', 'r1', 'rs',
] as const;

export type TransactionRecord = Record<(typeof TRANSACTION_RECORD_FIELDS)[number], string>;

export function parseTransactionRecord(stored: Buffer): TransactionRecord {
  const values = unpack(stored) as string[];
  const record = {} as Record<string, string>;
  TRANSACTION_RECORD_FIELDS.forEach((field, i) => {
    record[field] = values[i] ?? '';
  });
  return record as TransactionRecord;
}

/**
 * Whether a record holds the transaction a transaction_id names, as the scripts' `named` decides: a
 * Reserve's reply record, another currency or another nonce (a later transaction of a reused
 * request_id) does not.
 */
export function namesTransaction(record: TransactionRecord, transactionId: string, currency: string): boolean {
  return record.st !== 'reply' && record.c === currency && record.tx === transactionId.slice(NONCE_OFFSET);
}

/** A transaction record as the scripts write it: a reservation's eleven fields, or all of a settled one's. */
export function formatTransactionRecord(record: Partial<TransactionRecord>, settled = false): Buffer {
  return pack(TRANSACTION_RECORD_FIELDS.slice(0, settled ? TRANSACTION_RECORD_FIELDS.length : 11).map((field) => record[field] ?? ''));
}

/**
 * An idempotency record of its own (keyed top-ups, already_* replies), as lua/lib/prelude.lua's
 * `remember` writes it: "<n>\n<field 1>\n...<field n>\n<fingerprint>".
 */
export function formatIdempotencyRecord(reply: readonly string[], fingerprint: string): string {
  return `${reply.length}\n${reply.join('\n')}\n${fingerprint}`;
}

/** What a repeat of a keyed top-up must match (lua/topup.lua): amount, currency, comment. */
export function topupFingerprint(amount: string, currency: string, comment: string): string {
  return `${amount}\n${currency}\n${comment}`;
}

export interface WalletRecord {
  readonly available: string;
  readonly reserved: string;
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
}

/** A wallet record; null (no key) is an unfunded wallet. */
export function parseWalletRecord(stored: Buffer | null): WalletRecord {
  const [available = '0', reserved = '0', userId = '', gameId = '', currency = ''] = stored ? (unpack(stored) as string[]) : [];
  return { available, reserved, userId, gameId, currency };
}

export function formatWalletRecord(wallet: WalletRecord): Buffer {
  return pack([wallet.available, wallet.reserved, wallet.userId, wallet.gameId, wallet.currency]);
}
