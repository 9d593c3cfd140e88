import type { Knex } from 'knex';
import type { ArchivedTransaction, TransactionArchive } from '../wallet/wallet-types';
import { LEDGER_TABLE, TRANSACTIONS_TABLE, type LedgerEntryRow, type TransactionRow } from '../records/ledger-tables';

/** A transaction with the ledger move that settled it (settle_*: null while none has). */
type ArchiveRow = Pick<TransactionRow, 'transaction_id' | 'user_id' | 'game_id' | 'currency' | 'round_id' | 'amount' | 'win_amount' | 'status'> & {
  settle_kind: Extract<LedgerEntryRow['kind'], 'confirm' | 'cancel' | 'expire'> | null;
  settle_request_id: string | null;
  settle_request_round_id: string | null;
  settle_comment: string | null;
  settle_available: number | null;
  settle_reserved: number | null;
  settle_at: Date | null;
};

/** Transactions as MySQL holds them, with the move that settled each (for request_id replays). */
export function createTransactionArchive(db: Knex): TransactionArchive {
  async function findMany(transactionIds: readonly string[]): Promise<Map<string, ArchivedTransaction>> {
    if (transactionIds.length === 0) return new Map();
    const rows = (await db(`${TRANSACTIONS_TABLE} as t`)
      .leftJoin(`${LEDGER_TABLE} as l`, function joinSettlement() {
        this.on('l.transaction_id', 't.transaction_id').andOnIn('l.kind', ['confirm', 'cancel', 'expire']);
      })
      .whereIn('t.transaction_id', [...new Set(transactionIds)])
      .select(
        't.transaction_id', 't.user_id', 't.game_id', 't.currency', 't.round_id', 't.amount', 't.win_amount', 't.status',
        'l.kind as settle_kind', 'l.request_id as settle_request_id', 'l.request_round_id as settle_request_round_id',
        'l.comment as settle_comment',
        'l.available_balance as settle_available', 'l.reserved_balance as settle_reserved', 'l.created_at as settle_at',
      )) as ArchiveRow[];
    return new Map(rows.map((row) => [row.transaction_id, toArchived(row)]));
  }
  return {
    findMany,
    async find(transactionId) {
      return (await findMany([transactionId])).get(transactionId) ?? null;
    },
  };
}

function toArchived(row: ArchiveRow): ArchivedTransaction {
  return {
    transactionId: row.transaction_id,
    userId: row.user_id,
    gameId: row.game_id,
    currency: row.currency,
    roundId: row.round_id,
    amount: String(row.amount),
    winAmount: String(row.win_amount),
    status: row.status,
    settledBy: row.settle_kind
      ? {
          kind: row.settle_kind,
          requestId: row.settle_request_id ?? '',
          requestRoundId: row.settle_request_round_id,
          winAmount: String(row.win_amount),
          reason: row.settle_comment ?? '',
          availableBalance: String(row.settle_available),
          reservedBalance: String(row.settle_reserved),
          atMs: row.settle_at?.getTime() ?? 0,
        }
      : null,
  };
}
