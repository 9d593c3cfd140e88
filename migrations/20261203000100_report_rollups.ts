import type { Knex } from 'knex';

/**
 * SPEC §2.13's reports, kept by the sync (src/reports/report-rollups.ts): per game, currency and UTC
 * unit (a quarter hour, an hour, six hours, a day; `start` counts quarter hours from the epoch), the sums of the
 * ledger's moves (`report_rollups`) and the players with a confirmed round (`report_players`, one row
 * per player and unit). `report_rebuilds` holds the progress of `reports rebuild` (one row).
 * Amounts are DECIMAL(30, 0): a move may be up to 2^53 − 1, so a day's sum of them can pass BIGINT (an
 * overflow would refuse the batch, and the sync of its partition would stop); counts stay BIGINT. Only primary keys: the sync writes a row per player and unit, and every read names its games (a
 * summary its list). A ledger that existed before this migration is summed by `npm run cli -- reports rebuild`.
 */
const FIGURES = [
  'reserves_count', 'reserves_amount', 'bets_count', 'bets_amount', 'wins_amount', 'cancels_count', 'cancels_amount',
  'expiries_count', 'expiries_amount', 'topups_count', 'topups_amount', 'rewards_count', 'rewards_amount',
];

/**
 * Ids and currencies as bytes (their UTF-8), compared byte for byte as everywhere (SPEC §1.2), and
 * several times faster than the binary collation where reports count distinct players and group rows.
 */
const id = (column: string, chars: number) => `${column} VARBINARY(${chars * 4}) NOT NULL`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE report_rollups (
    ${id('game_id', 128)}, ${id('currency', 3)},
    unit TINYINT UNSIGNED NOT NULL, start INT NOT NULL,
    ${FIGURES.map((figure) => `${figure} ${figure.endsWith('_count') ? 'BIGINT' : 'DECIMAL(30, 0)'} NOT NULL DEFAULT 0`).join(', ')},
    PRIMARY KEY (game_id, unit, start, currency)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  await knex.raw(`CREATE TABLE report_players (
    ${id('game_id', 128)}, ${id('currency', 3)},
    unit TINYINT UNSIGNED NOT NULL, start INT NOT NULL, ${id('user_id', 128)},
    PRIMARY KEY (game_id, unit, start, currency, user_id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  await knex.raw(`CREATE TABLE report_rebuilds (
    id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
    run_id CHAR(16) NOT NULL,
    from_start INT NOT NULL, last_id BIGINT NOT NULL, next_id BIGINT NOT NULL,
    started_at DATETIME(3) NOT NULL, finished_at DATETIME(3) NULL
  ) ENGINE=InnoDB`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_rebuilds');
  await knex.schema.dropTable('report_players');
  await knex.schema.dropTable('report_rollups');
}
