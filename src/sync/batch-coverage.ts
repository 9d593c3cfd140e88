import type { BatchJobData } from './sync-queue';

/** A stream id `ms-seq` as a pair of numbers, for ordering (ms fits a double, seq too). */
function parts(id: string): [number, number] {
  const dash = id.indexOf('-');
  return dash < 0 ? [Number(id), 0] : [Number(id.slice(0, dash)), Number(id.slice(dash + 1))];
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

interface Span {
  readonly firstMs: number;
  readonly firstSeq: number;
  lastMs: number;
  lastSeq: number;
  last: string;
}

/** The stream ids that live batches of one partition carry. */
export interface PartitionCoverage {
  /** The last id of the covered span that holds `id`, or null when no live batch carries it. */
  coveredUntil(id: string): string | null;
}

/**
 * What live batches carry, per partition, as disjoint sorted spans: a fresh range is the span from its
 * first to its last id, a recovered range each of its ids alone (other jobs' entries lie between
 * them). Answering for one id is a binary search, whatever the number of live batches, so a recovery
 * pass over a large pending list costs in proportion to the ids it looks at, not ids × batches.
 */
export function liveCoverage(batches: readonly BatchJobData[]): Map<number, PartitionCoverage> {
  const spans = new Map<number, Span[]>();
  for (const range of batches.flatMap((batch) => batch.ranges ?? [])) {
    const list = spans.get(range.partition) ?? [];
    spans.set(range.partition, list);
    for (const [first, last] of range.ids ? range.ids.map((id) => [id, id] as const) : [[range.first, range.last] as const]) {
      const [firstMs, firstSeq] = parts(first);
      const [lastMs, lastSeq] = parts(last);
      list.push({ firstMs, firstSeq, lastMs, lastSeq, last });
    }
  }
  return new Map([...spans].map(([partition, list]) => [partition, coverageOf(merged(list))]));
}

const before = (ms: number, seq: number, otherMs: number, otherSeq: number) => ms < otherMs || (ms === otherMs && seq < otherSeq);

/** Sorted by first id, overlapping spans joined. */
function merged(list: Span[]): Span[] {
  list.sort((a, b) => a.firstMs - b.firstMs || a.firstSeq - b.firstSeq);
  const out: Span[] = [];
  for (const span of list) {
    const top = out[out.length - 1];
    if (top && !before(top.lastMs, top.lastSeq, span.firstMs, span.firstSeq)) {
      if (before(top.lastMs, top.lastSeq, span.lastMs, span.lastSeq)) Object.assign(top, { lastMs: span.lastMs, lastSeq: span.lastSeq, last: span.last });
    } else {
      out.push({ ...span });
    }
  }
  return out;
}

function coverageOf(spans: readonly Span[]): PartitionCoverage {
  return {
    coveredUntil(id) {
      const [ms, seq] = parts(id);
      // The last span that starts at or before the id.
      let low = 0;
      let high = spans.length - 1;
      let found = -1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const span = spans[mid]!;
        if (before(ms, seq, span.firstMs, span.firstSeq)) high = mid - 1;
        else {
          found = mid;
          low = mid + 1;
        }
      }
      const span = spans[found];
      return span && !before(span.lastMs, span.lastSeq, ms, seq) ? span.last : null;
    },
  };
}
