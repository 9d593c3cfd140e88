import { AppError } from '../errors';
import type { WalletItem } from './script-calls';
import type { BalanceOutcome } from './wallet-types';

/** SPEC §1.9: a batch holds 1 to 1000 items. */
export const MAX_BATCH_ITEMS = 1000;

export function checkBatchSize(count: number): void {
  if (count < 1 || count > MAX_BATCH_ITEMS) {
    throw new AppError('INVALID_ARGUMENT', `items must hold 1 to ${MAX_BATCH_ITEMS} items (got ${count}); nothing was applied`);
  }
}

/** How a batch takes its groups' failures. */
export interface BatchOptions {
  /**
   * A group's call that fails outright (Redis unreachable for its partition, a replica that did not
   * acknowledge) answers that group's items with its error instead of failing the whole batch: for
   * unary calls coalesced on the server, each of which must be answered as it would be alone.
   */
  readonly failuresPerGroup?: boolean;
}

/** Runs one script call for a group of items, in order, answering each. */
export type GroupRun<Input> = (group: ReadonlyArray<WalletItem<Input>>) => Promise<BalanceOutcome[]>;

/**
 * Applies a batch's checked items (an AppError where an item failed its checks) one script call per
 * group (`groupOf`: the wallet's partition on Redis Cluster, where a call's keys share a slot; one
 * group on a single Redis), the groups side by side, and answers every item in its place. A group's
 * call that Redis refuses outright decides for its items alone: out of memory, each of them is
 * RESOURCE_EXHAUSTED (nothing moved); a script error (a key of the wrong type, say) is retried item by
 * item, in order, so it stays with the item it belongs to. Redis unreachable fails the whole batch
 * (some groups may have been applied: the caller repeats the batch, SPEC §1.9).
 */
export async function runInGroups<Input>(
  items: ReadonlyArray<WalletItem<Input> | AppError>,
  groupOf: (wallet: WalletItem<Input>['wallet']) => number,
  run: GroupRun<Input>,
  options: BatchOptions = {},
): Promise<BalanceOutcome[]> {
  const outcomes: BalanceOutcome[] = new Array(items.length);
  const groups = new Map<number, number[]>();
  items.forEach((item, index) => {
    if (item instanceof AppError) {
      outcomes[index] = item;
      return;
    }
    const key = groupOf(item.wallet);
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  await Promise.all(
    [...groups.values()].map(async (indices) => {
      const replies = await runGroup(indices.map((index) => items[index] as WalletItem<Input>), run, options);
      indices.forEach((index, k) => (outcomes[index] = replies[k]!));
    }),
  );
  return outcomes;
}

async function runGroup<Input>(group: ReadonlyArray<WalletItem<Input>>, run: GroupRun<Input>, options: BatchOptions): Promise<BalanceOutcome[]> {
  try {
    return await run(group);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'RESOURCE_EXHAUSTED' || (error.code === 'INTERNAL' && group.length === 1)) return group.map(() => error);
    if (error.code !== 'INTERNAL') {
      if (options.failuresPerGroup) return group.map(() => error);
      throw error;
    }
    const alone: BalanceOutcome[] = [];
    for (const item of group) alone.push(...(await runGroup([item], run, options)));
    return alone;
  }
}
