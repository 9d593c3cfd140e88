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

export function formatTransactionRecord(record: Partial<TransactionRecord>): Buffer {
  return pack(TRANSACTION_RECORD_FIELDS.slice(0, 11).map((field) => record[field] ?? ''));
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
