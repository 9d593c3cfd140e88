import { hash, randomFillSync } from 'node:crypto';
import { DERIVED_AT, SEPARATOR_AT, TRANSACTION_ID_PARTS, USER_GAME_REF_AT } from './shared-layouts';

/**
 * Every key of one wallet (and of its transactions) carries the same Redis Cluster hash tag `{pNN}`:
 * a partition derived from (user_id, game_id). A transaction_id carries the partition, the user-game
 * reference and the currency, so Confirm, Cancel and GetTransaction find all their keys from it
 * without a lookup: `<pp>.<user-game ref>.<currency>-<derived>-<nonce>`.
 *
 * `<derived>` comes from the Reserve's request_id alone (no clock, no setting), so the transaction
 * record is also the Reserve's idempotency record: a repeat finds it by name whichever instance takes
 * it, whatever its clock or IDEMPOTENCY_TTL_S (SPEC §1.4). Its key leaves the currency out
 * (`t{pNN}:<user-game ref>.<derived>`), so a repeat in another currency finds the first call's record
 * and is told apart. `<nonce>` is random: a request_id reused after its record expired makes a new
 * transaction_id, never an old one, and the record keeps the nonce so an old id is not taken for the
 * new transaction. Ids of the earlier layouts keep working: `<pp>.<ref>.<currency>.<random>` (layout 1,
 * key `t{pNN}:<transaction_id>`) and `<pp>.<ref>.<currency>-<derived>` (layout 2, no nonce).
 *
 * Changing PARTITION_COUNT moves wallets to other keys: it is fixed for the life of a deployment.
 */
export const PARTITION_COUNT = 64;

export interface WalletAddress {
  /** 0 .. PARTITION_COUNT-1 */
  readonly partition: number;
  /** The hash tag, `{p2a}`. */
  readonly tag: string;
  /** 22 url-safe characters: 128 bits of SHA-256 over user_id and game_id. */
  readonly userGameRef: string;
  readonly currency: string;
}

const { partition: PP, userGameRef: REF, currency: CUR, derived: PART, nonce: NONCE } = TRANSACTION_ID_PARTS;
const TRANSACTION_ID = new RegExp(
  `^([0-9a-f]{${PP}})\\.([A-Za-z0-9_-]{${REF}})\\.([A-Z]{${CUR}})(?:\\.[A-Za-z0-9_-]{${PART}}|-[A-Za-z0-9_-]{${PART}}(?:-[A-Za-z0-9_-]{${NONCE}})?)$`,
);
/** The separator before the last part: '-' derived from the request_id, '.' random (layout 1). */
const DERIVED = '-';

function tagOf(partition: number): string {
  return `{p${partition.toString(16).padStart(2, '0')}}`;
}

const TAGS = Array.from({ length: PARTITION_COUNT }, (_, partition) => tagOf(partition));

/** SHA-256 over user_id NUL game_id: its first byte picks the partition, the next 16 are the reference. */
export function walletAddress(userId: string, gameId: string, currency: string): WalletAddress {
  const { partition, userGameRef } = userGameAddress(userId, gameId);
  return { partition, tag: TAGS[partition]!, userGameRef, currency };
}

/** A user-game's partition, tag and reference: what its keys that name no currency need (its freeze). */
export function userGameKeyOf(userId: string, gameId: string): Pick<WalletAddress, 'partition' | 'tag' | 'userGameRef'> {
  const { partition, userGameRef } = userGameAddress(userId, gameId);
  return { partition, tag: TAGS[partition]!, userGameRef };
}

/**
 * The digest of recently seen user-games, so a busy wallet's calls hash it once: a bounded map that
 * drops its oldest entry when full (a game round's calls come close together).
 */
const USER_GAME_CACHE_SIZE = 50_000;
const userGameCache = new Map<string, { partition: number; userGameRef: string }>();

function userGameAddress(userId: string, gameId: string): { partition: number; userGameRef: string } {
  const name = `${userId}\0${gameId}`;
  const cached = userGameCache.get(name);
  if (cached) return cached;
  const digest = hash('sha256', name, 'buffer');
  const address = { partition: digest[0]! % PARTITION_COUNT, userGameRef: digest.toString('base64url', 1, 17) };
  if (userGameCache.size >= USER_GAME_CACHE_SIZE) userGameCache.delete(userGameCache.keys().next().value!);
  userGameCache.set(name, address);
  return address;
}

export interface ReserveTarget {
  /** The transaction_id a new reservation gets (its nonce fresh for this call). */
  readonly transactionId: string;
  /** Its record's key: the transaction, or the idempotency record of a rejected Reserve. */
  readonly key: string;
}

/** Where a Reserve's request_id leads: its record's name, and the transaction_id a new reservation gets. */
export function reserveTarget(wallet: WalletAddress, requestId: string): ReserveTarget {
  const derived = derivedName(wallet.userGameRef, requestId);
  const pp = wallet.partition.toString(16).padStart(2, '0');
  return {
    transactionId: `${pp}.${wallet.userGameRef}.${wallet.currency}${DERIVED}${derived}${DERIVED}${nonce()}`,
    key: `t${wallet.tag}:${wallet.userGameRef}.${derived}`,
  };
}

