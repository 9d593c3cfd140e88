import { COMMAND_ACTOR } from '../admin/core/actor';
import { recordTopupAudit, topupAuditTrail, type TopupTarget } from '../admin/balance/topup-audit';
import type { Store } from '../admin/unit-of-work';
import { callerTopupKey } from '../admin/balance/topup-key';
import pino from 'pino';
import type { Config } from '../config';
import { createLogger } from '../logging/logger';
import { createKnex } from '../db/knex-factory';
import { storeDurability } from '../redis/durable-ack';
import { operatorAdminStore, operatorRedis } from './operator-redis';
import { createWalletService } from '../wallet/wallet-service';
import { createWalletStore } from '../wallet/wallet-store';
import { AppError } from '../errors';

export interface TopupOptions {
  readonly userId?: string;
  readonly gameId?: string;
  readonly amount?: string;
  readonly currency?: string;
  readonly comment?: string;
  readonly idempotencyKey?: string;
}

/**
 * SPEC §2.11: the command's top-up is audited like the API's, with no actor. Ids of a connected
 * user-game name it (target and game as the API's entry has them); a wallet the management API does
 * not know (engine ids are any text) is named `<user_id>:<game_id>`, no game. Looked up before the
 * credit: a MySQL that does not answer stops the command before any money moves.
 */
async function topupTarget(store: Store<'connectionsReads' | 'userAccounts'>, options: TopupOptions): Promise<TopupTarget> {
  const asId = (text: string | undefined) => (text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);
  const userId = asId(options.userId);
  const gameId = asId(options.gameId);
  // SPEC §2.14: no money reaches an erased user (as through the API).
  if (userId !== undefined && (await store.read.userAccounts.findUserById(userId))?.erased_at) {
    throw new AppError('CONFLICT', `user ${userId} was erased: the account stays closed`);
  }
  const ug = userId !== undefined && gameId !== undefined ? await store.read.connectionsReads.findConnection(userId, gameId) : undefined;
  return ug ? { targetId: ug.id, gameId: ug.game_id } : { targetId: `${options.userId}:${options.gameId}`, gameId: null };
}

/** `topup`: credits a wallet through the same script and outbox as the management API. */
export async function topupCommand(config: Config, options: TopupOptions): Promise<void> {
  const redis = operatorRedis(config);
  const db = createKnex(config.mysql.url, { min: 0, max: 1 });
  const admin = operatorAdminStore(config, db);
  const durability = storeDurability(config.redis);
  try {
    const wallet = createWalletService({
      store: createWalletStore(redis, { durableAck: durability.ack }),
      idempotencyTtlS: config.engine.idempotencyTtlS,
    });
    const currency = options.currency ?? config.engine.defaultCurrency;
    const target = await topupTarget(admin.store, options);
    const reply = await wallet.topup({
      userId: options.userId ?? '',
      gameId: options.gameId ?? '',
      amount: options.amount ?? '',
      currency,
      comment: options.comment ?? '',
      idempotencyKey: callerTopupKey(options.idempotencyKey),
      auditTrail: topupAuditTrail(COMMAND_ACTOR, target),
    });
    // The money is credited: the result line is printed and the exit is 0 whatever MySQL does now.
    const topup = { amount: options.amount ?? '', currency, comment: options.comment ?? '', topupId: reply.topupId };
    await recordTopupAudit((entry) => admin.store.recordAlone(COMMAND_ACTOR, entry), target, topup, createLogger(config.logLevel, { command: 'topup' }, pino.destination(2)));
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
    durability.close();
    await admin.close();
    await redis.quit();
    await db.destroy();
  }
}
