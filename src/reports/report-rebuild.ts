import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { isDeadlock, retryOnDeadlock } from '../db/deadlock-retry';
import { LEDGER_SEQUENCE_TABLE, LEDGER_TABLE } from '../records/ledger-tables';
import { QUARTER_MS, REPORT_PLAYERS_TABLE, REPORT_REBUILDS_TABLE, REPORT_ROLLUPS_TABLE, REPORT_UNITS } from '../records/report-tables';
import { addRowsToRollups } from './report-rollups';

/** Ledger ids added per transaction. */
const CHUNK = 50_000;
/** The fewest: a chunk that keeps meeting the sync in a deadlock is halved down to this. */
const MIN_CHUNK = 500;
/**
 * A rebuild runs beside the sync (SPEC §2.13): both write the rollups, so InnoDB may end either as a
 * deadlock's victim. The rebuild's transactions are run again, this many times before a chunk is halved.
 */
const ATTEMPTS = 20;
const DAY_QUARTERS = REPORT_UNITS[REPORT_UNITS.length - 1]!.quarters;
/** The smallest `start` (a rebuild of everything). */
const MIN_START = -2_147_483_648;
/** The earliest time the API accepts (year 1000): a rebuild of everything reads from there. */
const MIN_DATE_QUARTER = Math.floor(Date.UTC(1000, 0, 1) / QUARTER_MS);

export interface RebuildProgress {
  /** The run (another run that starts stops this one at its next chunk). */
  readonly run: string;
  /** The first UTC day rebuilt (quarters from the epoch). */
  readonly fromQuarter: number;
  /** Ledger ids up to here are being added; later rows are the sync's. */
  readonly lastId: number;
  readonly nextId: number;
  readonly done: boolean;
  /** Whether this call resumed a rebuild a former one left unfinished. */
  readonly resumed: boolean;
}

interface RebuildRow {
  run_id: string;
  from_start: number;
  last_id: number | string;
  next_id: number | string;
  finished_at: Date | null;
}

/** Thrown at a chunk when another rebuild has started since (its run owns the progress now). */
export class RebuildTakenOver extends Error {}

/** Deletes a table's rows from `from` on, game by game and unit by unit: ranges of the primary key, nothing else locked. */
async function deleteFrom(trx: Knex.Transaction, table: string, from: number): Promise<void> {
  const games = (await trx(table).distinct('game_id')) as Array<{ game_id: Buffer }>;
  for (const { game_id: gameId } of games) {
    for (const { unit } of REPORT_UNITS) await trx(table).where({ game_id: gameId, unit }).andWhere('start', '>=', from).delete();
  }
}

/**
 * Starts a rebuild from the UTC day holding `fromMs` (every day when not given), or resumes the
 * unfinished one from the same day; an unfinished one from an earlier day is started again from that
 * day (its days are half rebuilt). Starting takes the ledger's sequence counter, which every sync
 * transaction holds from its ledger insert to its commit: so at that moment every ledger row is
 * committed, the rollups of the days rebuilt are emptied, and the rows so far (ids up to `last_id`)
 * are left to the rebuild, every later one to the sync, which adds its own as always. The sync waits
 * while the days are emptied.
 */
async function startOrResume(db: Knex, fromMs: number | undefined): Promise<RebuildProgress> {
  return retryOnDeadlock(() => db.transaction(async (trx) => {
    await trx.raw(`SELECT last FROM ${LEDGER_SEQUENCE_TABLE} WHERE id = 1 FOR UPDATE`);
    const asked = fromMs === undefined ? MIN_START : Math.floor(fromMs / QUARTER_MS / DAY_QUARTERS) * DAY_QUARTERS;
    const current = (await trx(REPORT_REBUILDS_TABLE).where({ id: 1 }).forUpdate().first()) as RebuildRow | undefined;
    const unfinished = current && current.finished_at === null ? current : undefined;
    if (unfinished && unfinished.from_start === asked) {
      return { run: unfinished.run_id, fromQuarter: asked, lastId: Number(unfinished.last_id), nextId: Number(unfinished.next_id), done: false, resumed: true };
    }
    const from = unfinished ? Math.min(unfinished.from_start, asked) : asked;
    const [[{ last }]] = (await trx.raw(`SELECT COALESCE(MAX(id), 0) AS last FROM ${LEDGER_TABLE}`)) as [[{ last: number | string }]];
    await deleteFrom(trx, REPORT_ROLLUPS_TABLE, from);
    await deleteFrom(trx, REPORT_PLAYERS_TABLE, from);
    const row = { id: 1, run_id: randomBytes(8).toString('hex'), from_start: from, last_id: Number(last), next_id: 1, started_at: new Date(), finished_at: null };
    await trx(REPORT_REBUILDS_TABLE).where({ id: 1 }).delete();
    await trx(REPORT_REBUILDS_TABLE).insert(row);
    return { run: row.run_id, fromQuarter: from, lastId: row.last_id, nextId: 1, done: false, resumed: false };
  }), ATTEMPTS);
}

