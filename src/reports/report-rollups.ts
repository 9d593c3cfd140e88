import type { Knex } from 'knex';
import { LEDGER_TABLE, REWARD_KEY_PREFIX } from '../records/ledger-tables';
import { QUARTER_MS, REPORT_PLAYERS_TABLE, REPORT_ROLLUPS_TABLE, REPORT_UNITS, ROLLUP_FIGURES, type RollupFigure } from '../records/report-tables';
import { INCOMING } from '../db/upsert';

/** A ledger row's quarter hour from the epoch (created_at is UTC: db/knex-factory.ts; plain DATETIME arithmetic, no session zone). */
const QUARTER_OF_MOVE = `FLOOR(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', created_at) / ${QUARTER_MS * 1000})`;
const IS_REWARD = `(kind = 'topup' AND COALESCE(request_id, '') LIKE '${REWARD_KEY_PREFIX}%')`;

/** Each figure as the sum over a group of moves (SPEC §2.13: a bet is a confirmed reservation's amount). */
const FIGURE_SUMS: Readonly<Record<RollupFigure, string>> = {
  reserves_count: `kind = 'reserve'`,
  reserves_amount: `IF(kind = 'reserve', amount, 0)`,
  bets_count: `kind = 'confirm'`,
  bets_amount: `IF(kind = 'confirm', amount, 0)`,
  wins_amount: `IF(kind = 'confirm', win_amount, 0)`,
  cancels_count: `kind = 'cancel'`,
  cancels_amount: `IF(kind = 'cancel', amount, 0)`,
  expiries_count: `kind = 'expire'`,
  expiries_amount: `IF(kind = 'expire', amount, 0)`,
  topups_count: `kind = 'topup' AND NOT ${IS_REWARD}`,
  topups_amount: `IF(kind = 'topup' AND NOT ${IS_REWARD}, amount, 0)`,
  rewards_count: IS_REWARD,
  rewards_amount: `IF(${IS_REWARD}, amount, 0)`,
};

const UNITS_TABLE = REPORT_UNITS.map(({ unit, quarters }, i) => (i === 0 ? `SELECT ${unit} AS unit, ${quarters} AS quarters` : `SELECT ${unit}, ${quarters}`)).join(' UNION ALL ');

/** Ledger rows chosen by a condition on `ledger_entries` (`seq BETWEEN ? AND ?`, `id BETWEEN ? AND ?`), with their bindings. */
export interface MoveSelection {
  readonly where: string;
  readonly bindings: readonly Knex.RawBinding[];
}

const movesOf = (selection: MoveSelection, columns: string) =>
  `(SELECT ${columns}, ${QUARTER_OF_MOVE} AS q FROM ${LEDGER_TABLE} WHERE ${selection.where}) AS moves CROSS JOIN (${UNITS_TABLE}) AS units`;

/** The rollup rows of the selected moves, in every unit: `SELECT game_id, currency, unit, start, …figures` (grouped, not ordered). */
export function rollupsOfMoves(selection: MoveSelection): [string, readonly Knex.RawBinding[]] {
  const figures = ROLLUP_FIGURES.map((figure) => `CAST(SUM(${FIGURE_SUMS[figure]}) AS SIGNED) AS ${figure}`).join(', ');
  return [`SELECT game_id, currency, units.unit AS unit, FLOOR(q / units.quarters) * units.quarters AS start, ${figures}
    FROM ${movesOf(selection, 'game_id, currency, kind, amount, win_amount, request_id')}
    GROUP BY game_id, currency, units.unit, start`, selection.bindings];
}

/** The players rows of the selected moves: one per (game, currency, unit, start, user) with a confirmed round. */
export function playersOfMoves(selection: MoveSelection): [string, readonly Knex.RawBinding[]] {
  return [`SELECT DISTINCT game_id, currency, units.unit AS unit, FLOOR(q / units.quarters) * units.quarters AS start, user_id
    FROM ${movesOf({ where: `(${selection.where}) AND kind = 'confirm'`, bindings: selection.bindings }, 'game_id, currency, user_id')}`, selection.bindings];
}

const ADD_FIGURES = ROLLUP_FIGURES.map((figure) => `${figure} = ${REPORT_ROLLUPS_TABLE}.${figure} + ${INCOMING}.${figure}`).join(', ');

/**
 * Adds the selected ledger rows to the rollups (SPEC §2.13), in the caller's transaction: the sync
 * gives the rows its batch has just inserted (their sequences: a repeated event kept its old row and
 * sequence, so it is not added twice), `reports rebuild` a range of ids. Two statements, each reading
 * only the selected rows.
 */
export async function addMovesToRollups(trx: Knex, selection: MoveSelection): Promise<void> {
  const [rollups, bindings] = rollupsOfMoves(selection);
  await trx.raw(`INSERT INTO ${REPORT_ROLLUPS_TABLE} (game_id, currency, unit, start, ${ROLLUP_FIGURES.join(', ')})
    SELECT * FROM (${rollups}) AS ${INCOMING} ON DUPLICATE KEY UPDATE ${ADD_FIGURES}`, [...bindings]);
  const [players, playerBindings] = playersOfMoves(selection);
  await trx.raw(`INSERT INTO ${REPORT_PLAYERS_TABLE} (game_id, currency, unit, start, user_id)
    SELECT * FROM (${players}) AS ${INCOMING} ON DUPLICATE KEY UPDATE user_id = ${REPORT_PLAYERS_TABLE}.user_id`, [...playerBindings]);
}
