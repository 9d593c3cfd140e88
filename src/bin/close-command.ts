import { COMMAND_ACTOR } from '../admin/core/actor';
import { recordCloseAudit, topupAuditTrail } from '../admin/balance/topup-audit';
import { callerTopupKey } from '../admin/balance/topup-key';
import type { Config } from '../config';
import { walletTarget, withOperatorWallet } from './operator-wallet';

export interface CloseOptions {
  readonly userId?: string;
  readonly gameId?: string;
  readonly currency?: string;
  readonly reason?: string;
  readonly idempotencyKey?: string;
}

/**
 * `close` (SPEC §2.14): a wallet's closing move by its engine ids, for a wallet the API cannot name by
 * a user-game (a disconnected game, a game the API no longer has, engine ids of any text): the same
 * script, outbox and audit entry as `POST /api/user-games/:ug_id/close`. Refused while money is reserved.
 */
export async function closeCommand(config: Config, options: CloseOptions): Promise<void> {
  await withOperatorWallet(config, 'close', async ({ wallet, store, logger }) => {
    const currency = options.currency ?? config.engine.defaultCurrency;
    const reason = options.reason ?? '';
    const target = await walletTarget(store, options);
    const reply = await wallet.closeWallet({
      userId: options.userId ?? '', gameId: options.gameId ?? '', currency, reason,
      idempotencyKey: callerTopupKey(options.idempotencyKey), auditTrail: topupAuditTrail(COMMAND_ACTOR, target),
    });
    // The money is out: the result line is printed and the exit is 0 whatever MySQL does now.
    if (reply.closeId !== null) {
      await recordCloseAudit((entry) => store.recordAlone(COMMAND_ACTOR, entry), target, { amount: reply.amount, currency, reason, closeId: reply.closeId }, logger);
    }
    console.log(JSON.stringify({
      close_id: reply.closeId, user_id: options.userId, game_id: options.gameId, currency, amount: Number(reply.amount),
      available_balance: Number(reply.availableBalance), reserved_balance: Number(reply.reservedBalance), replayed: reply.replayed,
      created_at: new Date(reply.createdAtMs).toISOString(),
    }));
  });
}
