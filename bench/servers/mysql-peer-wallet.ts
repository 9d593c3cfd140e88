import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '../../src/errors';
import type { UnaryOperations } from '../../src/grpc/reservation-handlers';
import { checkCancel, checkConfirm, checkReserve } from '../../src/wallet/wallet-validation';
import type { BalanceReply, BalanceStatus } from '../../src/wallet/wallet-types';

/**
 * The obvious alternative a team would write: every operation one MySQL transaction that locks the
 * wallet row (SELECT … FOR UPDATE), with request_id idempotency in a table of its own.
 */
export async function createPeerSchema(db: Knex): Promise<void> {
  await db.raw(`CREATE TABLE IF NOT EXISTS peer_wallets (user_id VARCHAR(128) NOT NULL, game_id VARCHAR(128) NOT NULL,
    currency CHAR(3) NOT NULL, available BIGINT NOT NULL, reserved BIGINT NOT NULL, PRIMARY KEY (user_id, game_id, currency))`);
  await db.raw(`CREATE TABLE IF NOT EXISTS peer_transactions (transaction_id CHAR(36) PRIMARY KEY, user_id VARCHAR(128) NOT NULL,
    game_id VARCHAR(128) NOT NULL, currency CHAR(3) NOT NULL, round_id VARCHAR(128) NOT NULL, amount BIGINT NOT NULL,
    win_amount BIGINT NOT NULL DEFAULT 0, status VARCHAR(16) NOT NULL, reason VARCHAR(256) NULL, created_at DATETIME(3) NOT NULL)`);
  await db.raw('CREATE TABLE IF NOT EXISTS peer_requests (scope VARCHAR(400) PRIMARY KEY, reply TEXT NOT NULL)');
}

export async function fundPeerWallets(db: Knex, users: readonly string[], gameId: string, amount: number): Promise<void> {
  for (let i = 0; i < users.length; i += 1000) {
    await db('peer_wallets')
      .insert(users.slice(i, i + 1000).map((user) => ({ user_id: user, game_id: gameId, currency: 'EUR', available: amount, reserved: 0 })))
      .onConflict(['user_id', 'game_id', 'currency']).merge(['available', 'reserved']);
  }
}

export function createMysqlPeerWallet(db: Knex): UnaryOperations {
  async function once(trx: Knex.Transaction, scope: string, work: () => Promise<BalanceReply>): Promise<BalanceReply> {
    const seen = await trx('peer_requests').where({ scope }).first('reply');
    if (seen) return { ...(JSON.parse(seen.reply) as BalanceReply), replayed: true };
    const reply = await work();
    await trx('peer_requests').insert({ scope, reply: JSON.stringify(reply) });
    return reply;
  }

  async function lockedWallet(trx: Knex.Transaction, userId: string, gameId: string, currency: string) {
    const wallet = await trx('peer_wallets').where({ user_id: userId, game_id: gameId, currency }).forUpdate().first('available', 'reserved');
    return { available: Number(wallet?.available ?? 0), reserved: Number(wallet?.reserved ?? 0) };
  }

  async function settle(transactionId: string, requestId: string, kind: 'confirm' | 'cancel', win: number, reason: string) {
    return db.transaction((trx) =>
      once(trx, `${kind}:${transactionId}:${requestId}`, async () => {
        const tx = await trx('peer_transactions').where({ transaction_id: transactionId }).forUpdate().first();
        if (!tx) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
        const wallet = await lockedWallet(trx, tx.user_id, tx.game_id, tx.currency);
        const done = kind === 'confirm' ? 'confirmed' : 'canceled';
        if (tx.status === done) return reply(transactionId, `already_${done}`, wallet);
        if (tx.status !== 'reserved') throw new AppError('FAILED_PRECONDITION', `transaction ${transactionId} is ${tx.status}`);
        const amount = Number(tx.amount);
        const after = { available: wallet.available + (kind === 'confirm' ? win : amount), reserved: wallet.reserved - amount };
        await trx('peer_wallets').where({ user_id: tx.user_id, game_id: tx.game_id, currency: tx.currency }).update(after);
        await trx('peer_transactions').where({ transaction_id: transactionId }).update({ status: done, win_amount: win, reason });
        return reply(transactionId, done, after);
      }),
    );
  }

  return {
    async reserve(raw) {
      const input = checkReserve(raw);
      return db.transaction((trx) =>
        once(trx, `reserve:${input.userId}:${input.gameId}:${input.requestId}`, async () => {
          const wallet = await lockedWallet(trx, input.userId, input.gameId, input.currency);
          const amount = Number(input.amount);
          if (wallet.available < amount) return reply('', 'rejected', wallet);
          const after = { available: wallet.available - amount, reserved: wallet.reserved + amount };
          await trx('peer_wallets').where({ user_id: input.userId, game_id: input.gameId, currency: input.currency }).update(after);
          const transactionId = randomUUID();
          await trx('peer_transactions').insert({
            transaction_id: transactionId, user_id: input.userId, game_id: input.gameId, currency: input.currency,
            round_id: input.roundId, amount, status: 'reserved', created_at: new Date(),
          });
          return reply(transactionId, 'reserved', after);
        }),
      );
    },
    async confirm(raw) {
      const input = checkConfirm(raw);
      return settle(input.transactionId, input.requestId, 'confirm', Number(input.winAmount), '');
    },
    async cancel(raw) {
      const input = checkCancel(raw);
      return settle(input.transactionId, input.requestId, 'cancel', 0, input.reason);
    },
    async getTransaction(transactionId) {
      const tx = await db('peer_transactions').where({ transaction_id: transactionId }).first();
      if (!tx) throw new AppError('NOT_FOUND', `transaction ${transactionId} not found`);
      return {
        transactionId, userId: tx.user_id, gameId: tx.game_id, currency: tx.currency, roundId: tx.round_id,
        amount: String(tx.amount), winAmount: String(tx.win_amount), status: tx.status,
      };
    },
  };
}

function reply(transactionId: string, status: BalanceStatus, wallet: { available: number; reserved: number }): BalanceReply {
  return { transactionId, status, availableBalance: String(wallet.available), reservedBalance: String(wallet.reserved), replayed: false };
}
