import { createHash, randomBytes } from 'node:crypto';

/**
 * Every key of one wallet (and of its transactions) carries the same Redis Cluster hash tag `{pNN}`:
 * a partition derived from (user_id, game_id). A transaction_id carries the partition, the user-game
 * reference and the currency, so Confirm, Cancel and GetTransaction find all their keys from it
 * without a lookup: `<pp>.<user-game ref>.<currency>.<random>`.
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

const TRANSACTION_ID = /^([0-9a-f]{2})\.([A-Za-z0-9_-]{22})\.([A-Z]{3})\.[A-Za-z0-9_-]{16}$/;

function tagOf(partition: number): string {
  return `{p${partition.toString(16).padStart(2, '0')}}`;
}

export function walletAddress(userId: string, gameId: string, currency: string): WalletAddress {
  const digest = createHash('sha256').update(userId).update('\0').update(gameId).digest();
  const partition = digest[0]! % PARTITION_COUNT;
  return { partition, tag: tagOf(partition), userGameRef: digest.toString('base64url', 1, 17).slice(0, 22), currency };
}

// Random bytes drawn 4 KiB at a time: one system call per 341 transaction ids instead of one each.
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

function random12(): string {
  if (randomOffset + 12 > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomOffset = 0;
  }
  randomOffset += 12;
  return randomPool.toString('base64url', randomOffset - 12, randomOffset);
}

export function newTransactionId(wallet: WalletAddress): string {
  const pp = wallet.partition.toString(16).padStart(2, '0');
  return `${pp}.${wallet.userGameRef}.${wallet.currency}.${random12()}`;
}

/** The wallet a transaction_id belongs to, or null when the id is not one this engine made. */
export function walletOfTransaction(transactionId: string): WalletAddress | null {
  const match = TRANSACTION_ID.exec(transactionId);
  if (!match) return null;
  const partition = Number.parseInt(match[1]!, 16);
  if (partition >= PARTITION_COUNT) return null;
  return { partition, tag: tagOf(partition), userGameRef: match[2]!, currency: match[3]! };
}

/** Key builders: the one place that knows key names. */
export const keys = {
  wallet: (w: WalletAddress) => `w${w.tag}:${w.userGameRef}:${w.currency}`,
  transaction: (w: Pick<WalletAddress, 'tag'>, transactionId: string) => `t${w.tag}:${transactionId}`,
  reserveRequest: (w: WalletAddress, requestId: string) => `i${w.tag}:r:${w.userGameRef}:${requestId}`,
  confirmRequest: (w: WalletAddress, transactionId: string, requestId: string) =>
    `i${w.tag}:c:${transactionId}:${requestId}`,
  cancelRequest: (w: WalletAddress, transactionId: string, requestId: string) =>
    `i${w.tag}:x:${transactionId}:${requestId}`,
  topupRequest: (w: WalletAddress, idempotencyKey: string) => `i${w.tag}:t:${w.userGameRef}:${idempotencyKey}`,
  outbox: (w: Pick<WalletAddress, 'tag'>) => `o${w.tag}`,
  openReservations: (w: Pick<WalletAddress, 'tag'>) => `e${w.tag}`,
  topupSequence: (w: Pick<WalletAddress, 'tag'>) => `n${w.tag}`,
  currencies: (w: Pick<WalletAddress, 'tag' | 'userGameRef'>) => `c${w.tag}:${w.userGameRef}`,
};

export function partitionTag(partition: number): string {
  return tagOf(partition);
}
