import { REPORT_UNITS, type ReportUnit } from '../records/report-tables';

/** Quarter-hour ranges [from, to) of one unit's rows: the rows whose `start` lies in one of them. */
export interface UnitRanges {
  readonly unit: ReportUnit;
  readonly ranges: ReadonlyArray<readonly [from: number, to: number]>;
}

/**
 * [from, to) (quarters) as whole units, the largest first: its whole UTC days, then the whole
 * six-hour blocks and hours around them, then the quarters at its ends. Each unit row inside is read once, and no row crosses
 * the range's edges, so summing the rows gives exactly the moves inside.
 */
function splitIntoUnits(from: number, to: number, level: number, into: Array<Array<[number, number]>>): void {
  if (from >= to) return;
  const { quarters } = REPORT_UNITS[level]!;
  const first = Math.ceil(from / quarters) * quarters;
  const last = Math.floor(to / quarters) * quarters;
  if (level === 0 || first >= last) {
    if (level === 0) into[0]!.push([from, to]);
    else splitIntoUnits(from, to, level - 1, into);
    return;
  }
  into[level]!.push([first, last]);
  splitIntoUnits(from, first, level - 1, into);
  splitIntoUnits(last, to, level - 1, into);
}

/** Sorted ranges with touching ones joined: fewer ranges for MySQL's range scan. */
function joined(ranges: Array<[number, number]>): Array<[number, number]> {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = out[out.length - 1];
    if (last && last[1] >= range[0]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/** The unit rows that make up these quarter ranges (each range cut on its own, then joined per unit). */
export function unitRangesOf(spans: ReadonlyArray<{ readonly fromQuarter: number; readonly toQuarter: number }>): UnitRanges[] {
  const into = REPORT_UNITS.map((): Array<[number, number]> => []);
  for (const span of spans) splitIntoUnits(span.fromQuarter, span.toQuarter, REPORT_UNITS.length - 1, into);
  return REPORT_UNITS.map(({ unit }, level) => ({ unit, ranges: joined(into[level]!) })).filter((unit) => unit.ranges.length > 0);
}

/**
 * A unit's rows are read by their starts, one lookup each, when there are at most this many and they
 * are at most one in SPARSE of the rows their span holds (a local day's edge quarters over a year);
 * else the span is read through and the rows outside the ranges dropped by the reader.
 */
const MAX_LISTED = 3000;
const SPARSE = 8;

/**
 * SQL that reads one unit's rows for its ranges (integers only, so inline): the span from the first
 * range to the last, or the list of the starts wanted. What is read may hold rows between the ranges:
 * `insideRanges` tells them. (MySQL evaluates a disjunction of many ranges range by range for every
 * row, and a long INTERVAL() or IN() costs more to parse than the rows it saves: a year's report took
 * 100 ms that way.)
 */
export function unitRead({ unit, ranges }: UnitRanges, table = ''): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  const { quarters } = REPORT_UNITS.find((u) => u.unit === unit)!;
  const first = ranges[0]![0];
  const end = ranges[ranges.length - 1]![1];
  const listed = ranges.reduce((sum, [from, to]) => sum + (to - from) / quarters, 0);
  if (ranges.length > 1 && listed <= MAX_LISTED && listed * SPARSE <= (end - first) / quarters) {
    const starts = ranges.flatMap(([from, to]) => Array.from({ length: (to - from) / quarters }, (_, i) => from + i * quarters));
    return `${column('unit')} = ${unit} AND ${column('start')} IN (${starts.join(', ')})`;
  }
  return `${column('unit')} = ${unit} AND ${column('start')} >= ${first} AND ${column('start')} < ${end}`;
}

/** The index of the last sorted value ≤ x (-1 when none): a binary search. */
export function lastAtOrBefore(sorted: ArrayLike<number>, x: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= x) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** Whether a unit row's start lies inside one of the unit's (sorted, disjoint) ranges. */
export function insideRanges(ranges: UnitRanges['ranges'], start: number, froms: ArrayLike<number> = ranges.map(([from]) => from)): boolean {
  const at = lastAtOrBefore(froms, start);
  return at >= 0 && start < ranges[at]![1];
}
