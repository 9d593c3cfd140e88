import { createAuditLog } from '../admin/audit/audit-service';
import { topupAuditEntry } from '../admin/balance/balance-service';
import { findConnection } from '../admin/connections/connections-reads';
import type { Config } from '../config';
import { createKnex, type Knex } from '../db/knex-factory';
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

/**
 * SPEC §2.11: the command's top-up is audited like the API's, with no actor; a repeat adds no entry.
 * Ids of a connected user-game name it (target and game as the API's entry has them); a wallet the
 * management API does not know (engine ids are any text) is named `<user_id>:<game_id>`, no game.
 */
async function auditTopup(db: Knex, options: TopupOptions, currency: string, topupId: string): Promise<void> {
  const asId = (text: string | undefined) => (text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);
  const userId = asId(options.userId);
  const gameId = asId(options.gameId);
  const ug = userId !== undefined && gameId !== undefined ? await findConnection(db, userId, gameId) : undefined;
  const entry = topupAuditEntry(ug ?? { id: 0, game_id: 0 }, { amount: options.amount ?? '', currency, comment: options.comment ?? '', topupId });
  await createAuditLog(db).recordAlone(ug ? entry : { ...entry, targetId: `${options.userId}:${options.gameId}`, gameId: null });
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
    if (!reply.replayed) await auditTopup(db, options, currency, reply.topupId);
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
