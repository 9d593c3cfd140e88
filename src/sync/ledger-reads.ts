/**
 * What other features may read of the MySQL ledger (ARCHITECTURE.md, layering 8): the management
 * API's balance history of one user-game and its balances at an instant, and the gRPC role's
 * WatchLedger streams. Writing it stays with the sync's processor.
 */
export {
  committedSequence, findLedgerPosition, lastMovesAt, ledgerAfter, listUserGameLedger, netLossSince,
  type LedgerFilters, type LedgerRow, type LedgerStreamFilter, type LedgerStreamRow,
} from './ledger-repository';
export { OUTBOX_KINDS as LEDGER_KINDS } from './outbox-event';
