import { WIRE_VALUES, type LedgerEvent } from '../../client/src/wire-types';

/**
 * The layouts the Lua scripts and the TypeScript share, defined once: what a transaction_id holds
 * where, the fields of a transaction record, and the values of an outbox entry per kind. The scripts
 * get them as Lua constants and functions (lua-layouts.ts emits them when the scripts are loaded: a
 * script that includes `layouts`); the TypeScript reads these tables. Changing a record's fields or an
 * entry's order is a new Redis layout (layout-upgrade.ts).
 */

/** The Redis record layout this code reads and writes (every role refuses to start on another). */
export const REDIS_LAYOUT = 4;

/**
 * A transaction_id: `<pp>.<user-game ref>.<currency>-<derived>-<nonce>` (wallet-keys.ts says what each
 * part is): the length of each part.
 */
export const TRANSACTION_ID_PARTS = { partition: 2, userGameRef: 22, currency: 3, derived: 16, nonce: 11 } as const;
/** Where each part starts (0-based); one separator character stands between two parts. */
export const USER_GAME_REF_AT = TRANSACTION_ID_PARTS.partition + 1;
export const CURRENCY_AT = USER_GAME_REF_AT + TRANSACTION_ID_PARTS.userGameRef + 1;
/** The separator after the currency: '-' before a part derived from the request_id, '.' before a random one (layout 1). */
export const SEPARATOR_AT = CURRENCY_AT + TRANSACTION_ID_PARTS.currency;
export const DERIVED_AT = SEPARATOR_AT + 1;
/** Where the nonce starts: what precedes it is `<pp>.<ref>.<CUR>-<derived>-`. */
export const NONCE_OFFSET = DERIVED_AT + TRANSACTION_ID_PARTS.derived + 1;

/** The currency inside a transaction_id. */
export const currencyOfTransaction = (transactionId: string): string =>
  transactionId.slice(CURRENCY_AT, CURRENCY_AT + TRANSACTION_ID_PARTS.currency);

/**
 * A transaction record (t{p}:<ref>.<derived>): one string, these fields in this order, each but the
 * last ended by a NUL byte; the last (the reason) runs to the end of the string, so it is the only one
 * that may hold any byte (the others are ids without control characters, digits and statuses).
 * `name` is the field's name in TypeScript, `lua` its index constant in the scripts.
 */
export const TRANSACTION_RECORD = [
  { name: 'st', lua: 'ST', doc: "reserved | confirmed | canceled; or 'reply': only the idempotency record of a Reserve that made no transaction here (rejected, or carried over from an earlier layout)" },
  { name: 'c', lua: 'CUR', doc: 'currency' },
  { name: 'rd', lua: 'ROUND', doc: 'round_id' },
  { name: 'amt', lua: 'AMOUNT', doc: 'amount' },
  { name: 'u', lua: 'USER', doc: 'user_id' },
  { name: 'g', lua: 'GAME', doc: 'game_id' },
  { name: 'ct', lua: 'CREATED', doc: "creation time (ms) while expiry is on ('' otherwise): then it is also in the open index" },
  { name: 'rid', lua: 'RID', doc: "the Reserve's request_id" },
  { name: 'a0', lua: 'A0', doc: 'the available balance after the Reserve (its reply)' },
  { name: 'r0', lua: 'R0', doc: 'the reserved balance after the Reserve' },
  { name: 'tx', lua: 'TX', doc: "the transaction's nonce, the last part of its transaction_id ('' for ids of layouts 1 and 2, which have none); a 'reply' record's whole transaction_id ('' when it was rejected)" },
  { name: 'sid', lua: 'SETTLER', doc: "request_id of the Confirm or Cancel that settled it ('' for expiry)" },
  { name: 'srd', lua: 'SETTLER_ROUND', doc: 'the round_id that Confirm gave' },
  { name: 'win', lua: 'WIN', doc: 'win amount' },
  { name: 'a1', lua: 'A1', doc: 'the available balance after the settlement (its reply)' },
  { name: 'r1', lua: 'R1', doc: 'the reserved balance after the settlement' },
  { name: 'rs', lua: 'REASON', doc: 'the reason (canceled); last: it may hold any byte' },
] as const;

export type TransactionRecordField = (typeof TRANSACTION_RECORD)[number]['name'];
export const TRANSACTION_RECORD_FIELDS: readonly TransactionRecordField[] = TRANSACTION_RECORD.map((field) => field.name);
/** The fields a new reservation (or a Reserve's reply record) holds: those up to its nonce; the rest stay empty. */
export const RESERVATION_FIELD_COUNT = TRANSACTION_RECORD_FIELDS.indexOf('tx') + 1;

/**
 * A wallet record (w{p}:<ref>:<currency>): this head, packed as struct (Lua) and Buffer (TypeScript)
 * read it (little-endian; a double holds every balance below 2^53 exactly), then the owner
 * "<user_id>\0<game_id>\0<currency>" to the end of the string.
 */
