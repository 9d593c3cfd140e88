import type { Page } from '../../db/page';
import { mapPerParent } from '../../db/per-parent';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { AdminCaches } from '../cache/admin-caches';
import { namedFields, validateBody } from '../core/validation';
import { perEnabledGame, type GameWithModules } from '../modules/modules-service';
import { createLeaderboardRankings } from './leaderboard-rankings';
import { periodStart, type PeriodType } from './leaderboard-periods';
import { rewardsOf, type RewardRange } from './leaderboard-rewards';
import { LEADERBOARD_MODULE, type LeaderboardScope } from './leaderboard-scope';
import { auditedLeaderboard, toPublicLeaderboard } from './leaderboard-view';
import type { PublicLeaderboard, SavedScoreReply } from './leaderboards-replies';
import {
  createLeaderboardSchema,
  MAX_ABS_SCORE,
  scoreSchema,
  updateLeaderboardSchema,
  type CreateLeaderboardInput,
  type ScoreInput,
  type UpdateLeaderboardInput,
} from './leaderboards-schemas';
import type { RankIndex } from './rank-index-store';

export interface LeaderboardsDeps {
  readonly store: Store<'leaderboards' | 'leaderboardScores' | 'leaderboardGroups' | 'connectionsReads' | 'currencies'>;
  readonly scope: LeaderboardScope;
  /** A save that finds its cached leaderboard stale drops it from every instance's cache. */
  readonly caches: AdminCaches;
  readonly rankIndex: RankIndex;
  /** SPEC §2.11's AUDIT_SCORE_SAVES (default true). */
  readonly auditScoreSaves?: boolean;
  /** Decides the period of a save and of the rankings (tests move it across period boundaries). */
  readonly clock?: () => number;
}

/** A save whose leaderboard changed under it reads it again and tries again, this many times in all. */
const SAVE_ATTEMPTS = 3;

/** A leaderboard's change or removal says `leaderboard` changed (every instance's cache drops it); a new sort order, `game.ranking`. */
/** Rewards are paid when a period closes: an all_time board has none that does (400 naming rewards). */
function assertRewardsClose(periodType: PeriodType, rewards: readonly unknown[]): void {
  if (periodType !== 'all_time' || rewards.length === 0) return;
  throw new AppError('VALIDATION_FAILED', 'an all_time leaderboard has no period that closes: rewards need daily, weekly or monthly', {
    errors: [{ path: 'rewards', message: 'need a daily, weekly or monthly period_type' }],
  });
}

/**
 * SPEC §2.12: rewards pay money, so only an admin (or an operator's command) sets or changes them
 * (a moderator may not pay themself through a board: 403 naming rewards), and each names a currency
 * that is known and enabled (400 naming its `currency`). `before`: the board's rewards until now (the
 * same ranges sent again pass, whatever the order of their fields).
 */
async function assertRewardsAllowed(actor: Actor, rewards: readonly RewardRange[], before: readonly RewardRange[], isEnabled: (code: string) => Promise<boolean>): Promise<void> {
  const same = rewards.length === before.length && rewards.every((range, i) => {
    const was = before[i]!;
    return range.rank_from === was.rank_from && range.rank_to === was.rank_to && Number(range.amount) === Number(was.amount) && range.currency === was.currency;
  });
  if (same) return;
  if (actor.role !== 'admin' && actor.role !== null) {
    throw new AppError('FORBIDDEN', 'only an admin sets or changes a leaderboard\'s rewards (they pay money)', { errors: [{ path: 'rewards', message: 'only an admin sets or changes rewards' }] });
  }
  const errors = [];
  for (const [i, range] of rewards.entries()) {
    if (!(await isEnabled(range.currency))) errors.push({ path: `rewards[${i}].currency`, message: `${range.currency} is not an enabled currency (unknown, or disabled by an admin)` });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 'a reward names a currency that is not enabled', { errors });
}

/** What decides who a board's rewards pay: on a board with rewards, changing it is an admin's write too. */
const PAYING_RULES = ['period_type', 'sort_order', 'operator'] as const;

