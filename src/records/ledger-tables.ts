import type { OutboxKind } from '../redis/shared-layouts';
import type { TransactionStatus } from '../redis/shared-codes';

/**
 * The MySQL ledger's tables, each declared here once (its name and one row type): the sync writes
 * them (src/sync/ledger-repository.ts), and the management API, the gRPC role's WatchLedger, restore,
 * reconcile and the period payouts read them (ledger-reads.ts, or a Pick of these rows). Money columns
 * are BIGINT, handed over as numbers: the engine keeps every amount and balance below 2^53
 * (src/db/knex-factory.ts).
 */
export const LEDGER_TABLE = 'ledger_entries';
/** One row (id 1): the last WatchLedger sequence handed out. */
export const LEDGER_SEQUENCE_TABLE = 'ledger_sequence';
export const TRANSACTIONS_TABLE = 'transactions';

/**
 * The Idempotency-Key prefix of a period reward's top-up (`lb-payout-<payout id>`, SPEC §2.12): the
 * ledger keeps the key, so reports tell rewards from other top-ups by it. Callers of the API and the
 * top-up command cannot use it (400 naming Idempotency-Key).
 */
export const REWARD_KEY_PREFIX = 'lb-payout-';

/** A ledger row: one balance move, as the sync wrote it from an outbox entry. */
export interface LedgerEntryRow {
  id: number;
  /** Its WatchLedger sequence (SPEC §1.11), in commit order. */
  seq: number;
  event_id: string;
  /** Its outbox entry's id, `<stream_ms>-<stream_seq>`, then its place among the entry's moves: the wallet's order of moves. */
  stream_ms: number;
  stream_seq: number;
  stream_sub: number;
  kind: OutboxKind;
  user_id: string;
  game_id: string;
  currency: string;
  amount: number;
  win_amount: number;
  available_balance: number;
  reserved_balance: number;
  transaction_id: string | null;
  round_id: string | null;
  request_id: string | null;
  /** The round_id a Confirm gave (maybe ''). */
  request_round_id: string | null;
  topup_id: number | null;
  comment: string | null;
  created_at: Date;
}

/** A transaction as MySQL keeps it: one row, moved forward by its reserve and its settlement. */
export interface TransactionRow {
  transaction_id: string;
  user_id: string;
  game_id: string;
  currency: string;
  round_id: string;
  amount: number;
  win_amount: number;
  status: TransactionStatus;
  reason: string | null;
  reserve_request_id: string | null;
  created_at: Date;
  settled_at: Date | null;
}
