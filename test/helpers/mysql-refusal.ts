import type { SyncHarness } from './sync';

/**
 * MySQL refuses every ledger insert (a trigger that raises), so each batch fails at once, as in an
 * outage, but in the test's own database only and without waiting for connection timeouts.
 */
export async function refuseLedgerWrites(sync: Pick<SyncHarness, 'database'>): Promise<void> {
  await sync.database.db.raw(
    "CREATE TRIGGER refuse_ledger BEFORE INSERT ON ledger_entries FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'",
  );
}

export async function acceptLedgerWrites(sync: Pick<SyncHarness, 'database'>): Promise<void> {
  await sync.database.db.raw('DROP TRIGGER IF EXISTS refuse_ledger');
}
