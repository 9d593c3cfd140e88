import type { BatchJobData } from './sync-queue';

/** A stream id `ms-seq` as a pair of numbers, for ordering (ms fits a double, seq too). */
function parts(id: string): [number, number] {
  const [ms = '0', seq = '0'] = id.split('-');
  return [Number(ms), Number(seq)];
}

export function compareStreamIds(a: string, b: string): number {
  const [am, as] = parts(a);
  const [bm, bs] = parts(b);
  return am - bm || as - bs;
}

/**
 * A batch's job id names its first range: a fresh range's first entry is read once only, so the id
 * is unique, and enqueueing the same recovered entries twice is a no-op. A batch of several ranges
 * says how many.
 */
export function batchJobId({ ranges }: BatchJobData): string {
  const { partition, first, last, count } = ranges[0]!;
  return `p${partition}_${first}_${last}_${count}${ranges.length > 1 ? `_of${ranges.length}` : ''}`;
}

/** The entry ranges that live batches carry, per partition. */
export function liveRanges(batches: readonly BatchJobData[]): Map<number, Array<[first: string, last: string]>> {
  const ranges = new Map<number, Array<[string, string]>>();
  for (const { partition, first, last } of batches.flatMap((batch) => batch.ranges ?? [])) {
    ranges.set(partition, [...(ranges.get(partition) ?? []), [first, last]]);
  }
  return ranges;
}

export function isCovered(id: string, ranges: ReadonlyArray<[string, string]>): boolean {
  return ranges.some(([first, last]) => compareStreamIds(first, id) <= 0 && compareStreamIds(id, last) <= 0);
}
