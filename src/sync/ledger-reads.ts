/**
 * What other features may read of the MySQL ledger (ARCHITECTURE.md, layering 8): the management
 * API's balance history of one user-game and its balances at an instant. Writing it stays with the
 * sync's processor.
 */
export { findLedgerPosition, lastMovesAt, listUserGameLedger, type LedgerFilters, type LedgerRow } from './ledger-repository';
export { OUTBOX_KINDS as LEDGER_KINDS } from './outbox-event';
