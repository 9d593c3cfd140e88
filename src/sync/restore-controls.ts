import type { Knex } from 'knex';
import { listAllLimits, listFrozen, listFrozenUserGames, type LimitsRow } from '../records/wallet-controls-tables';
import { keys, PARTITION_COUNT, partitionTag, userGameKeyOf, walletAddress } from '../redis/wallet-keys';
import { periodCode, periodStarts } from '../wallet/loss-periods';
import { scriptCalls } from '../wallet/script-calls';
import { netLossSince } from '../records/ledger-reads';
import type { PartitionWriter } from './partition-writer';

export interface ControlsReport {
  readonly frozenUsers: number;
  readonly frozenUserGames: number;
  readonly limitedWallets: number;
}

const NONE = -1;
const orNone = (value: number | string | null) => (value === null ? NONE : Number(value));

/** lua/limits.lua's 'rebuild' values of a stored row, with the current periods' net losses. */
function rebuildValues(row: LimitsRow, netLoss: readonly number[]): number[] {
  return [
    orNone(row.max_bet), orNone(row.loss_limit), periodCode(row.loss_period),
    row.pending_at?.getTime() ?? 0, orNone(row.pending_max_bet), orNone(row.pending_loss_limit), periodCode(row.pending_loss_period),
    ...netLoss,
  ];
}

/**
 * SPEC §1.11 after a restore: freezes and limits where the Reserve script reads them, from what MySQL
 * keeps; each limited wallet's net loss of the current day, week and month counted again from its
 * ledger confirms (moves that never reached MySQL are lost to it, as to the balances).
 */
export async function restoreControls(db: Knex, writes: PartitionWriter, now: number): Promise<ControlsReport> {
  const users = await listFrozen(db, 'users');
  for (const user of users) {
    for (let partition = 0; partition < PARTITION_COUNT; partition += 1) {
      await writes.add(partition, (p) => p.set(keys.userFreeze({ tag: partitionTag(partition) }, String(user.id)), user.frozen_reason));
    }
  }
  const userGames = await listFrozenUserGames(db);
  for (const ug of userGames) {
    const userGame = userGameKeyOf(String(ug.user_id), String(ug.game_id));
    await writes.add(userGame.partition, (p) => p.set(keys.userGameFreeze(userGame), ug.frozen_reason));
  }
  const limits = await listAllLimits(db);
  const starts = periodStarts(now).map((start) => new Date(Number(start)));
  for (const row of limits) {
    const [userId, gameId] = [String(row.user_id), String(row.game_id)];
    const wallet = walletAddress(userId, gameId, row.currency);
    const netLoss = await netLossSince(db, userId, gameId, row.currency, starts);
    const args = scriptCalls.limits(wallet, now, { rebuild: rebuildValues(row, netLoss) });
    await writes.add(wallet.partition, (p) => p.limits(...args));
  }
  return { frozenUsers: users.length, frozenUserGames: userGames.length, limitedWallets: limits.length };
}