const WALLET_HEAD = [
  { name: 'layout', struct: 'B', bytes: 1, doc: 'REDIS_LAYOUT' },
  { name: 'available', struct: 'd', bytes: 8, doc: 'the available balance' },
  { name: 'reserved', struct: 'd', bytes: 8, doc: 'the reserved balance' },
] as const;
/** The head's struct format, for Lua's struct.pack / struct.unpack. */
export const WALLET_HEAD_FORMAT = `<${WALLET_HEAD.map((field) => field.struct).join('')}`;
/** Where each head field starts, and where the owner starts (the head's length). */
export const WALLET_AT = Object.fromEntries(WALLET_HEAD.map((field, i) => [field.name, WALLET_HEAD.slice(0, i).reduce((at, f) => at + f.bytes, 0)])) as Record<(typeof WALLET_HEAD)[number]['name'], number>;
export const WALLET_OWNER_AT = WALLET_HEAD.reduce((at, field) => at + field.bytes, 0);

/**
 * An idempotency record of its own (already_* replies, keyed top-ups): "<n>\n<field 1>\n...<field n>\n<fingerprint>"
 * (reply fields never hold "\n"; the fingerprint comes last and may hold anything). The fingerprint is
 * what a repeat must match: the request's fields, other than its request_id and target, in this order,
 * joined by "\n" (only the last may hold one).
 */
export const IDEMPOTENCY_SEPARATOR = '\n';
export const FINGERPRINTS = {
  confirm: ['round_id', 'win_amount'],
  cancel: ['reason'],
  topup: ['amount', 'currency', 'comment'],
  close: ['currency', 'reason'],
} as const satisfies Record<string, readonly string[]>;
/** A keyed top-up's reply, as its idempotency record keeps it (and `restore` rebuilds it). */
export const TOPUP_REPLY = ['topup_id', 'available', 'reserved', 'created_at_ms'] as const;
/** A keyed close's reply (SPEC §2.14), as its idempotency record keeps it: the move's id ('' when there was nothing to close) and the amount taken. */
export const CLOSE_REPLY = ['close_id', 'amount', 'available', 'reserved', 'created_at_ms'] as const;

/** What an outbox entry (and the ledger row made of it) records: the kinds the .proto lists for LedgerEvent. */
export const OUTBOX_KINDS = WIRE_VALUES.LedgerEvent.kind;
export type OutboxKind = LedgerEvent['kind'];

/** The values an outbox entry may carry, by their names in OutboxEvent (src/sync/outbox-event.ts). */
export type OutboxValueName =
  | 'userId' | 'gameId' | 'currency' | 'amount' | 'winAmount' | 'availableBalance' | 'reservedBalance' | 'transactionId'
  | 'roundId' | 'requestId' | 'requestRoundId' | 'topupId' | 'comment' | 'auditTrail' | 'at';

const MOVE: readonly OutboxValueName[] = ['transactionId', 'userId', 'gameId', 'roundId', 'amount', 'availableBalance', 'reservedBalance', 'requestId', 'at'];
const CONFIRM: readonly OutboxValueName[] = ['transactionId', 'userId', 'gameId', 'roundId', 'amount', 'winAmount', 'availableBalance', 'reservedBalance', 'requestId', 'requestRoundId', 'at'];
const TOPUP: readonly OutboxValueName[] = ['topupId', 'userId', 'gameId', 'currency', 'amount', 'availableBalance', 'reservedBalance', 'at'];

export interface OutboxLayout {
  readonly kind: OutboxKind;
  /** The Lua function that makes such an entry from these values (in this order). */
  readonly lua: string;
  readonly values: readonly OutboxValueName[];
  /** A cancel's reason, an expiry's or a top-up's comment: all that follows the values (it may hold newlines). */
  readonly commentFollows?: true;
}

/**
 * The most moves one outbox stream entry carries: a call's moves in a partition go as one entry per
 * this many (lua/lib/unit_of_work.lua), so an entry, and what the sync reads in one go, stay small.
 */
export const MOVES_PER_ENTRY = 32;

/**
 * An outbox entry holds one or more moves (up to MOVES_PER_ENTRY), each a stream field `e`: a
 * one-letter code, then the values in a fixed order per code, all joined by "\n". A top-up with an Idempotency-Key carries it (as requestId: the ledger keeps it
 * for `restore`), one with an audit trail carries the trail.
 */
export const OUTBOX_LAYOUTS: Readonly<Record<string, OutboxLayout>> = {
  r: { kind: 'reserve', lua: 'outbox_reserve', values: MOVE },
  c: { kind: 'confirm', lua: 'outbox_confirm', values: CONFIRM },
  x: { kind: 'cancel', lua: 'outbox_cancel', values: MOVE, commentFollows: true },
  e: { kind: 'expire', lua: 'outbox_expire', values: MOVE, commentFollows: true },
  t: { kind: 'topup', lua: 'outbox_topup', values: TOPUP, commentFollows: true },
  T: { kind: 'topup', lua: 'outbox_audited_topup', values: [...TOPUP, 'auditTrail'], commentFollows: true },
  k: { kind: 'topup', lua: 'outbox_keyed_topup', values: [...TOPUP, 'requestId'], commentFollows: true },
  K: { kind: 'topup', lua: 'outbox_keyed_audited_topup', values: [...TOPUP, 'requestId', 'auditTrail'], commentFollows: true },
  // A close (SPEC §2.14): its id from the top-up sequence, the amount it took, the reason as its comment.
  z: { kind: 'close', lua: 'outbox_close', values: [...TOPUP, 'auditTrail'], commentFollows: true },
  Z: { kind: 'close', lua: 'outbox_keyed_close', values: [...TOPUP, 'requestId', 'auditTrail'], commentFollows: true },
};
