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

/** A move's effect on one balance: so many times its amount plus so many times its win. */
export interface MoveTerms {
  readonly amount: -1 | 0 | 1;
  readonly win: 0 | 1;
}

/**
 * What each kind of move does to a wallet's (available, reserved) balances (SPEC §1.2's table, and
 * §2.14's close, which takes the available balance out): restore sums a wallet's moves by it, and
 * reconcile compares Redis with the same sums in SQL.
 */
export const MOVE_EFFECTS: Readonly<Record<OutboxKind, { readonly available: MoveTerms; readonly reserved: MoveTerms }>> = {
  topup: { available: { amount: 1, win: 0 }, reserved: { amount: 0, win: 0 } },
  reserve: { available: { amount: -1, win: 0 }, reserved: { amount: 1, win: 0 } },
  confirm: { available: { amount: 0, win: 1 }, reserved: { amount: -1, win: 0 } },
  cancel: { available: { amount: 1, win: 0 }, reserved: { amount: -1, win: 0 } },
  expire: { available: { amount: 1, win: 0 }, reserved: { amount: -1, win: 0 } },
  close: { available: { amount: -1, win: 0 }, reserved: { amount: 0, win: 0 } },
};

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
