import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import { committedSequence, ledgerAfter, type LedgerStreamRow } from '../records/ledger-reads';

/**
 * One reader of MySQL's ledger per process, shared by every WatchLedger stream (SPEC §1.11): it polls
 * for rows after its watermark while anyone listens, and hands each row to every listener, in
 * sequence order, once.
 *
 * Sequences are given in commit order (ledger-repository.ts, applyOutboxBatch): the counter's committed
 * value says up to where the ledger is final, so the tail reads up to it and never passes over a
 * sequence that may still commit (a hole below it is a sequence that never will). The watermark is
 * that point: replays read MySQL up to it, the tail delivers what comes after it.
 */
export const TAIL_POLL_MS = 100;
const PAGE = 2000;

export type LedgerListener = (rows: readonly LedgerStreamRow[]) => void;

export interface LedgerTail {
  /** Every sequence up to it is final; -1 before the tail first read. */
  readonly watermark: number;
  /** Listens from the current watermark on: the rows after it, as they become final. Resolves once the tail has started. */
  listen(listener: LedgerListener): Promise<() => void>;
  stop(): void;
}

export function createLedgerTail(db: Knex, options: { pollMs?: number; logger?: Logger } = {}): LedgerTail {
  const { pollMs = TAIL_POLL_MS, logger } = options;
  const listeners = new Set<LedgerListener>();
  let watermark = -1;
  let timer: NodeJS.Timeout | null = null;
  /** The tail's start (its first watermark); null while no listener keeps it running. */
  let starting: Promise<void> | null = null;
  /** Whether a chain of polls runs (one at a time: a second would hand rows out twice). */
  let polling = false;
  let stopped = false;

  async function start(): Promise<void> {
    watermark = await committedSequence(db);
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
      const final = await committedSequence(db); // read first: every row up to it has committed
      while (watermark < final) {
        const rows = await ledgerAfter(db, watermark, PAGE, {}, final);
        watermark = rows.length < PAGE ? final : rows.at(-1)!.id;
        if (rows.length > 0) for (const listener of listeners) listener(rows);
      }
    } catch (error) {
      logger?.warn({ err: error }, 'ledger tail: reading the ledger failed; trying again');
    }
    schedule();
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
