/**
 * What other features may read of the MySQL ledger (ARCHITECTURE.md, layering 8): the management
 * API's balance history of one user-game. Writing it stays with the sync's processor.
 */
export { listUserGameLedger, type LedgerRow } from './ledger-repository';
export { OUTBOX_KINDS as LEDGER_KINDS } from './outbox-event';
