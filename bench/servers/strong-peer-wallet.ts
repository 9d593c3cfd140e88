import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import { createPool, type Pool, type RowDataPacket } from 'mysql2/promise';
import { AppError } from '../../src/errors';
import type { UnaryOperations } from '../../src/grpc/reservation-handlers';
import { checkCancel, checkConfirm, checkReserve } from '../../src/wallet/wallet-validation';
import type { BalanceReply, BalanceStatus } from '../../src/wallet/wallet-types';

/**
 * The strongest single-node MySQL design we could write: each operation is one round trip, a
 * prepared `CALL` of a stored procedure that runs one short transaction on the server. Idempotency
 * rides on a unique key inserted first (a racing duplicate waits for the first to commit, then
 * replays it); the balance moves with one conditional UPDATE. Durable like the engine with AOF
 * always: innodb_flush_log_at_trx_commit=1, group commit on.
 */
const PROCEDURES = [
  `CREATE TABLE IF NOT EXISTS strong_wallets (user_id VARCHAR(128) NOT NULL, game_id VARCHAR(128) NOT NULL, currency CHAR(3) NOT NULL,
    available BIGINT NOT NULL, reserved BIGINT NOT NULL, PRIMARY KEY (user_id, game_id, currency))`,
  `CREATE TABLE IF NOT EXISTS strong_transactions (transaction_id CHAR(36) PRIMARY KEY, user_id VARCHAR(128) NOT NULL,
    game_id VARCHAR(128) NOT NULL, currency CHAR(3) NOT NULL, round_id VARCHAR(128) NOT NULL, amount BIGINT NOT NULL,
    win_amount BIGINT NOT NULL DEFAULT 0, status VARCHAR(16) NOT NULL, reason VARCHAR(256) NULL, request_id VARCHAR(128) NOT NULL,
    available_after BIGINT NULL, reserved_after BIGINT NULL, created_at DATETIME(3) NOT NULL,
    UNIQUE KEY strong_reserve_request (user_id, game_id, request_id))`,
  `CREATE TABLE IF NOT EXISTS strong_settlements (transaction_id CHAR(36) NOT NULL, kind VARCHAR(8) NOT NULL, request_id VARCHAR(128) NOT NULL,
    status VARCHAR(24) NULL, round_id VARCHAR(128) NOT NULL, win_amount BIGINT NOT NULL, reason VARCHAR(256) NOT NULL,
    available_after BIGINT NULL, reserved_after BIGINT NULL, PRIMARY KEY (transaction_id, kind, request_id))`,
  'DROP PROCEDURE IF EXISTS strong_reserve',
  `CREATE PROCEDURE strong_reserve(IN p_user VARCHAR(128), IN p_game VARCHAR(128), IN p_cur CHAR(3), IN p_request VARCHAR(128),
    IN p_round VARCHAR(128), IN p_amount BIGINT, IN p_tx CHAR(36))
  BEGIN
    DECLARE v_dup INT DEFAULT 0;
    DECLARE v_moved INT DEFAULT 0;
    DECLARE v_a BIGINT DEFAULT 0;
    DECLARE v_r BIGINT DEFAULT 0;
    DECLARE CONTINUE HANDLER FOR 1062 SET v_dup = 1;
    START TRANSACTION;
    INSERT INTO strong_transactions (transaction_id, user_id, game_id, currency, round_id, amount, status, request_id, created_at)
      VALUES (p_tx, p_user, p_game, p_cur, p_round, p_amount, 'pending', p_request, NOW(3));
    IF v_dup = 1 THEN
      ROLLBACK;
      SELECT 'REPLAY' AS code, IF(status = 'rejected', 'rejected', 'reserved') AS status, IF(status = 'rejected', '', transaction_id) AS tx,
        available_after AS a, reserved_after AS r, round_id, amount, currency
        FROM strong_transactions WHERE user_id = p_user AND game_id = p_game AND request_id = p_request;
    ELSE
      UPDATE strong_wallets SET available = available - p_amount, reserved = reserved + p_amount
        WHERE user_id = p_user AND game_id = p_game AND currency = p_cur AND available >= p_amount;
      SET v_moved = ROW_COUNT();
      SELECT available, reserved INTO v_a, v_r FROM strong_wallets WHERE user_id = p_user AND game_id = p_game AND currency = p_cur;
      UPDATE strong_transactions SET status = IF(v_moved = 1, 'reserved', 'rejected'), available_after = v_a, reserved_after = v_r
        WHERE transaction_id = p_tx;
      COMMIT;
      SELECT 'OK' AS code, IF(v_moved = 1, 'reserved', 'rejected') AS status, IF(v_moved = 1, p_tx, '') AS tx, v_a AS a, v_r AS r;
    END IF;
  END`,
  'DROP PROCEDURE IF EXISTS strong_settle',
  `CREATE PROCEDURE strong_settle(IN p_kind VARCHAR(8), IN p_tx CHAR(36), IN p_request VARCHAR(128), IN p_round VARCHAR(128),
    IN p_win BIGINT, IN p_reason VARCHAR(256))
  BEGIN
    DECLARE v_dup INT DEFAULT 0;
    DECLARE v_status VARCHAR(16) DEFAULT NULL;
    DECLARE v_user VARCHAR(128);
    DECLARE v_game VARCHAR(128);
    DECLARE v_cur CHAR(3);
    DECLARE v_round VARCHAR(128);
    DECLARE v_amount BIGINT;
    DECLARE v_a BIGINT;
    DECLARE v_r BIGINT;
    DECLARE v_done VARCHAR(16) DEFAULT IF(p_kind = 'confirm', 'confirmed', 'canceled');
    DECLARE CONTINUE HANDLER FOR 1062 SET v_dup = 1;
    DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_status = NULL;
    START TRANSACTION;
    INSERT INTO strong_settlements (transaction_id, kind, request_id, round_id, win_amount, reason) VALUES (p_tx, p_kind, p_request, p_round, p_win, p_reason);
    IF v_dup = 1 THEN
      ROLLBACK;
      SELECT IF(round_id = p_round AND win_amount = p_win AND reason = p_reason, 'REPLAY', 'CONFLICT') AS code, status, p_tx AS tx,
        available_after AS a, reserved_after AS r FROM strong_settlements WHERE transaction_id = p_tx AND kind = p_kind AND request_id = p_request;
    ELSE
      SELECT status, user_id, game_id, currency, round_id, amount INTO v_status, v_user, v_game, v_cur, v_round, v_amount
        FROM strong_transactions WHERE transaction_id = p_tx FOR UPDATE;
      IF v_status IS NULL OR v_status = 'rejected' THEN
        ROLLBACK; SELECT 'NOT_FOUND' AS code;
      ELSEIF p_kind = 'confirm' AND p_round <> '' AND p_round <> v_round THEN
        ROLLBACK; SELECT 'ROUND_MISMATCH' AS code;
      ELSEIF v_status <> 'reserved' AND v_status <> v_done THEN
        ROLLBACK; SELECT UPPER(v_status) AS code;
      ELSEIF v_status = v_done THEN
        SELECT available, reserved INTO v_a, v_r FROM strong_wallets WHERE user_id = v_user AND game_id = v_game AND currency = v_cur;
        UPDATE strong_settlements SET status = CONCAT('already_', v_done), available_after = v_a, reserved_after = v_r
          WHERE transaction_id = p_tx AND kind = p_kind AND request_id = p_request;
        COMMIT; SELECT 'OK' AS code, CONCAT('already_', v_done) AS status, p_tx AS tx, v_a AS a, v_r AS r;
      ELSE
        UPDATE strong_wallets SET available = available + IF(p_kind = 'confirm', p_win, v_amount), reserved = reserved - v_amount
          WHERE user_id = v_user AND game_id = v_game AND currency = v_cur;
        SELECT available, reserved INTO v_a, v_r FROM strong_wallets WHERE user_id = v_user AND game_id = v_game AND currency = v_cur;
        UPDATE strong_transactions SET status = v_done, win_amount = IF(p_kind = 'confirm', p_win, 0), reason = IF(p_kind = 'cancel', p_reason, NULL)
          WHERE transaction_id = p_tx;
        UPDATE strong_settlements SET status = v_done, available_after = v_a, reserved_after = v_r
          WHERE transaction_id = p_tx AND kind = p_kind AND request_id = p_request;
        COMMIT; SELECT 'OK' AS code, v_done AS status, p_tx AS tx, v_a AS a, v_r AS r;
      END IF;
    END IF;
  END`,
];