/**
 * Adds one chunk of ledger ids to the rollups and moves the progress on, in one transaction: a crash
 * repeats no row. The progress row is the run's or nothing is added (RebuildTakenOver).
 */
async function addChunk(db: Knex, progress: RebuildProgress, chunk: number): Promise<RebuildProgress> {
  return retryOnDeadlock(() => db.transaction(async (trx) => {
    const row = (await trx(REPORT_REBUILDS_TABLE).where({ id: 1 }).forUpdate().first()) as RebuildRow | undefined;
    if (!row || row.run_id !== progress.run || row.finished_at !== null) throw new RebuildTakenOver('another `reports rebuild` has started since: this one stops');
    const next = Number(row.next_id);
    const upTo = Math.min(next + chunk - 1, progress.lastId);
    const fromTime = new Date(Math.max(progress.fromQuarter, MIN_DATE_QUARTER) * QUARTER_MS);
    await addRowsToRollups(trx, { where: 'id BETWEEN ? AND ? AND created_at >= ?', bindings: [next, upTo, fromTime] });
    const done = upTo >= progress.lastId;
    await trx(REPORT_REBUILDS_TABLE).where({ id: 1, run_id: progress.run }).update({ next_id: upTo + 1, ...(done ? { finished_at: new Date() } : {}) });
    return { ...progress, nextId: upTo + 1, done };
  }), ATTEMPTS);
}

export interface RebuildOptions {
  /** Rebuild from the UTC day of this instant; every day when not given. */
  readonly fromMs?: number;
  readonly chunk?: number;
  /** Stop after this many chunks (a test of resuming). */
  readonly maxChunks?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
}

/**
 * `reports rebuild [--from]` (SPEC §2.13): recomputes the rollups from the ledger, from a UTC day on,
 * while the sync goes on adding. Idempotent (a finished rebuild run again recomputes the same) and
 * resumable (an interrupted one, run again with the same --from, goes on where it stopped). While it
 * runs, the days it rebuilds read low. Two at once: the later one wins, the other stops.
 */
export async function rebuildRollups(db: Knex, options: RebuildOptions = {}): Promise<RebuildProgress> {
  let progress = await startOrResume(db, options.fromMs);
  options.onProgress?.(progress);
  let chunks = 0;
  let chunk = options.chunk ?? CHUNK;
  while (progress.nextId <= progress.lastId && chunks < (options.maxChunks ?? Infinity)) {
    try {
      progress = await addChunk(db, progress, chunk);
    } catch (error) {
      // Still a deadlock's victim after ATTEMPTS: a smaller chunk holds fewer locks for less time. A
      // deadlock never ends the rebuild (its days would read low until the next run).
      if (!isDeadlock(error)) throw error;
      chunk = Math.max(MIN_CHUNK, Math.floor(chunk / 2));
      continue;
    }
    chunks += 1;
    options.onProgress?.(progress);
  }
  if (progress.nextId > progress.lastId && !progress.done) {
    await db(REPORT_REBUILDS_TABLE).where({ id: 1, run_id: progress.run }).whereNull('finished_at').update({ finished_at: new Date() });
    progress = { ...progress, done: true };
  }
  return progress;
}

/** Whether a rebuild is under way (its days read low until it ends; reconcile does not check rollups meanwhile). */
export async function rebuildUnderWay(db: Knex): Promise<boolean> {
  const row = (await db(REPORT_REBUILDS_TABLE).where({ id: 1 }).first('finished_at')) as { finished_at: Date | null } | undefined;
  return row !== undefined && row.finished_at === null;
}
