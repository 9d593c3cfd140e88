import { keys, partitionTag, PARTITION_COUNT, userGameKeyOf, walletAddress } from '../redis/wallet-keys';
import { periodCode, periodOfCode, periodStarts, type LossPeriod } from './loss-periods';
import { checkId } from './wallet-validation';
import type { WalletStore } from './wallet-store';

/** The limits of one wallet (SPEC §1.11); null: no such limit. Amounts in minor units. */
export interface LimitValues {
  readonly maxBet: number | null;
  readonly lossLimit: number | null;
  readonly lossPeriod: LossPeriod | null;
}

export interface WalletLimits extends LimitValues {
  /** A loosening asked for and when it applies. */
  readonly pending: (LimitValues & { readonly effectiveAtMs: number }) | null;
  /** Net loss so far (confirmed amounts less their wins) of the current UTC day, week and month. */
  readonly netLoss: Readonly<Record<LossPeriod, number>>;
}

/** What a new limits record leaves to the ledger: the moves up to an outbox entry, in periods from these starts (ms, decimal). */
export interface LimitsSeed {
  readonly throughStreamId: string;
  readonly starts: readonly string[];
}

const NONE = -1;
const orNone = (value: number | null) => (value === null ? NONE : value);
const orNull = (value: number) => (value === NONE ? null : value);

/** lua/limits.lua's reply as values (null: the wallet has no limits record). */
function limitsOf(reply: readonly string[]): WalletLimits | null {
  if (reply.length === 0) return null;
  const [maxBet, lossLimit, period, pendingAt, pendingMaxBet, pendingLossLimit, pendingPeriod, day, week, month] = reply.map(Number) as number[];
  return {
    maxBet: orNull(maxBet!),
    lossLimit: orNull(lossLimit!),
    lossPeriod: periodOfCode(period!),
    pending: pendingAt! > 0
      ? { maxBet: orNull(pendingMaxBet!), lossLimit: orNull(pendingLossLimit!), lossPeriod: periodOfCode(pendingPeriod!), effectiveAtMs: pendingAt! }
      : null,
    netLoss: { day: day!, week: week!, month: month! },
  };
}

/** The seed a reply names after its values (lua/limits.lua), counted in the periods that hold at `nowMs`. */
function seedOf(reply: readonly string[], nowMs: number): LimitsSeed | null {
  const throughStreamId = reply[10];
  return throughStreamId ? { throughStreamId, starts: periodStarts(nowMs) } : null;
}

/**
 * Freezes and limits where the Reserve script reads them (SPEC §1.11). A user's freeze is written to
 * every partition (a Reserve reads its own partition's); a user-game's and a wallet's limits live in
 * the wallet's partition.
 */
export function createWalletControls(store: WalletStore, deps: { clock: () => number; limitRaiseDelayS: number }) {
  const { clock, limitRaiseDelayS } = deps;
  return {
    /** Freezes (a reason) or unfreezes (null) every wallet of a user. */
    async freezeUser(userId: string, reason: string | null): Promise<void> {
      checkId('user_id', userId);
      const all = Array.from({ length: PARTITION_COUNT }, (_, partition) => keys.userFreeze({ tag: partitionTag(partition) }, userId));
      await store.freeze(all, reason);
    },

    /** Freezes (a reason) or unfreezes (null) every currency of one user-game. */
    async freezeUserGame(userId: string, gameId: string, reason: string | null): Promise<void> {
      await store.freeze([keys.userGameFreeze(userGameKeyOf(checkId('user_id', userId), checkId('game_id', gameId)))], reason);
    },

    /** A wallet's limits as they hold now (null: none were ever set), with the seed they still wait for, if any (seedLimits). */
    async limits(userId: string, gameId: string, currency: string): Promise<(WalletLimits & { seed: LimitsSeed | null }) | null> {
      const nowMs = clock();
      const reply = await store.limits(walletAddress(userId, gameId, currency), nowMs);
      const limits = limitsOf(reply);
      return limits && { ...limits, seed: seedOf(reply, nowMs) };
    },

    /**
     * Asks for these limits: what tightens applies at once, what loosens after LIMIT_RAISE_DELAY_S. The
     * wallet's first limits make its record (`made`), which counts confirmations from then on: `seed`
     * says what the ledger must still add (the confirmations of the current periods made before, up to
     * the outbox entry `throughStreamId`; see seedLimits).
     */
    async setLimits(userId: string, gameId: string, currency: string, asked: LimitValues): Promise<WalletLimits & { seed: LimitsSeed | null; made: boolean }> {
      const nowMs = clock();
      const reply = await store.limits(walletAddress(userId, gameId, currency), nowMs, { set: {
        delayMs: limitRaiseDelayS * 1000,
        maxBet: orNone(asked.maxBet),
        lossLimit: orNone(asked.lossLimit),
        period: periodCode(asked.lossLimit === null ? null : asked.lossPeriod),
      } });
      return { ...limitsOf(reply)!, seed: seedOf(reply, nowMs), made: reply[11] === 'made' };
    },

    /** Whether the ledger holds every move of the wallet's partition up to this outbox entry. */
    ledgerHolds(userId: string, gameId: string, currency: string, throughStreamId: string): Promise<boolean> {
      return store.outboxSyncedThrough(walletAddress(userId, gameId, currency), throughStreamId);
    },

    /** Adds what the ledger counted before the record was made (each period that still counts from that start). */
    async seedLimits(userId: string, gameId: string, currency: string, seed: LimitsSeed, netLoss: readonly number[]): Promise<WalletLimits | null> {
      return limitsOf(await store.limits(walletAddress(userId, gameId, currency), clock(), { seed: { starts: seed.starts, netLoss, throughStreamId: seed.throughStreamId } }));
    },
  };
}

export type WalletControls = ReturnType<typeof createWalletControls>;
