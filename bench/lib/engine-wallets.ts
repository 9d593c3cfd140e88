import { createRedisClient } from '../../src/redis/redis-client';
import { createWalletService } from '../../src/wallet/wallet-service';
import { createWalletStore } from '../../src/wallet/wallet-store';

/** Tops up every user's wallet (game `gameId`, EUR) on the engine's Redis at `redisUrl`. */
export async function fundEngineWallets(redisUrl: string, users: readonly string[], gameId: string, amount: number): Promise<void> {
  const redis = createRedisClient({ url: redisUrl, role: 'cli' });
  const wallet = createWalletService({ store: createWalletStore(redis), idempotencyTtlS: 3600 });
  try {
    for (let i = 0; i < users.length; i += 200) {
      await Promise.all(
        users.slice(i, i + 200).map((userId) => wallet.topup({ userId, gameId, currency: 'EUR', amount: String(amount), comment: 'bench' })),
      );
    }
  } finally {
    redis.disconnect();
  }
}
