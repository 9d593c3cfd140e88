import { REPORT_UNITS, type ReportUnit } from '../records/report-tables';

/** Quarter-hour ranges [from, to) of one unit's rows: the rows whose `start` lies in one of them. */
export interface UnitRanges {
  readonly unit: ReportUnit;
  readonly ranges: ReadonlyArray<readonly [from: number, to: number]>;
}

/**
 * [from, to) (quarters) as whole units, the largest first: its whole UTC days, then the whole hours
 * around them, then the quarters at its ends. Each unit row inside is read once, and no row crosses
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
 * SQL that keeps the rows of these units (`(unit = 2 AND (start >= … AND start < … OR …)) OR …`);
 * integers only, so written inline. FALSE when there is none.
 */
export function unitCondition(units: readonly UnitRanges[], table = ''): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  const ofUnit = units.map(({ unit, ranges }) => {
    const within = ranges.map(([from, to]) => (to - from === 1 ? `${column('start')} = ${from}` : `${column('start')} >= ${from} AND ${column('start')} < ${to}`));
    return `(${column('unit')} = ${unit} AND (${within.join(' OR ')}))`;
  });
  return ofUnit.length > 0 ? `(${ofUnit.join(' OR ')})` : 'FALSE';
}