export async function createStrongPeerSchema(db: Knex): Promise<void> {
  for (const statement of PROCEDURES) await db.raw(statement);
}

export async function fundStrongPeerWallets(db: Knex, users: readonly string[], gameId: string, amount: number): Promise<void> {
  for (let i = 0; i < users.length; i += 1000) {
    await db('strong_wallets')
      .insert(users.slice(i, i + 1000).map((user) => ({ user_id: user, game_id: gameId, currency: 'EUR', available: amount, reserved: 0 })))
      .onConflict(['user_id', 'game_id', 'currency']).merge(['available', 'reserved']);
  }
}

/** Connections: a pool sized to the cores unless MYSQL_PEER_POOL says otherwise (`npm run bench` sweeps it). */
export function createStrongPeerPool(mysqlUrl: string): Pool {
  return createPool({ uri: mysqlUrl, connectionLimit: Number(process.env.MYSQL_PEER_POOL ?? os.cpus().length), supportBigNumbers: true, bigNumberStrings: true });
}

type Row = RowDataPacket & { code: string; status: string; tx: string; a: string | null; r: string | null; round_id?: string; amount?: string; currency?: string };

export function createStrongPeerWallet(pool: Pool): UnaryOperations {
  async function call(sql: string, args: string[]): Promise<Row> {
    const [sets] = await pool.execute<RowDataPacket[][]>(sql, args);
    return sets[0]![0] as Row;
  }
  const reply = (row: Row): BalanceReply => ({
    transactionId: row.tx, status: row.status as BalanceStatus, availableBalance: String(row.a ?? 0), reservedBalance: String(row.r ?? 0), replayed: row.code === 'REPLAY',
  });
  async function settle(kind: 'confirm' | 'cancel', transactionId: string, requestId: string, roundId: string, win: string, reason: string) {
    const row = await call('CALL strong_settle(?, ?, ?, ?, ?, ?)', [kind, transactionId, requestId, roundId, win, reason]);
    if (row.code === 'OK' || row.code === 'REPLAY') return reply(row);
    if (row.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
    if (row.code === 'CONFLICT') throw new AppError('ALREADY_EXISTS', `request_id ${requestId} was already used with different fields`);
    throw new AppError('FAILED_PRECONDITION', `transaction ${transactionId}: ${row.code.toLowerCase()}`);
  }
  return {
    async reserve(raw) {
      const input = checkReserve(raw);
      const row = await call('CALL strong_reserve(?, ?, ?, ?, ?, ?, ?)', [
        input.userId, input.gameId, input.currency, input.requestId, input.roundId, input.amount, randomUUID(),
      ]);
      if (row.code === 'REPLAY' && (row.round_id !== input.roundId || String(row.amount) !== input.amount || row.currency !== input.currency)) {
        throw new AppError('ALREADY_EXISTS', `request_id ${input.requestId} was already used with different fields`);
      }
      return reply(row);
    },
    async confirm(raw) {
      const input = checkConfirm(raw);
      return settle('confirm', input.transactionId, input.requestId, input.roundId, input.winAmount, '');
    },
    async cancel(raw) {
      const input = checkCancel(raw);
      return settle('cancel', input.transactionId, input.requestId, '', '0', input.reason);
    },
    async getTransaction(transactionId) {
      const [rows] = await pool.execute<RowDataPacket[]>('SELECT * FROM strong_transactions WHERE transaction_id = ? AND status <> ?', [transactionId, 'rejected']);
      const tx = rows[0];
      if (!tx) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
      return {
        transactionId, userId: tx.user_id, gameId: tx.game_id, currency: tx.currency, roundId: tx.round_id,
        amount: String(tx.amount), winAmount: String(tx.win_amount), status: tx.status,
      };
    },
  };
}
