import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { AppError } from '../../errors';
import { LOSS_PERIODS } from '../../wallet/loss-periods';
import type { LimitValues, WalletLimits } from '../../wallet/wallet-controls';
import { MAX_AMOUNT } from '../../wallet/wallet-validation';
import type { WalletService } from '../../wallet/wallet-service';
import type { ConnectionsPort } from '../connections/connections-service';
import { changedFields, type Changes } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Logger } from '../../logging/logger';
import { assertSelfOrStaff, type Reader } from '../core/roles';
import { currencyCode, integer, oneOf, text, validateBody } from '../core/validation';
import type { Store } from '../unit-of-work';
import type { UsersPort } from '../users/users-service';
import type { FreezeView, WalletFreeze, WalletLimitsView } from './wallet-controls-replies';
import type { FreezeRow, FrozenTable, LimitsRow } from './wallet-controls-repository';
import { createLimitSeeds } from './limit-seeds';

export const freezeSchema = bodySchema({ component: 'FreezeInput' }, yup.object({ reason: text(1, 255).defined('is required') }));
export type FreezeInput = Partial<yup.InferType<typeof freezeSchema>>;

const limit = (min: number) => integer().min(min, `must be ${min} to ${MAX_AMOUNT}, or null for none`).max(MAX_AMOUNT, `must be ${min} to ${MAX_AMOUNT}, or null for none`).nullable().meta({ graphql: 'Money', description: 'minor units; null removes it' });
export const limitsSchema = bodySchema({ component: 'LimitsInput' }, yup.object({
  currency: currencyCode().defined('is required'),
  max_bet: limit(1).optional(),
  loss_limit: limit(0).optional(),
  loss_period: oneOf(LOSS_PERIODS).nullable().optional()
    .when('loss_limit', { is: (value: unknown) => typeof value === 'number', then: (rule) => rule.defined('is required with a loss_limit').nonNullable('is required with a loss_limit') }),
}));
export type LimitsInput = Partial<yup.InferType<typeof limitsSchema>>;

const freezeView = (row: FreezeRow | undefined): FreezeView =>
  row?.frozen_reason ? { frozen: true, reason: row.frozen_reason, frozen_at: row.frozen_at!.toISOString() } : { frozen: false, reason: null, frozen_at: null };

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A wallet's limits as MySQL keeps them (the state after the last change). */
function storedLimits(row: LimitsRow): WalletLimits {
  return {
    maxBet: orNull(row.max_bet), lossLimit: orNull(row.loss_limit), lossPeriod: row.loss_period,
    pending: row.pending_at
      ? { maxBet: orNull(row.pending_max_bet), lossLimit: orNull(row.pending_loss_limit), lossPeriod: row.pending_loss_period, effectiveAtMs: row.pending_at.getTime() }
      : null,
    netLoss: { day: 0, week: 0, month: 0 },
  };
}

/** The row MySQL keeps of a wallet's limits as the engine answered them. */
function limitsRow(userGameId: number, currency: string, live: WalletLimits): LimitsRow {
  return {
    user_game_id: userGameId, currency, max_bet: live.maxBet, loss_limit: live.lossLimit, loss_period: live.lossPeriod,
    pending_max_bet: live.pending?.maxBet ?? null, pending_loss_limit: live.pending?.lossLimit ?? null,
    pending_loss_period: live.pending?.lossPeriod ?? null, pending_at: live.pending ? new Date(live.pending.effectiveAtMs) : null,
  };
}

/** What the API answers; `counted` false when Redis holds no record of them (net loss unknown there). */
function limitsView(currency: string, live: WalletLimits, counted = true): WalletLimitsView {
  const { pending } = live;
  return {
    currency,
    max_bet: live.maxBet,
    loss_limit: live.lossLimit,
    loss_period: live.lossPeriod,
    pending: pending && { max_bet: pending.maxBet, loss_limit: pending.lossLimit, loss_period: pending.lossPeriod, effective_at: new Date(pending.effectiveAtMs).toISOString() },
    net_loss: live.lossPeriod === null || !counted ? null : live.netLoss[live.lossPeriod],
  };
}

