import { COMMAND_ACTOR } from '../admin/core/actor';
import { recordTopupAudit, topupAuditTrail } from '../admin/balance/topup-audit';
import { callerTopupKey } from '../admin/balance/topup-key';
import type { Config } from '../config';
import { asApiId, walletTarget, withOperatorWallet } from './operator-wallet';
import { whileUnerased } from '../admin/users/unerased-gate';

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
    const target = await walletTarget(store, options);
    // The money is credited: its entry is written (a failure is left to the sync, which writes it with
    // the ledger row), the result line printed and the exit 0 whatever MySQL does now.
    const credit = async () => {
      const reply = await wallet.topup({
        userId: options.userId ?? '',
        gameId: options.gameId ?? '',
        amount: options.amount ?? '',
        currency,
        comment: options.comment ?? '',
        idempotencyKey: callerTopupKey(options.idempotencyKey),
        auditTrail: topupAuditTrail(COMMAND_ACTOR, target),
      });
      const topup = { amount: options.amount ?? '', currency, comment: options.comment ?? '', topupId: reply.topupId };
      await recordTopupAudit((entry) => store.recordAlone(COMMAND_ACTOR, entry), target, topup, logger);
      return reply;
    };
    // SPEC §2.14: no money reaches an erased user (as through the API), not even one erased meanwhile;
    // the entry is written under the same lock, so an erase right after finds this wallet by it.
    const userId = asApiId(options.userId);
    const reply = userId === undefined ? await credit() : await whileUnerased(store, COMMAND_ACTOR, userId, credit);
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