function derivedName(userGameRef: string, requestId: string): string {
  return hash('sha256', `${userGameRef}\0${requestId}`, 'base64url').slice(0, TRANSACTION_ID_PARTS.derived);
}

/** 64 random bits, 11 url-safe characters, drawn from a pool refilled 512 at a time. */
const NONCE_BYTES = 8;
const noncePool = Buffer.alloc(NONCE_BYTES * 512);
let noncePosition = noncePool.length;
function nonce(): string {
  if (noncePosition === noncePool.length) {
    randomFillSync(noncePool);
    noncePosition = 0;
  }
  noncePosition += NONCE_BYTES;
  return noncePool.toString('base64url', noncePosition - NONCE_BYTES, noncePosition);
}

/** The wallet a transaction_id belongs to, or null when the id is not one this engine made. */
export function walletOfTransaction(transactionId: string): WalletAddress | null {
  const match = TRANSACTION_ID.exec(transactionId);
  if (!match) return null;
  const partition = Number.parseInt(match[1]!, 16);
  if (partition >= PARTITION_COUNT) return null;
  return { partition, tag: TAGS[partition]!, userGameRef: match[2]!, currency: match[3]! };
}

/** The record key of a transaction_id that walletOfTransaction accepted. */
function transactionKey(transactionId: string): string {
  const tag = TAGS[Number.parseInt(transactionId.slice(0, 2), 16)]!;
  // '<pp>.<ref 22>.<CUR><sep><16>[-<nonce>]'
  if (transactionId[SEPARATOR_AT] !== DERIVED) return `t${tag}:${transactionId}`;
  const ref = transactionId.slice(USER_GAME_REF_AT, USER_GAME_REF_AT + TRANSACTION_ID_PARTS.userGameRef);
  return `t${tag}:${ref}.${transactionId.slice(DERIVED_AT, DERIVED_AT + TRANSACTION_ID_PARTS.derived)}`;
}

/** Key builders: the one place that knows key names. */
export const keys = {
  wallet: (w: WalletAddress) => `w${w.tag}:${w.userGameRef}:${w.currency}`,
  /** A transaction record's key, from its id (checked by walletOfTransaction). */
  transaction: transactionKey,
  /** A Reserve's idempotency record of layout 1 (before transaction ids were derived). */
  legacyReserveRequest: (w: WalletAddress, requestId: string) => `i${w.tag}:r:${w.userGameRef}:${requestId}`,
  confirmRequest: (w: WalletAddress, transactionId: string, requestId: string) =>
    `i${w.tag}:c:${transactionId}:${requestId}`,
  cancelRequest: (w: WalletAddress, transactionId: string, requestId: string) =>
    `i${w.tag}:x:${transactionId}:${requestId}`,
  topupRequest: (w: WalletAddress, idempotencyKey: string) => `i${w.tag}:t:${w.userGameRef}:${idempotencyKey}`,
  outbox: (w: Pick<WalletAddress, 'tag'>) => `o${w.tag}`,
  openReservations: (w: Pick<WalletAddress, 'tag'>) => `e${w.tag}`,
  topupSequence: (w: Pick<WalletAddress, 'tag'>) => `n${w.tag}`,
  currencies: (w: Pick<WalletAddress, 'tag' | 'userGameRef'>) => `c${w.tag}:${w.userGameRef}`,
  /** A wallet's limits and the net loss they count (lua/lib/controls.lua); absent: no limits. */
  limits: (w: WalletAddress) => `l${w.tag}:${w.userGameRef}:${w.currency}`,
  /**
   * Exists while a wallet's first limits wait for the ledger's count of the losses made before them
   * (its value: the outbox id up to which the ledger must count; lua/limits.lua).
   */
  limitsSeed: (w: WalletAddress) => `k${w.tag}:${w.userGameRef}:${w.currency}`,
  /** Exists while the user-game is frozen (its value: the reason). */
  userGameFreeze: (w: Pick<WalletAddress, 'tag' | 'userGameRef'>) => `z${w.tag}:g:${w.userGameRef}`,
  /**
   * Exists while the user is frozen: one in every partition, so a Reserve reads the one of its own
   * partition (a script stays in one slot on Redis Cluster).
   */
  userFreeze: (w: Pick<WalletAddress, 'tag'>, userId: string) => `z${w.tag}:u:${userId}`,
  /**
   * A partition's fence (REDIS_DURABILITY=replicated): a write here makes the connection's next
   * WAITAOF cover whatever the partition's server holds so far. Named from any key of the partition.
   */
  fence: (keyOfPartition: string) => `f${PARTITION_TAG.exec(keyOfPartition)?.[0] ?? TAGS[0]}`,
};

const PARTITION_TAG = /\{p[0-9a-f]{2}\}/;

export function partitionTag(partition: number): string {
  return TAGS[partition]!;
}
