import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import { lastLedgerIds, ledgerAfter, type LedgerStreamRow } from './ledger-repository';

/**
 * One reader of MySQL's ledger per process, shared by every WatchLedger stream (SPEC §1.11): it polls
 * for rows after its watermark while anyone listens, and hands each row to every listener, in id
 * order, once every smaller id is accounted for.
 *
 * Ids are given when a row is inserted but seen when its transaction commits, so a later id can show
 * first. A gap below a row holds the row back until the gap fills, or until it has been open for
 * HOLE_WAIT_MS: then it is taken for an id that will never come (a rolled-back insert, a duplicate
 * the sync skipped) and passed. The watermark is the id up to which the ledger is final: replays read
 * MySQL up to it, the tail delivers what comes after it.
 */
export const TAIL_POLL_MS = 100;
export const HOLE_WAIT_MS = 3000;
const PAGE = 2000;
/** How far back a starting tail looks for a gap that may still fill. */
const START_WINDOW = 1000;

export type LedgerListener = (rows: readonly LedgerStreamRow[]) => void;

export interface LedgerTail {
  /** Every id up to it is final (its row or a hole that will not fill); -1 before the tail first read. */
  readonly watermark: number;
  /** Listens from the current watermark on: the rows after it, as they become final. Resolves once the tail has started. */
  listen(listener: LedgerListener): Promise<() => void>;
  stop(): void;
}

export function createLedgerTail(db: Knex, options: { pollMs?: number; holeWaitMs?: number; clock?: () => number; logger?: Logger } = {}): LedgerTail {
  const { pollMs = TAIL_POLL_MS, holeWaitMs = HOLE_WAIT_MS, clock = Date.now, logger } = options;
  const listeners = new Set<LedgerListener>();
  let watermark = -1;
  /** A gap's first id, and since when it has been open. */
  let hole: { id: number; since: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  /** The tail's start (its first watermark); null while no listener keeps it running. */
  let starting: Promise<void> | null = null;
  /** Whether a chain of polls runs (one at a time: a second would hand rows out twice). */
  let polling = false;
  let stopped = false;

  async function start(): Promise<void> {
    const ids = await lastLedgerIds(db, START_WINDOW);
    const gapAt = ids.findIndex((id, i) => i > 0 && id !== ids[i - 1]! + 1);
    watermark = ids.length === 0 ? 0 : gapAt === -1 ? ids.at(-1)! : ids[gapAt - 1]!;
    if (!polling) {
      polling = true;
      schedule();
    }
  }

  /** The next poll while anyone listens; else the chain ends and the next listener starts afresh. */
  function schedule(): void {
    if (stopped || listeners.size === 0) {
      polling = false;
      timer = null;
      starting = null;
      watermark = -1;
      return;
    }
    timer = setTimeout(() => void poll(), pollMs);
  }

  async function poll(): Promise<void> {
    try {
      for (;;) {
        const rows = await ledgerAfter(db, watermark, PAGE);
        const final = finalRows(rows);
        if (final.length > 0) {
          watermark = final.at(-1)!.id;
          for (const listener of listeners) listener(final);
        }
        if (rows.length < PAGE || final.length < rows.length) break;
      }
    } catch (error) {
      logger?.warn({ err: error }, 'ledger tail: reading the ledger failed; trying again');
    }
    schedule();
  }

  /** The rows that follow the watermark without a gap that may still fill. */
  function finalRows(rows: readonly LedgerStreamRow[]): LedgerStreamRow[] {
    const final: LedgerStreamRow[] = [];
    let next = watermark + 1;
    for (const row of rows) {
      const id = Number(row.id);
      if (id > next) {
        if (hole?.id !== next) hole = { id: next, since: clock() };
        if (clock() - hole.since < holeWaitMs) break;
        logger?.info({ from: next, to: id - 1 }, 'ledger tail: passing ids that never came');
        hole = null;
      }
      final.push({ ...row, id });
      next = id + 1;
    }
    return final;
  }

  return {
    get watermark() {
      return watermark;
    },
    async listen(listener) {
      listeners.add(listener);
      if (!starting) starting = start().catch((error: unknown) => {
        starting = null;
        listeners.delete(listener);
        throw error;
      });
      await starting;
      return () => {
        listeners.delete(listener);
      };
    },
    stop() {
      stopped = true;
      listeners.clear();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
