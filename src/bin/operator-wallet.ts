import pino from 'pino';
import type { TopupTarget } from '../admin/balance/topup-audit';
import type { Store } from '../admin/unit-of-work';
import type { Config } from '../config';
import { createKnex } from '../db/knex-factory';
import { createLogger, type Logger } from '../logging/logger';
import { storeDurability } from '../redis/durable-ack';
import { createWalletService, type WalletService } from '../wallet/wallet-service';
import { createWalletStore } from '../wallet/wallet-store';
import { operatorAdminStore, operatorRedis } from './operator-redis';

/** What an operator command that moves money gets: the engine's wallet service, an audited admin store and a logger on stderr. */
export interface OperatorWallet {
  readonly wallet: WalletService;
  readonly store: Store<'connectionsReads' | 'userStanding'>;
  readonly logger: Logger;
}

/** Runs a money command (`topup`, `close`) with the engine and the admin store, and closes them after. */
export async function withOperatorWallet<T>(config: Config, command: string, run: (tools: OperatorWallet) => Promise<T>): Promise<T> {
  const redis = operatorRedis(config);
  // Two: a top-up writes its audit entry while its unit of work holds the user's row (unerased-gate.ts).
  const db = createKnex(config.mysql.url, { min: 0, max: 2 });
  const admin = operatorAdminStore(config, db);
  const durability = storeDurability(config.redis);
  try {
    const wallet = createWalletService({
      store: createWalletStore(redis, { durableAck: durability.ack }),
      idempotencyTtlS: config.engine.idempotencyTtlS,
    });
    return await run({ wallet, store: admin.store, logger: createLogger(config.logLevel, { command }, pino.destination(2)) });
  } finally {
    durability.close();
    await admin.close();
    await redis.quit();
    await db.destroy();
  }
}

/** A command's ids as the API's ids, when they are (engine ids are any text). */
export const asApiId = (text: string | undefined) => (text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);

/**
 * SPEC §2.11: what a command's move names in its audit entry, as the API's do. Ids of a connected
 * user-game name it (target and game as the API's entry has them); a wallet the management API does
 * not know is named `<user_id>:<game_id>`, no game. Looked up before the move: a MySQL that does not
 * answer stops the command before any money moves.
 */
export async function walletTarget(store: OperatorWallet['store'], ids: { readonly userId?: string; readonly gameId?: string }): Promise<TopupTarget> {
  const userId = asApiId(ids.userId);
  const gameId = asApiId(ids.gameId);
  const ug = userId !== undefined && gameId !== undefined ? await store.read.connectionsReads.findConnection(userId, gameId) : undefined;
  return ug ? { targetId: ug.id, gameId: ug.game_id } : { targetId: `${ids.userId}:${ids.gameId}`, gameId: null };
}