function assertPayingRulesKept(actor: Actor, current: Partial<Record<(typeof PAYING_RULES)[number], unknown>>, changes: Partial<Record<(typeof PAYING_RULES)[number], unknown>>): void {
  if (actor.role === 'admin' || actor.role === null) return;
  const changed = PAYING_RULES.filter((field) => changes[field] !== undefined && changes[field] !== current[field]);
  if (changed.length === 0) return;
  throw new AppError('FORBIDDEN', 'on a board with rewards, only an admin changes who they pay', { errors: changed.map((path) => ({ path, message: 'only an admin changes it on a board with rewards' })) });
}

export function createLeaderboardsService({ store, scope, caches, rankIndex, auditScoreSaves = true, clock = Date.now }: LeaderboardsDeps) {
  const { read } = store;
  const reread = async (id: number) => toPublicLeaderboard((await read.leaderboards.findLeaderboard(id))!);
  const currencyEnabledIn = (repos: typeof read) => async (code: string) => Boolean((await repos.currencies.findCurrency(code))?.enabled);

  return {
    async list(gameId: number, page: Page): Promise<PublicLeaderboard[]> {
      await scope.inGame(gameId);
      return (await read.leaderboards.listLeaderboards(gameId, page)).map(toPublicLeaderboard);
    },

    async get(gameId: number, id: number): Promise<PublicLeaderboard> {
      return toPublicLeaderboard((await scope.inGame(gameId, id))!);
    },

    async create(actor: Actor, gameId: number, input: CreateLeaderboardInput): Promise<PublicLeaderboard> {
      await scope.inGame(gameId);
      const fields = { sort_order: 'desc' as const, period_type: 'all_time' as const, operator: 'set' as const, is_active: true, rewards: [], ...validateBody(createLeaderboardSchema, input) };
      assertRewardsClose(fields.period_type, fields.rewards);
      const id = await store.run(actor, async ({ repos, audit }) => {
        await assertRewardsAllowed(actor, fields.rewards, [], currencyEnabledIn(repos));
        const leaderboardId = await repos.leaderboards.insertLeaderboard(gameId, { ...fields, rewards_since: fields.rewards.length > 0 ? new Date(clock()) : null });
        audit({ action: 'leaderboard.create', targetId: leaderboardId, gameId, changes: createdFields(fields) });
        return leaderboardId;
      });
      return reread(id);
    },

    /**
     * PUT changes the fields given; a new sort order re-orders the stored scores with it. The operator
     * changes only while no period holds a score (409): the row is locked, and saves check it under a
     * shared lock, so no save slips in between.
     */
    async update(actor: Actor, gameId: number, id: number, input: UpdateLeaderboardInput): Promise<PublicLeaderboard> {
      await scope.inGame(gameId, id);
      const changes = namedFields(validateBody(updateLeaderboardSchema, input));
      if (Object.keys(changes).length === 0) return reread(id);
      await store.run(
        actor,
        async ({ repos, audit, changed }) => {
          const current = await repos.leaderboards.findLeaderboard(id, true);
          if (!current) throw new AppError('NOT_FOUND', `leaderboard ${id} of game ${gameId} not found`);
          if (changes.operator !== undefined && changes.operator !== current.operator && (await repos.leaderboards.hasScores(id))) {
            throw new AppError('CONFLICT', `leaderboard ${id} has scores: its operator can no longer change`, {
              errors: [{ path: 'operator', message: 'can no longer change: the leaderboard has scores' }],
            });
          }
          const rewardsBefore = rewardsOf(current);
          const rewards = changes.rewards ?? rewardsBefore;
          assertRewardsClose(changes.period_type ?? current.period_type, rewards);
          await assertRewardsAllowed(actor, rewards, rewardsBefore, currencyEnabledIn(repos));
          if (rewards.length > 0) assertPayingRulesKept(actor, current, changes);
          const rewardsSince = rewardsBefore.length === 0 && rewards.length > 0 ? new Date(clock()) : rewards.length === 0 ? null : undefined;
          await repos.leaderboards.updateLeaderboard(current, { ...changes, ...(rewardsSince === undefined ? {} : { rewards_since: rewardsSince }) });
          audit({ action: 'leaderboard.update', targetId: id, gameId, changes: changedFields(auditedLeaderboard(toPublicLeaderboard(current)), changes) });
          changed('leaderboard', id);
          if (changes.sort_order !== undefined) changed('game.ranking', gameId);
        },
        { retryOnDeadlock: true },
      );
      return reread(id);
    },

    async remove(actor: Actor, gameId: number, id: number): Promise<void> {
      const before = toPublicLeaderboard((await scope.inGame(gameId, id))!);
      await store.run(actor, async ({ repos, audit, changed }) => {
        await repos.leaderboards.deleteLeaderboard(id);
        audit({ action: 'leaderboard.delete', targetId: id, gameId, changes: deletedFields(auditedLeaderboard(before)) });
        changed('leaderboard', id);
      });
    },

    /**
     * Saves the user-game's score of the current period by the leaderboard's operator (SPEC §2.6) and
     * answers the stored score. The user-game must belong to the leaderboard's game (400); an inactive
     * leaderboard, or an incr past |1e15|, is a 409.
     */
    async saveScore(actor: Actor, leaderboardId: number, input: ScoreInput): Promise<SavedScoreReply> {
      let leaderboard = await scope.leaderboard(leaderboardId);
      const { user_game_id: userGameId, score } = validateBody(scoreSchema, input);
      const notOfGame = () => new AppError('VALIDATION_FAILED', `user-game ${userGameId} is not a connection of game ${leaderboard.game_id}`, {
        errors: [{ path: 'user_game_id', message: "must be a user-game of the leaderboard's game" }],
      });
      for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt += 1) {
        if (!leaderboard.is_active) {
          const userGame = await read.connectionsReads.findUserGame(userGameId); // a bad user-game is named first, as on an active board
          if (!userGame || userGame.game_id !== leaderboard.game_id) throw notOfGame();
          throw new AppError('CONFLICT', `leaderboard ${leaderboardId} is not active`);
        }
        const savedAt = new Date(clock());
        const saved = { leaderboardId, gameId: leaderboard.game_id, userGameId, score, periodStart: periodStart(leaderboard.period_type, savedAt.getTime()), savedAt };
        // One statement (a stored procedure) that saves and audits together: no unit of work around it.
        const result = await read.leaderboardScores.upsertScore(saved, leaderboard, auditScoreSaves ? actor : null);
        if (result.outcome === 'not_of_game') throw notOfGame();
        if (result.outcome === 'out_of_bounds') throw new AppError('CONFLICT', `the stored score would pass ±${MAX_ABS_SCORE}; nothing was stored`);
        if (result.outcome === 'erased') throw new AppError('CONFLICT', `the player of user-game ${userGameId} was erased: no score of theirs is kept`);
        if (result.outcome === 'period_closed') {
          throw new AppError('CONFLICT', `the period from ${saved.periodStart.toISOString()} of leaderboard ${leaderboardId} has closed and its rewards are planned: the score was not saved`);
        }
        if (result.outcome === 'saved') {
          const { stored } = result;
          if (stored.kept) await rankIndex.scoreSaved(leaderboard.game_id, leaderboardId, saved.periodStart, userGameId).catch(() => undefined);
          return {
            leaderboard_id: leaderboardId,
            user_game_id: userGameId,
            score: stored.score,
            period_start: saved.periodStart.toISOString(),
            updated_at: stored.updatedAt.toISOString(),
          };
        }
        // The cached leaderboard was stale (its sort order, period, operator or state changed): read it again.
        await caches.leaderboardChanged(leaderboardId);
        leaderboard = await scope.leaderboard(leaderboardId);
      }
      throw new AppError('CONFLICT', `leaderboard ${leaderboardId} kept changing during the save; try again`);
    },

    ...createLeaderboardRankings({ store, scope, rankIndex, clock }),

    /** Leaderboards of games read in this request (GraphQL lists): one statement for all of them. */
    async listOfGames(games: readonly GameWithModules[], page: Page): Promise<Array<PublicLeaderboard[] | AppError>> {
      return perEnabledGame(games, LEADERBOARD_MODULE, async (ids) => mapPerParent(await read.leaderboards.leaderboardsOfGames(ids, page), toPublicLeaderboard));
    },
  };
}

export type LeaderboardsService = ReturnType<typeof createLeaderboardsService>;
