import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import * as yup from 'yup';
import { AppError } from '../../errors';
import type { LedgerRow } from '../../sync/ledger-reads';
import { MAX_AMOUNT } from '../../wallet/wallet-validation';
import type { WalletService } from '../../wallet/wallet-service';
import type { Role } from '../auth/token-service';
import type { ConnectionsPort } from '../connections/connections-service';
import { assertSelfOrStaff } from '../core/roles';
import { integer, text, validateBody } from '../core/validation';
import type { Logger } from '../../logging/logger';
import type { Balance, LedgerItem, TopupResult } from './balance-replies';
import { recordTopupAudit, topupAuditTrail, type TopupTarget } from './topup-audit';

export const topupSchema = yup.object({
  amount: integer().min(1, 'must be at least 1').max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`).defined('is required'),
  comment: text(0, 255).optional(),
  currency: text(3, 3).matches(/^[A-Z]{3}$/, 'must be 3 upper-case letters, as in EUR').optional().meta({ description: 'default DEFAULT_CURRENCY (EUR)' }),
});

export type TopupInput = Partial<yup.InferType<typeof topupSchema>>;



const toLedgerItem = (row: LedgerRow): LedgerItem => ({
  id: row.id,
  kind: row.kind,
  amount: Number(row.amount),
  win_amount: Number(row.win_amount),
  currency: row.currency,
  transaction_id: row.transaction_id,
  round_id: row.round_id,
  comment: row.comment,
  available_balance: Number(row.available_balance),
  reserved_balance: Number(row.reserved_balance),
  created_at: row.created_at.toISOString(),
});

/**
 * Balances of a user-game: top-ups go through the engine's script (so Reserve spends them at once),
 * balances are read from Redis, and the ledger from MySQL (it trails by the sync lag).
 */
export function createBalanceService(deps: {
  store: Store<'ledgerReads'>; wallet: WalletService; connections: ConnectionsPort; defaultCurrency: string; logger?: Logger;
}) {
  const { store, wallet, connections, defaultCurrency, logger } = deps;
  const walletIds = (ug: { user_id: number; game_id: number }) => ({ userId: String(ug.user_id), gameId: String(ug.game_id) });

  async function owned(caller: { id: number; role: Role }, userGameId: number) {
    const ug = await connections.mustFindUserGame(userGameId);
    assertSelfOrStaff(caller, ug.user_id);
    return ug;
  }

  return {
    async topup(actor: Actor, userGameId: number, body: TopupInput, idempotencyKey: string | undefined): Promise<TopupResult> {
      const ug = await connections.mustFindUserGame(userGameId);
      const input = validateBody(topupSchema, body);
      const currency = input.currency ?? defaultCurrency;
      const comment = input.comment ?? '';
      const target: TopupTarget = { targetId: ug.id, gameId: ug.game_id };
      const reply = await wallet.topup({
        ...walletIds(ug), currency, amount: String(input.amount), comment, idempotencyKey, auditTrail: topupAuditTrail(actor, target),
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'ALREADY_EXISTS') {
          throw new AppError('CONFLICT', 'this Idempotency-Key was already used with a different body');
        }
        throw error;
      });
      // A replay writes it too: one that found MySQL down the first time leaves it to whichever comes first.
      await recordTopupAudit((entry) => store.recordAlone(actor, entry), target, { amount: input.amount, currency, comment, topupId: reply.topupId }, logger);
      return {
        id: Number(reply.topupId),
        user_game_id: ug.id,
        amount: input.amount,
        currency,
        comment,
        available_balance: Number(reply.availableBalance),
        reserved_balance: Number(reply.reservedBalance),
        created_at: new Date(reply.createdAtMs).toISOString(),
      };
    },

    async ledger(caller: { id: number; role: Role }, userGameId: number, page: { limit: number; offset: number }): Promise<LedgerItem[]> {
      const ug = await owned(caller, userGameId);
      const ids = walletIds(ug);
      return (await store.read.ledgerReads.listUserGameLedger(ids.userId, ids.gameId, page)).map(toLedgerItem);
    },

    async balances(caller: { id: number; role: Role }, userGameId: number): Promise<Balance[]> {
      const ug = await owned(caller, userGameId);
      const ids = walletIds(ug);
      return (await wallet.balances(ids.userId, ids.gameId, defaultCurrency)).map((b) => ({
        currency: b.currency,
        available_balance: Number(b.availableBalance),
        reserved_balance: Number(b.reservedBalance),
      }));
    },
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
