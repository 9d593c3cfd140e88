import { randomUUID } from 'node:crypto';
import type { DurableAck } from '../../src/redis/durable-ack';
import type { RedisLike } from '../../src/redis/script-registry';
import { outboxEventsOf, type OutboxEvent } from '../../src/sync/outbox-event';
import { keys, reserveTarget, walletAddress, walletOfTransaction, type WalletAddress } from '../../src/redis/wallet-keys';
import { createWalletService, type WalletService, type WalletServiceDeps } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';
import type { LimitValues } from '../../src/wallet/wallet-controls';

export interface Engine {
  readonly redis: RedisLike;
  readonly wallet: WalletService;
  /** A fresh (user_id, game_id) pair no other test touches. */
  newWallet(currency?: string): { userId: string; gameId: string; currency: string };
  fund(target: { userId: string; gameId: string; currency: string }, amount: number | string): Promise<void>;
  /** Balances, the transactions named, and the outbox length: what an error must leave alone. */
  state(target: { userId: string; gameId: string; currency: string }, transactionIds?: string[]): Promise<unknown>;
  outbox(target: { userId: string; gameId: string; currency: string }): Promise<OutboxEvent[]>;
  /**
   * Sets a wallet's limits as the API does with a current sync: a first record's count of earlier
   * losses is finished at once, here with the losses the test names (the engine alone has no ledger).
   */
  setLimits(target: { userId: string; gameId: string; currency: string }, asked: LimitValues, earlierLoss?: readonly [day: number, week: number, month: number]): Promise<void>;
}

export function createEngine(redis: RedisLike, options: Partial<Omit<WalletServiceDeps, 'store'>> & { durableAck?: DurableAck | null } = {}): Engine {
  const { durableAck, ...deps } = options;
  const wallet = createWalletService({ idempotencyTtlS: 86400, ...deps, store: createWalletStore(redis, { durableAck }) });
  const outbox = async (target: { userId: string; gameId: string; currency: string }) => {
    const address = walletAddress(target.userId, target.gameId, target.currency);
    const entries = (await redis.xrange(keys.outbox(address), '-', '+')) as Array<[string, string[]]>;
    // A partition's stream is shared by many wallets: keep this wallet's entries only.
    return entries
      .flatMap((entry) => outboxEventsOf(address.partition, entry))
      .filter((event) => event.userId === target.userId && event.gameId === target.gameId && event.currency === target.currency);
  };
  return {
    redis,
    wallet,
    newWallet: (currency = 'EUR') => ({ userId: `u-${randomUUID()}`, gameId: `g-${randomUUID()}`, currency }),
    fund: async (target, amount) => {
      await wallet.topup({ ...target, amount: String(amount), comment: 'test funding' });
    },
    state: async (target, transactionIds = []) => ({
      balance: await wallet.balance(target.userId, target.gameId, target.currency),
      transactions: await Promise.all(
        transactionIds.map(async (id) => (walletOfTransaction(id) ? redis.getBuffer(keys.transaction(id)) : null)),
      ),
      outbox: (await outbox(target)).length,
    }),
    outbox,
    setLimits: async (target, asked, earlierLoss = [0, 0, 0]) => {
      const { seed } = await wallet.setLimits(target.userId, target.gameId, target.currency, asked);
      if (seed) await wallet.seedLimits(target.userId, target.gameId, target.currency, seed, earlierLoss);
    },
  };
}

/** A well-formed transaction_id of the wallet that no Reserve has made. */
export function unknownTransactionId(wallet: WalletAddress): string {
  return reserveTarget(wallet, `unknown-${randomUUID()}`).transactionId;
}