/**
 * Freezes and limits (SPEC §1.11). Redis holds what the Reserve script reads; MySQL what admins set
 * (for the console, the audit log and rebuilding Redis). A freeze is written to Redis before MySQL
 * and an unfreeze after it, so a failure between the two leaves the wallet frozen, never open.
 */
/** How long the PUT of a wallet's first limits waits for the sync to write the moves made before them (limit-seeds.ts). */
export const LIMIT_SEED_WAIT_MS = 10_000;

export function createWalletControlsService(deps: {
  store: Store<'walletControls' | 'currencies' | 'ledgerReads'>; wallet: WalletService; users: UsersPort; connections: ConnectionsPort;
  clock?: () => number; logger?: Logger;
  /** How long a PUT of a wallet's first limits waits for the sync (LIMIT_SEED_WAIT_MS). */
  seedWaitMs?: number;
}) {
  const { store, wallet, users, connections, clock = Date.now, logger, seedWaitMs = LIMIT_SEED_WAIT_MS } = deps;
  const seeds = createLimitSeeds({ store, wallet, clock, logger });
  const { read } = store;
  const walletIds = (ug: { user_id: number; game_id: number }) => [String(ug.user_id), String(ug.game_id)] as const;

  /**
   * Freezes (reason) or unfreezes (null) a user or a user-game, audited. The target's row is held from
   * the start to the commit, and Redis is written under it, so racing freezes and unfreezes of one
   * target reach Redis in the order they reach MySQL. A freeze writes Redis before MySQL, an unfreeze
   * after MySQL's write (before the commit): a failure in between leaves a wallet frozen, but for an
   * unfreeze whose commit fails after Redis was opened (the next freeze or `restore` mends it).
   */
  async function setFreeze(actor: Actor, target: { table: FrozenTable; id: number; gameId?: number }, reason: string | null, inRedis: () => Promise<void>) {
    const frozen = reason !== null;
    const action = target.table === 'users' ? (frozen ? 'user.freeze' : 'user.unfreeze') : (frozen ? 'user_game.freeze' : 'user_game.unfreeze');
    await store.run(actor, async ({ repos, audit }) => {
      const before = await repos.walletControls.findFreeze(target.table, target.id, true);
      if (reason !== null) await inRedis();
      if ((before?.frozen_reason ?? null) !== reason) {
        await repos.walletControls.setFreeze(target.table, target.id, reason);
        audit({ action, targetId: target.id, gameId: target.gameId ?? null, changes: changedFields({ reason: before?.frozen_reason ?? null }, { reason }) });
      }
      if (reason === null) await inRedis();
    });
  }

  async function freezesOf(ug: { id: number; user_id: number }): Promise<WalletFreeze> {
    const [user, own] = await Promise.all([read.walletControls.findFreeze('users', ug.user_id), read.walletControls.findFreeze('user_games', ug.id)]);
    return { frozen: Boolean(user?.frozen_reason || own?.frozen_reason), user: freezeView(user), user_game: freezeView(own) };
  }

  return {
    async userFreeze(caller: Reader, userId: number): Promise<FreezeView> {
      await users.mustFind(userId);
      assertSelfOrStaff(caller, userId);
      return freezeView(await read.walletControls.findFreeze('users', userId));
    },
    async freezeUser(actor: Actor, userId: number, body: FreezeInput): Promise<FreezeView> {
      await users.mustFind(userId);
      const { reason } = validateBody(freezeSchema, body);
      await setFreeze(actor, { table: 'users', id: userId }, reason, () => wallet.freezeUser(String(userId), reason));
      return freezeView(await read.walletControls.findFreeze('users', userId));
    },
    async unfreezeUser(actor: Actor, userId: number): Promise<void> {
      await users.mustFind(userId);
      await setFreeze(actor, { table: 'users', id: userId }, null, () => wallet.freezeUser(String(userId), null));
    },

    /** What freezes a user-game's Reserves: its user's freeze and its own. */
    async userGameFreeze(caller: Reader, userGameId: number): Promise<WalletFreeze> {
      return freezesOf(await connections.mustFindReadableUserGame(caller, userGameId));
    },
    async freezeUserGame(actor: Actor, userGameId: number, body: FreezeInput): Promise<WalletFreeze> {
      const ug = await connections.mustFindUserGame(userGameId);
      const { reason } = validateBody(freezeSchema, body);
      await setFreeze(actor, { table: 'user_games', id: ug.id, gameId: ug.game_id }, reason, () => wallet.freezeUserGame(...walletIds(ug), reason));
      return freezesOf(ug);
    },
    async unfreezeUserGame(actor: Actor, userGameId: number): Promise<void> {
      const ug = await connections.mustFindUserGame(userGameId);
      await setFreeze(actor, { table: 'user_games', id: ug.id, gameId: ug.game_id }, null, () => wallet.freezeUserGame(...walletIds(ug), null));
    },

    /** The limits of each currency that has any, as the engine holds them now. */
    async limits(caller: Reader, userGameId: number): Promise<WalletLimitsView[]> {
      const ug = await connections.mustFindReadableUserGame(caller, userGameId);
      const rows = await read.walletControls.listLimits(ug.id);
      const [userId, gameId] = walletIds(ug);
      return Promise.all(rows.map(async (row) => {
        const found = await wallet.limits(userId, gameId, row.currency);
        if (!found) return limitsView(row.currency, storedLimits(row), false);
        const { seed, ...live } = found;
        // A count still waiting for the ledger: the worker finishes it; a read that finds the ledger ready shows it finished.
        return limitsView(row.currency, (seed && (await seeds.finish({ userId, gameId, currency: row.currency }, seed, 0))) || live);
      }));
    },

    /** Asks for one currency's limits: what tightens applies at once, what loosens after LIMIT_RAISE_DELAY_S. */
    async setLimits(actor: Actor, userGameId: number, body: LimitsInput): Promise<WalletLimitsView> {
      const ug = await connections.mustFindUserGame(userGameId);
      const input = validateBody(limitsSchema, body);
      if (!(await read.currencies.findCurrency(input.currency))) {
        throw new AppError('INVALID_ARGUMENT', `currency ${input.currency} is not a known currency`, { errors: [{ path: 'currency', message: 'is not a known currency' }] });
      }
      const asked: LimitValues = { maxBet: input.max_bet ?? null, lossLimit: input.loss_limit ?? null, lossPeriod: input.loss_limit == null ? null : input.loss_period! };
      const [userId, gameId] = walletIds(ug);
      const ids = { userId, gameId, currency: input.currency };
      // Noted before Redis can make the record: whatever happens to this request, the worker finishes its count.
      await seeds.note(ids);
      const { seed, made, ...set } = await wallet.setLimits(userId, gameId, input.currency, asked);
      // The PUT that made the record waits a while for the sync; a later one finishes a pending seed if it can.
      const live = (seed && (await seeds.finish(ids, seed, made ? seedWaitMs : 0))) || set;
      if (seed && live === set) logger?.warn(ids, 'limits: the sync is behind; a loss limit refuses every Reserve until the worker has counted the losses made before it');
      await store.run(actor, async ({ repos, audit }) => {
        // Under the user-game's row, the limits Redis holds now: racing PUTs leave MySQL with the last state.
        await repos.walletControls.findFreeze('user_games', ug.id, true);
        const { seed: _pending, ...latest } = (await wallet.limits(userId, gameId, input.currency)) ?? { ...live, seed: null };
        const before = (await repos.walletControls.listLimits(ug.id)).find((other) => other.currency === input.currency);
        await repos.walletControls.saveLimits(limitsRow(ug.id, input.currency, latest));
        const was = { max_bet: orNull(before?.max_bet ?? null), loss_limit: orNull(before?.loss_limit ?? null), loss_period: before?.loss_period ?? null };
        const wanted = { max_bet: asked.maxBet, loss_limit: asked.lossLimit, loss_period: asked.lossPeriod };
        // A loosening waits: the entry says until when (SPEC §1.11), beside what was asked.
        const changes: Changes = { currency: [input.currency, input.currency], ...changedFields(was, wanted) };
        if (latest.pending) changes.waits_until = [null, new Date(latest.pending.effectiveAtMs).toISOString()];
        audit({ action: 'user_game.limits', targetId: ug.id, gameId: ug.game_id, changes });
      });
      return limitsView(input.currency, live);
    },
  };
}

export type WalletControlsService = ReturnType<typeof createWalletControlsService>;
