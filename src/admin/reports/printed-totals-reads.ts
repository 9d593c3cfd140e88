import type { Knex } from 'knex';
import { ROLLUP_FIGURES } from '../../records/report-tables';
import { quarterOf } from '../../reports/report-periods';
import { rebuildUnderWay } from '../../reports/report-rebuild';
import { totalsOfLedger } from '../../reports/report-rollups';
import { EARLIEST_MS, LATEST_MS } from '../core/validation';
import { exactJson } from '../http/exact-json';
import { gameSums } from './reports-repository';
import { figuresOf } from './reports-service';

/** A game's all-time figure as the API prints it (REST's JSON) against the ledger's own sum. */
export interface PrintedMismatch {
  readonly gameId: string;
  readonly currency: string;
  readonly figure: string;
  readonly ledger: string;
  readonly printed: string;
}

const FIGURES = [...ROLLUP_FIGURES, 'ggr'] as const;

/**
 * Reconcile's check of what the reports print (SPEC §2.13, exact at any size): every game's all-time
 * figures per currency as the summary's JSON writes them, against the ledger's sums as MySQL gives
 * them (decimal text), in one snapshot (the sync writes the ledger and the rollups in one
 * transaction). A sum rounded on its way out (a double past 2^53) differs here even when the rollup
 * tables agree with the ledger. Games the API does not know by an integer id are left out; nothing is
 * checked while `reports rebuild` runs (checked: false).
 */
export async function checkPrintedTotals(db: Knex, limit = 20): Promise<{ checked: boolean; compared: number; mismatches: PrintedMismatch[]; mismatchCount: number }> {
  return db.transaction(async (trx) => {
    // Read in the snapshot: while a rebuild runs, the days it empties read low (report-rebuild.ts).
    if (await rebuildUnderWay(trx)) return { checked: false, compared: 0, mismatches: [], mismatchCount: 0 };
    const [ledgerRows] = (await trx.raw(totalsOfLedger())) as [Array<Record<string, string | number | Buffer>>];
    const ledger = ledgerRows.map((row) => ({ sums: row, game_id: String(row.game_id), currency: String(row.currency) }))
      .filter((row) => /^[1-9]\d{0,15}$/.test(row.game_id));
    const whole = [{ fromQuarter: quarterOf(EARLIEST_MS), toQuarter: quarterOf(LATEST_MS) }];
    const printed = new Map((await gameSums(trx, whole, [...new Set(ledger.map((row) => Number(row.game_id)))])).map((row) => [`${row.game_id}:${row.currency}`, exactJson(figuresOf(row, 0))]));
    const mismatches: PrintedMismatch[] = [];
    let mismatchCount = 0;
    for (const row of ledger) {
      const text = printed.get(`${row.game_id}:${row.currency}`) ?? '';
      const sums = Object.fromEntries(ROLLUP_FIGURES.map((figure) => [figure, BigInt(String(row.sums[figure]))]));
      const expected: Record<string, bigint> = { ...sums, ggr: sums.bets_amount! - sums.wins_amount! };
      for (const figure of FIGURES) {
        const shown = new RegExp(`"${figure}":(-?\\d+)[,}]`).exec(text)?.[1] ?? '(absent)';
        if (shown === String(expected[figure])) continue;
        mismatchCount += 1;
        if (mismatches.length < limit) mismatches.push({ gameId: row.game_id, currency: row.currency, figure, ledger: String(expected[figure]), printed: shown });
      }
    }
    return { checked: true, compared: ledger.length, mismatches, mismatchCount };
  }, { isolationLevel: 'repeatable read' });
}
