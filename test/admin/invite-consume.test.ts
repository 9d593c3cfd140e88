import test from 'ava';
import { consumeInvite, insertInvite } from '../../src/admin/invites/invites-repository';
import { createKnex } from '../../src/db/knex-factory';
import { AppError } from '../../src/errors';
import { waitUntil } from '../../src/local-services/process-tools';
import { createTestDatabase, lockWaits } from '../helpers/mysql';

// SPEC §2.2: uses are counted atomically. The consume step raced directly (registration's password
// hashing would space the racers out): one transaction holds a use uncommitted while nine more read
// the invite; once it commits, exactly two of the nine get the remaining uses of three.
test('ten transactions consuming an invite of 3 uses at once: exactly 3 succeed', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  const db = createKnex(database.url, { min: 0, max: 12 });
  t.teardown(async () => {
    await db.destroy();
    await database.drop();
  });
  const code = 'race-invite-0123456789abcdef';
  await insertInvite(db, { code, role: 'user', max_uses: 3, expires_at: null, created_by: null });
  const consume = () => db.transaction((trx) => consumeInvite(trx, code, new Date())).then(() => 'used', (error: unknown) => {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return 'refused';
    throw error;
  });

  const first = await db.transaction();
  await consumeInvite(first, code, new Date());
  const racers = Array.from({ length: 9 }, consume);
  // Every racer has reached the invite's row and waits on the first one's lock.
  await waitUntil('nine transactions waiting on the invite row', async () => (await lockWaits(db, database.name)) === 9, 10_000);
  await first.commit();

  const outcomes = await Promise.all(racers);
  t.is(outcomes.filter((outcome) => outcome === 'used').length, 2);
  t.is(outcomes.filter((outcome) => outcome === 'refused').length, 7);
  t.is((await db('invites').where({ code }).first()).uses, 3);
});
