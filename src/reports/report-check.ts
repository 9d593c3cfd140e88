import type { Knex } from 'knex';
import { LEDGER_SEQUENCE_TABLE } from '../records/ledger-tables';
import { REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, REPORT_UNITS, ROLLUP_FIGURES } from '../records/report-tables';
import { playersOfMoves, rollupsOfMoves } from './report-rollups';
import { rebuildUnderWay } from './report-rebuild';

/** A rollup row that differs from the ledger's sums: which (game, currency, unit, start), and each side's figures. */
export interface RollupMismatch {
  readonly gameId: string;
  readonly currency: string;
  readonly unit: (typeof REPORT_UNITS)[number]['name'];
  /** The unit's start, ISO 8601 UTC. */
  readonly start: string;
  /** The figures that differ, each [ledger, rollups] (decimal text: sums may pass 2^53). */
  readonly figures: Readonly<Record<string, readonly [string, string]>>;
}

export interface RollupCheck {
  /** False while `reports rebuild` runs: the rollups are not checked then. */
  readonly checked: boolean;
  readonly rows: number;
  readonly mismatches: RollupMismatch[];
  /** How many differ (mismatches holds the first `limit`). */
  readonly mismatchCount: number;
}

const KEY = ['game_id', 'unit', 'start', 'currency'] as const;
type Row = Record<string, string | number | bigint>;

