import type { Config } from '../config';
import { operatorRedis } from './operator-redis';
import { createWalletService } from '../wallet/wallet-service';
import { createWalletStore } from '../wallet/wallet-store';

export interface TopupOptions {
  readonly userId?: string;
  readonly gameId?: string;
  readonly amount?: string;
  readonly currency?: string;
  readonly comment?: string;
  readonly idempotencyKey?: string;
}

/** `topup`: credits a wallet through the same script and outbox as the management API. */
export async function topupCommand(config: Config, options: TopupOptions): Promise<void> {
  const redis = operatorRedis(config);
  try {
    const wallet = createWalletService({
      store: createWalletStore(redis),
      idempotencyTtlS: config.engine.idempotencyTtlS,
    });
    const currency = options.currency ?? config.engine.defaultCurrency;
    const reply = await wallet.topup({
      userId: options.userId ?? '',
      gameId: options.gameId ?? '',
      amount: options.amount ?? '',
      currency,
      comment: options.comment ?? '',
      idempotencyKey: options.idempotencyKey,
    });
    console.log(
      JSON.stringify({
        topup_id: reply.topupId,
        user_id: options.userId,
        game_id: options.gameId,
        currency,
        amount: Number(options.amount),
        available_balance: Number(reply.availableBalance),
        reserved_balance: Number(reply.reservedBalance),
        replayed: reply.replayed,
        created_at: new Date(reply.createdAtMs).toISOString(),
      }),
    );
  } finally {
    await redis.quit();
  }
}
