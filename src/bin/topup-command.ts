import { createAuditLog } from '../admin/audit/audit-service';
import { topupAuditEntry } from '../admin/balance/balance-service';
import { findConnection } from '../admin/connections/connections-repository';
import type { Config } from '../config';
import { createKnex } from '../db/knex-factory';
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
  const db = createKnex(config.mysql.url, { min: 0, max: 1 });
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
    if (!reply.replayed) {
      // SPEC §2.11: the command's top-up is audited like the API's (no actor); a repeat adds no entry.
      const ug = await findConnection(db, Number(options.userId), Number(options.gameId));
      const entry = topupAuditEntry(ug ?? { id: 0, game_id: Number(options.gameId) }, { amount: options.amount ?? '', currency, comment: options.comment ?? '', topupId: reply.topupId });
      await createAuditLog(db).recordAlone({ ...entry, targetId: ug?.id ?? `${options.userId}:${options.gameId}` });
    }
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
    await db.destroy();
  }
}
