import { COMMAND_ACTOR } from '../admin/core/actor';
import { recordTopupAudit, topupAuditTrail } from '../admin/balance/topup-audit';
import { callerTopupKey } from '../admin/balance/topup-key';
import type { Config } from '../config';
import { asApiId, walletTarget, withOperatorWallet } from './operator-wallet';
import { AppError } from '../errors';

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
  await withOperatorWallet(config, 'topup', async ({ wallet, store, logger }) => {
    const currency = options.currency ?? config.engine.defaultCurrency;
    // SPEC §2.14: no money reaches an erased user (as through the API).
    const userId = asApiId(options.userId);
    if (userId !== undefined && (await store.read.userAccounts.findUserById(userId))?.erased_at) {
      throw new AppError('CONFLICT', `user ${userId} was erased: the account stays closed`);
    }
    const target = await walletTarget(store, options);
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
    await recordTopupAudit((entry) => store.recordAlone(COMMAND_ACTOR, entry), target, topup, logger);
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
  });
}
