import { REPLY_RECORD_STATUS } from './shared-codes';
import {
  CLOSE_REPLY, FINGERPRINTS, IDEMPOTENCY_SEPARATOR, NONCE_OFFSET, REDIS_LAYOUT, TOPUP_REPLY, TRANSACTION_RECORD_FIELDS, WALLET_AT, WALLET_OWNER_AT,
  type TransactionRecordField,
} from './shared-layouts';

/** Records as the scripts store them, in the layout shared-layouts.ts defines (it says what each field holds). */
export type TransactionRecord = Record<TransactionRecordField, string>;

const NUL = 0;
const LAST_FIELD = TRANSACTION_RECORD_FIELDS.length - 1;

export function parseTransactionRecord(stored: Buffer): TransactionRecord {
  const record = {} as Record<string, string>;
  let start = 0;
  TRANSACTION_RECORD_FIELDS.forEach((field, i) => {
    const end = i === LAST_FIELD ? stored.length : stored.indexOf(NUL, start);
    if (end < 0) throw new Error(`not a transaction record of layout ${REDIS_LAYOUT}: field ${field} has no end`);
    record[field] = stored.toString('utf8', start, end);
    start = end + 1;
  });
  return record as TransactionRecord;
}

/**
 * Whether a record holds the transaction a transaction_id names, as the scripts' `named` decides: a
 * Reserve's reply record, another currency or another nonce (a later transaction of a reused
 * request_id) does not.
 */
export function namesTransaction(record: TransactionRecord, transactionId: string, currency: string): boolean {
  return record.st !== REPLY_RECORD_STATUS && record.c === currency && record.tx === transactionId.slice(NONCE_OFFSET);
}

/** A transaction record as the scripts write it (fields not given are empty). */
export function formatTransactionRecord(record: Partial<TransactionRecord>): Buffer {
  return Buffer.from(TRANSACTION_RECORD_FIELDS.map((field) => record[field] ?? '').join('\0'));
}

/**
 * An idempotency record of its own (keyed top-ups, already_* replies), as the scripts' idempotency_record
 * packs it (shared-layouts.ts).
 */
export function formatIdempotencyRecord(reply: readonly string[], fingerprint: string): string {
  return [String(reply.length), ...reply, fingerprint].join(IDEMPOTENCY_SEPARATOR);
}

/** What a repeat of a keyed top-up must match (FINGERPRINTS.topup). */
export function topupFingerprint(fields: Record<(typeof FINGERPRINTS.topup)[number], string>): string {
  return FINGERPRINTS.topup.map((name) => fields[name]).join(IDEMPOTENCY_SEPARATOR);
}

/** What a repeat of a keyed close must match (FINGERPRINTS.close). */
export function closeFingerprint(fields: Record<(typeof FINGERPRINTS.close)[number], string>): string {
  return FINGERPRINTS.close.map((name) => fields[name]).join(IDEMPOTENCY_SEPARATOR);
}

/** A close's reply fields, in the order the script answers and remembers them (CLOSE_REPLY). */
export type CloseReplyFields = Record<(typeof CLOSE_REPLY)[number], string>;
export const closeReplyFields = (reply: CloseReplyFields): string[] => CLOSE_REPLY.map((name) => reply[name]);
export const parseCloseReply = (fields: readonly string[]): CloseReplyFields =>
  Object.fromEntries(CLOSE_REPLY.map((name, i) => [name, fields[i] ?? ''])) as CloseReplyFields;

/** A top-up's reply fields, in the order the script answers and remembers them (TOPUP_REPLY). */
export type TopupReplyFields = Record<(typeof TOPUP_REPLY)[number], string>;
export const topupReplyFields = (reply: TopupReplyFields): string[] => TOPUP_REPLY.map((name) => reply[name]);
export const parseTopupReply = (fields: readonly string[]): TopupReplyFields =>
  Object.fromEntries(TOPUP_REPLY.map((name, i) => [name, fields[i] ?? ''])) as TopupReplyFields;

export interface WalletRecord {
  readonly available: string;
  readonly reserved: string;
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
}

/** A wallet record; null (no key) is an unfunded wallet. */
export function parseWalletRecord(stored: Buffer | null): WalletRecord {
  if (!stored) return { available: '0', reserved: '0', userId: '', gameId: '', currency: '' };
  if (stored.length < WALLET_OWNER_AT || stored[WALLET_AT.layout] !== REDIS_LAYOUT) throw new Error(`not a wallet record of layout ${REDIS_LAYOUT}`);
  const [userId = '', gameId = '', currency = ''] = stored.toString('utf8', WALLET_OWNER_AT).split('\0');
  return {
    available: balanceText(stored.readDoubleLE(WALLET_AT.available)), reserved: balanceText(stored.readDoubleLE(WALLET_AT.reserved)), userId, gameId, currency,
  };
}

export function formatWalletRecord(wallet: WalletRecord): Buffer {
  const balances = Buffer.alloc(WALLET_OWNER_AT);
  balances[WALLET_AT.layout] = REDIS_LAYOUT;
  balances.writeDoubleLE(Number(wallet.available), WALLET_AT.available);
  balances.writeDoubleLE(Number(wallet.reserved), WALLET_AT.reserved);
  return Buffer.concat([balances, Buffer.from(`${wallet.userId}\0${wallet.gameId}\0${wallet.currency}`)]);
}

/** A balance (a whole number below 2^53) as a decimal string, exact. */
const balanceText = (value: number): string => value.toFixed(0);
