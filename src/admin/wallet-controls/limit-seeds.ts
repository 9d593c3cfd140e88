import type { Logger } from '../../logging/logger';
import { startIntervalRounds } from '../../lifecycle/interval-rounds';
import type { LimitsSeed, WalletLimits } from '../../wallet/wallet-controls';
import type { WalletService } from '../../wallet/wallet-service';
import { COMMAND_ACTOR } from '../core/actor';
import type { Store } from '../unit-of-work';
import type { LimitSeedRow } from './wallet-controls-repository';

/** A wallet by its engine ids. */
export interface SeedWallet {
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
}

/** How often the worker role looks for counts that the ledger can now finish. */
export const LIMIT_SEED_SWEEP_MS = 1000;
/** Wallets looked at per sweep (in key order, going on where the last sweep stopped). */
const SWEEP_BATCH = 200;
/**
 * A noted wallet with no record yet is forgotten only after this long (by MySQL's clock, which noted
 * it): its PUT notes it before Redis makes the record, and a sweep between the two must not forget it.
 */
const UNMADE_GRACE_S = 300;

/**
 * A wallet's first limits count the losses of their periods made before them (SPEC §1.11): the record
 * counts every later confirmation itself and keeps a pending seed, the outbox id up to which the
 * ledger must count the earlier ones; until that count is added a loss limit refuses every Reserve
 * (lua/lib/controls.lua: it fails closed). This finishes the count, by itself, once the sync has
 * written those moves: the PUT that made the record waits a while for it, and the worker role's sweeps
 * finish every noted wallet after that. Finishing twice adds once (lua/limits.lua's `seed` applies
 * only while the pending seed is the one it names, and ends it).
 */
export function createLimitSeeds(deps: { store: Store<'walletControls' | 'ledgerReads'>; wallet: WalletService; clock?: () => number; logger?: Logger }) {
  const { store, wallet, clock = Date.now, logger } = deps;
  const { read } = store;
  /** Where the next sweep goes on from (null: the first noted wallet). */
  let cursor: LimitSeedRow | null = null;

  /**
   * Adds the ledger's count of the earlier losses once the sync has written every move up to
   * `seed.throughStreamId` (waited for up to `waitMs`); null: the sync is still behind.
   */
  async function finish(ids: SeedWallet, seed: LimitsSeed, waitMs: number): Promise<WalletLimits | null> {
    const deadline = clock() + waitMs;
    while (!(await wallet.ledgerHolds(ids.userId, ids.gameId, ids.currency, seed.throughStreamId))) {
      if (clock() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const since = seed.starts.map((start) => new Date(Number(start)));
    const netLoss = await read.ledgerReads.netLossSince(ids.userId, ids.gameId, ids.currency, since, seed.throughStreamId);
    return wallet.seedLimits(ids.userId, ids.gameId, ids.currency, seed, netLoss);
  }

  /** One noted wallet: finished (and forgotten) when the ledger can, forgotten when nothing waits. */
  async function settle(row: LimitSeedRow): Promise<boolean> {
    const ids = { userId: row.user_id, gameId: row.game_id, currency: row.currency };
    const live = await wallet.limits(ids.userId, ids.gameId, ids.currency);
    if (!live) {
      if (!row.old_enough) return false;
    } else if (live.seed && !(await finish(ids, live.seed, 0))) {
      return false;
    }
    await store.run(COMMAND_ACTOR, ({ repos }) => repos.walletControls.forgetLimitSeed(row));
    return true;
  }

  return {
    finish,
    /** Notes a wallet whose limits are about to be set: a first record may wait for the ledger. */
    note: (ids: SeedWallet) => store.run(COMMAND_ACTOR, ({ repos }) => repos.walletControls.noteLimitSeed(ids)),

    /**
     * One sweep over up to SWEEP_BATCH noted wallets, going on from where the last one stopped (round
     * all of them: those that cannot finish yet hold no others back); how many it finished or forgot.
     */
    async sweep(): Promise<number> {
      let done = 0;
      const rows = await read.walletControls.notedLimitSeeds(cursor, SWEEP_BATCH, UNMADE_GRACE_S);
      cursor = rows.length < SWEEP_BATCH ? null : rows.at(-1)!;
      for (const row of rows) {
        try {
          if (await settle(row)) done += 1;
        } catch (error) {
          logger?.warn({ err: error, userId: row.user_id, gameId: row.game_id, currency: row.currency }, 'limits: finishing a first count failed; the next sweep tries again');
        }
      }
      return done;
    },
  };
}

export type LimitSeeds = ReturnType<typeof createLimitSeeds>;

/** The worker role's sweeps (one at a time, every `intervalMs`), until stopped. */
export function startLimitSeedSweeps(seeds: LimitSeeds, logger: Logger, intervalMs = LIMIT_SEED_SWEEP_MS): { stop(): Promise<void> } {
  return startIntervalRounds(() => seeds.sweep(), intervalMs, logger, 'limits: a sweep of first counts failed');
}
