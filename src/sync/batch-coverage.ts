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
 * A batch's job id names its partition and the range of entries it carries, so enqueueing the same
 * entries twice is a no-op, and the relay can tell from the queue's job ids alone which pending
 * entries a live job will still acknowledge.
 */
export function batchJobId({ partition, first, last, count }: BatchJobData): string {
  return `p${partition}_${first}_${last}_${count}`;
}

const BATCH_JOB_ID = /^p(\d+)_(\d+-\d+)_(\d+-\d+)_\d+$/;

/** The entry ranges that live jobs carry, per partition, from their job ids. */
export function liveRanges(jobIds: readonly string[]): Map<number, Array<[first: string, last: string]>> {
  const ranges = new Map<number, Array<[string, string]>>();
  for (const id of jobIds) {
    const match = BATCH_JOB_ID.exec(id);
    if (!match) continue;
    const partition = Number(match[1]);
    ranges.set(partition, [...(ranges.get(partition) ?? []), [match[2]!, match[3]!]]);
  }
  return ranges;
}

export function isCovered(id: string, ranges: ReadonlyArray<[string, string]>): boolean {
  return ranges.some(([first, last]) => compareStreamIds(first, id) <= 0 && compareStreamIds(id, last) <= 0);
}
