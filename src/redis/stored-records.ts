import { NONCE_OFFSET, REDIS_LAYOUT, TRANSACTION_RECORD_FIELDS, type TransactionRecordField } from './shared-layouts';

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
  return record.st !== 'reply' && record.c === currency && record.tx === transactionId.slice(NONCE_OFFSET);
}

/** A transaction record as the scripts write it (fields not given are empty). */
export function formatTransactionRecord(record: Partial<TransactionRecord>): Buffer {
  return Buffer.from(TRANSACTION_RECORD_FIELDS.map((field) => record[field] ?? '').join('\0'));
}

/**
 * An idempotency record of its own (keyed top-ups, already_* replies), as lua/lib/idempotency.lua's
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

/** A wallet record: the layout byte, available and reserved as little-endian doubles, then the owner. */
const OWNER_AT = 17;

/** A wallet record; null (no key) is an unfunded wallet. */
export function parseWalletRecord(stored: Buffer | null): WalletRecord {
  if (!stored) return { available: '0', reserved: '0', userId: '', gameId: '', currency: '' };
  if (stored.length < OWNER_AT || stored[0] !== REDIS_LAYOUT) throw new Error(`not a wallet record of layout ${REDIS_LAYOUT}`);
  const [userId = '', gameId = '', currency = ''] = stored.toString('utf8', OWNER_AT).split('\0');
  return { available: balanceText(stored.readDoubleLE(1)), reserved: balanceText(stored.readDoubleLE(9)), userId, gameId, currency };
}

export function formatWalletRecord(wallet: WalletRecord): Buffer {
  const balances = Buffer.alloc(OWNER_AT);
  balances[0] = REDIS_LAYOUT;
  balances.writeDoubleLE(Number(wallet.available), 1);
  balances.writeDoubleLE(Number(wallet.reserved), 9);
  return Buffer.concat([balances, Buffer.from(`${wallet.userId}\0${wallet.gameId}\0${wallet.currency}`)]);
}

/** A balance (a whole number below 2^53) as a decimal string, exact. */
const balanceText = (value: number): string => value.toFixed(0);
