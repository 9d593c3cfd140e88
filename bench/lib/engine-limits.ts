import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';

/**
 * SPEC §1.11's limits on every user's wallet of `gameId` (EUR): a max_bet and a monthly loss limit
 * far above what the load bets, so no Reserve is refused and every one is checked, and every Confirm
 * counts its net loss.
 */
export async function limitEngineWallets(redisUrl: string, users: readonly string[], gameId: string): Promise<void> {
  const redis = createRedisClient({ url: redisUrl, role: 'cli' });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  try {
    for (let i = 0; i < users.length; i += 200) {
      await Promise.all(users.slice(i, i + 200).map(async (userId) => {
        const { seed } = await wallet.setLimits(userId, gameId, 'EUR', { maxBet: 1_000_000, lossLimit: 1_000_000_000_000, lossPeriod: 'month' });
        // A first loss limit refuses every Reserve until the losses made before it are counted (SPEC
        // §1.11; the worker does it from the ledger): the bench's wallets have none yet.
        if (seed) await wallet.seedLimits(userId, gameId, 'EUR', seed, [0, 0, 0]);
      }));
    }
  } finally {
    redis.disconnect();
  }
}