/** Keys compared as MySQL orders them: ids and currencies byte by byte (their binary collation), then numbers. */
function compareKeys(a: Row, b: Row): number {
  for (const column of KEY) {
    const x = a[column]!;
    const y = b[column]!;
    const order = typeof x === 'number' ? x - (y as number) : Buffer.compare(Buffer.from(String(x)), Buffer.from(String(y)));
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/** Rows of a streamed query, one at a time: ids as text, unit and start as numbers, sums and counts as BigInt. */
async function* rowsOf(stream: AsyncIterable<Row>): AsyncGenerator<Row> {
  for await (const row of stream) {
    yield Object.fromEntries(Object.entries(row).map(([key, value]) => {
      if (key === 'game_id' || key === 'currency') return [key, String(value)];
      return [key, key === 'unit' || key === 'start' ? Number(value) : BigInt(String(value))];
    }));
  }
}

/**
 * Two read transactions that see the same committed state: both take their snapshot while a third
 * holds the ledger's sequence counter, which every sync transaction holds from its ledger insert to
 * its commit (ledger-repository.ts), so no batch commits between the two snapshots. Takes three of
 * the pool's connections at once.
 */
async function twinSnapshots<T>(db: Knex, read: (a: Knex.Transaction, b: Knex.Transaction) => Promise<T>): Promise<T> {
  const opened: Array<(value?: unknown) => void> = [];
  const snapshot = () => new Promise<Knex.Transaction>((resolve, reject) => {
    db.transaction(async (trx) => {
      await trx.raw(`SELECT last FROM ${LEDGER_SEQUENCE_TABLE} WHERE id = 1`); // the snapshot starts at its first read
      resolve(trx);
      await new Promise((release) => opened.push(release));
    }, { isolationLevel: 'repeatable read' }).catch(reject);
  });
  const lock = await db.transaction();
  try {
    await lock.raw(`SELECT last FROM ${LEDGER_SEQUENCE_TABLE} WHERE id = 1 FOR UPDATE`);
    const [a, b] = [await snapshot(), await snapshot()];
    await lock.commit();
    return await read(a, b);
  } finally {
    if (!lock.isCompleted()) await lock.rollback();
    for (const release of opened) release();
  }
}

/** A query's rows as a stream (knex's), to read one at a time and to destroy when the reading stops early. */
type RowStream = AsyncIterable<Row> & { destroy(error?: Error): void };

/**
 * Walks two key-ordered streams side by side (a merge join): calls `onPair` with the pair at each
 * key, either side missing where the other has a row. When either fails, both are destroyed (a
 * stream left paused mid-result would hold its connection, and the transaction's end would wait on it).
 */
async function mergeCompare(ledgerRows: RowStream, rollupRows: RowStream, onPair: (key: Row, ledger: Row | null, rollup: Row | null) => void): Promise<number> {
  try {
    return await mergeRows(rowsOf(ledgerRows), rowsOf(rollupRows), onPair);
  } catch (error) {
    ledgerRows.destroy();
    rollupRows.destroy();
    throw error;
  }
}

async function mergeRows(expected: AsyncGenerator<Row>, stored: AsyncGenerator<Row>, onPair: (key: Row, ledger: Row | null, rollup: Row | null) => void): Promise<number> {
  let [e, s] = [await expected.next(), await stored.next()];
  let rows = 0;
  while (!e.done || !s.done) {
    rows += 1;
    const order = e.done ? 1 : s.done ? -1 : compareKeys(e.value, s.value);
    if (order === 0) {
      onPair(e.value!, e.value!, s.value!);
      [e, s] = [await expected.next(), await stored.next()];
    } else if (order < 0) {
      onPair(e.value!, e.value!, null);
      e = await expected.next();
    } else {
      onPair(s.value!, null, s.value!);
      s = await stored.next();
    }
  }
  return rows;
}

/**
 * Reconcile's rollup check (SPEC §2.13): every rollup row, in every unit, against the sums of the
 * ledger's moves, and every unit's player count against the ledger's distinct players with a
 * confirmed round; both read in one consistent state, streamed in key order (bounded memory). Player
 * rows are compared by their count per unit (a row only the ledger can make, so a count that agrees
 * is the same set unless a row was written by hand).
 */
export async function checkRollups(db: Knex, limit = 20): Promise<RollupCheck> {
  const all = { where: 'TRUE', bindings: [] };
  const order = `ORDER BY ${KEY.join(', ')}`;
  const mismatches: RollupMismatch[] = [];
  let mismatchCount = 0;
  const note = (key: Row, figures: Record<string, readonly [string, string]>) => {
    mismatchCount += 1;
    if (mismatches.length < limit) {
      const unit = REPORT_UNITS.find((u) => u.unit === key.unit)!;
      mismatches.push({ gameId: String(key.game_id), currency: String(key.currency), unit: unit.name, start: new Date(Number(key.start) * 900_000).toISOString(), figures });
    }
  };
  const rows = await twinSnapshots(db, async (a, b) => {
    // Read in the snapshot: a rebuild's emptied days then count as under way, never as mismatches.
    if (await rebuildUnderWay(a)) return null;
    const [rollups, bindings] = rollupsOfMoves(all);
    const sums = await mergeCompare(
      a.raw(`SELECT * FROM (${rollups}) AS expected ${order}`, [...bindings]).stream() as unknown as RowStream,
      b.raw(`SELECT game_id, unit, start, currency, ${ROLLUP_FIGURES.join(', ')} FROM ${REPORT_ROLLUPS_TABLE} ${order}`).stream() as unknown as RowStream,
      (key, ledger, rollup) => {
        const differing = Object.fromEntries(ROLLUP_FIGURES
          .map((figure) => [figure, [String(ledger?.[figure] ?? 0n), String(rollup?.[figure] ?? 0n)]] as const)
          .filter(([, [x, y]]) => x !== y));
        if (Object.keys(differing).length > 0) note(key, differing);
      },
    );
    const [players, playerBindings] = playersOfMoves(all);
    const counted = await mergeCompare(
      a.raw(`SELECT game_id, unit, start, currency, COUNT(*) AS players FROM (${players}) AS expected GROUP BY ${KEY.join(', ')} ${order}`, [...playerBindings]).stream() as unknown as RowStream,
      b.raw(`SELECT game_id, unit, start, currency, COUNT(*) AS players FROM ${REPORT_PLAYERS_TABLE} GROUP BY ${KEY.join(', ')} ${order}`).stream() as unknown as RowStream,
      (key, ledger, rollup) => {
        const [x, y] = [String(ledger?.players ?? 0n), String(rollup?.players ?? 0n)];
        if (x !== y) note(key, { active_players: [x, y] });
      },
    );
    return sums + counted;
  });
  if (rows === null) return { checked: false, rows: 0, mismatches: [], mismatchCount: 0 };
  return { checked: true, rows, mismatches, mismatchCount };
}
