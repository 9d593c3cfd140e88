import type { Knex } from 'knex';

/**
 * SPEC §1.11: a wallet's first loss limit counts the losses made before it, and fails closed until the
 * ledger holds them. The service finishes that count by itself: a wallet whose first limits may wait
 * for the ledger is noted here before Redis makes its record, and the worker role finishes each noted
 * count once the sync has written the moves it waits for (src/admin/wallet-controls/limit-seeds.ts).
 * Engine ids as bytes, compared byte for byte (SPEC §1.2).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE wallet_limit_seeds (
    user_id VARBINARY(512) NOT NULL, game_id VARBINARY(512) NOT NULL, currency VARBINARY(12) NOT NULL,
    noted_at DATETIME(3) NOT NULL,
    PRIMARY KEY (user_id, game_id, currency),
    KEY wallet_limit_seeds_noted (noted_at)
  ) ENGINE=InnoDB`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wallet_limit_seeds');
}
