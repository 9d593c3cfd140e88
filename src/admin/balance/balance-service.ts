import { bodySchema } from '../core/body-schema';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import * as yup from 'yup';
import { AppError } from '../../errors';
import { LEDGER_KINDS } from '../../records/ledger-reads';
import type { LedgerEntryRow } from '../../records/ledger-tables';
import { MAX_AMOUNT } from '../../wallet/wallet-validation';
import type { WalletService } from '../../wallet/wallet-service';
import type { Reader } from '../core/roles';
import type { ConnectionsPort } from '../connections/connections-service';
import { whileUnerased } from '../users/unerased-gate';
import { currencyCode, integer, isoTimestamp, oneOf, text, validateBody } from '../core/validation';
import type { Logger } from '../../logging/logger';
import type { Balance, CloseResult, LedgerItem, TopupResult } from './balance-replies';
import { recordCloseAudit, recordTopupAudit, topupAuditTrail, type TopupTarget } from './topup-audit';
import { callerTopupKey } from './topup-key';

export const topupSchema = bodySchema({ component: 'TopupInput' }, yup.object({
  amount: integer().min(1, 'must be at least 1').max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`).defined('is required').meta({ graphql: 'Money' }),
  comment: text(0, 255).optional(),
  currency: currencyCode().optional().meta({ description: 'default DEFAULT_CURRENCY (EUR)' }),
}));

export type TopupInput = Partial<yup.InferType<typeof topupSchema>>;

export const closeSchema = bodySchema({ component: 'WalletCloseInput' }, yup.object({
  currency: currencyCode().defined('is required'),
  reason: text(1, 255).defined('is required'),
}));
export type CloseInput = Partial<yup.InferType<typeof closeSchema>>;

/** A history's filters (SPEC §1.11), checked as a body is: a 400 naming each that breaks its rule. */
const ledgerFiltersSchema = yup.object({
  kind: oneOf(LEDGER_KINDS).optional(),
  round_id: text(1, 255).optional(),
  since: isoTimestamp().optional(),
  until: isoTimestamp().optional(),
  after_id: integer().min(1, 'must be a positive integer').optional(),
});
/** The filters as a request gives them (text), before they are checked. */
export type LedgerFilterInput = { readonly [Name in 'kind' | 'round_id' | 'since' | 'until']?: string } & { readonly after_id?: number };
const balanceAtSchema = yup.object({ at: isoTimestamp().defined() });

const toLedgerItem = (row: LedgerEntryRow): LedgerItem => ({
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
  store: Store<'ledgerReads' | 'userStanding'>; wallet: WalletService; connections: ConnectionsPort; defaultCurrency: string; logger?: Logger;
}) {
  const { store, wallet, connections, defaultCurrency, logger } = deps;
  const walletIds = (ug: { user_id: number; game_id: number }) => ({ userId: String(ug.user_id), gameId: String(ug.game_id) });

  /** The engine's refusal of a key used with another body, as the API says it. */
  const keyConflict = (error: unknown): never => {
    if (error instanceof AppError && error.code === 'ALREADY_EXISTS') {
      throw new AppError('CONFLICT', 'this Idempotency-Key was already used with a different body');
    }
    throw error;
  };

  return {
    async topup(actor: Actor, userGameId: number, body: TopupInput, idempotencyKey: string | undefined): Promise<TopupResult> {
      const ug = await connections.mustFindUserGame(userGameId);
      const input = validateBody(topupSchema, body);
      callerTopupKey(idempotencyKey);
      const currency = input.currency ?? defaultCurrency;
      const comment = input.comment ?? '';
      const target: TopupTarget = { targetId: ug.id, gameId: ug.game_id };
      // SPEC §2.14: no money reaches an erased user, not even one erased while this request runs.
      const reply = await whileUnerased(store, actor, ug.user_id, () => wallet.topup({
        ...walletIds(ug), currency, amount: String(input.amount), comment, idempotencyKey, auditTrail: topupAuditTrail(actor, target),
      }).catch(keyConflict));
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

    /**
     * A wallet's closing move (SPEC §2.14): its available balance out to 0 through the engine (a
     * ledger move of kind close), refused while money is reserved. Audited like a top-up.
     */
    async close(actor: Actor, userGameId: number, body: CloseInput, idempotencyKey: string | undefined): Promise<CloseResult> {
      const ug = await connections.mustFindUserGame(userGameId);
      const { currency, reason } = validateBody(closeSchema, body);
      callerTopupKey(idempotencyKey);
      const target: TopupTarget = { targetId: ug.id, gameId: ug.game_id };
      const reply = await wallet.closeWallet({ ...walletIds(ug), currency, reason, idempotencyKey, auditTrail: topupAuditTrail(actor, target) }).catch(keyConflict);
      if (reply.closeId !== null) {
        await recordCloseAudit((entry) => store.recordAlone(actor, entry), target, { amount: reply.amount, currency, reason, closeId: reply.closeId }, logger);
      }
      return {
        id: reply.closeId === null ? null : Number(reply.closeId),
        user_game_id: ug.id,
        amount: Number(reply.amount),
        currency,
        reason,
        available_balance: Number(reply.availableBalance),
        reserved_balance: Number(reply.reservedBalance),
        created_at: new Date(reply.createdAtMs).toISOString(),
      };
    },

    /** The wallet's moves, newest first, filtered; `after_id` (a move of this wallet) continues after it. */
    async ledger(caller: Reader, userGameId: number, input: LedgerFilterInput, page: { limit: number; offset: number }): Promise<LedgerItem[]> {
      const ug = await connections.mustFindReadableUserGame(caller, userGameId);
      const { userId, gameId } = walletIds(ug);
      const { since, until, after_id: afterId, ...equal } = validateBody(ledgerFiltersSchema, input);
      const after = afterId === undefined ? undefined : await store.read.ledgerReads.findLedgerPosition(userId, gameId, afterId);
      if (afterId !== undefined && !after) {
        throw new AppError('VALIDATION_FAILED', `after_id ${afterId} is no move of user-game ${userGameId}`, { errors: [{ path: 'after_id', message: 'names no move of this wallet' }] });
      }
      const filters = { ...equal, since: since === undefined ? undefined : new Date(since), until: until === undefined ? undefined : new Date(until), after };
      return (await store.read.ledgerReads.listUserGameLedger(userId, gameId, filters, page)).map(toLedgerItem);
    },

    /** Each currency's balances: now, from the engine; or `at` an instant, from the ledger (the currencies that had moved by then). */
    async balances(caller: Reader, userGameId: number, at?: string): Promise<Balance[]> {
      const ug = await connections.mustFindReadableUserGame(caller, userGameId);
      const ids = walletIds(ug);
      if (at !== undefined) {
        const { at: instant } = validateBody(balanceAtSchema, { at });
        return (await store.read.ledgerReads.lastMovesAt(ids.userId, ids.gameId, new Date(instant))).map((row) => ({
          currency: row.currency,
          available_balance: Number(row.available_balance),
          reserved_balance: Number(row.reserved_balance),
        }));
      }
      return (await wallet.balances(ids.userId, ids.gameId, defaultCurrency)).map((b) => ({
        currency: b.currency,
        available_balance: Number(b.availableBalance),
        reserved_balance: Number(b.reservedBalance),
      }));
    },
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
