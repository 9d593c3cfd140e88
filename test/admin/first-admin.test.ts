import test from 'ava';
import { createUnitOfWork } from '../../src/admin/unit-of-work';
import { createAuditLog } from '../../src/admin/audit/audit-service';
import { verifyPassword } from '../../src/admin/auth/password-hasher';
import { createOrPromoteAdmin, ensureStartupAdmin } from '../../src/admin/users/first-admin';
import { findUserByEmail, insertUser, updateUser } from '../../src/admin/users/users-repository';
import { createLogger } from '../../src/logging/logger';
import { createTestDatabase } from '../helpers/mysql';

const silent = createLogger('silent');

test('the create-admin command creates the admin of ADMIN_EMAIL / ADMIN_PASSWORD, then leaves it, and promotes it back if demoted', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(() => database.drop());
  const admin = { email: 'Root@Example.com ', password: 'a long admin password' };
  t.is(await createOrPromoteAdmin(database.db, admin), 'created');
  const row = (await findUserByEmail(database.db, 'root@example.com'))!;
  t.like(row, { username: 'root', role: 'admin', email: 'root@example.com' });
  t.true(Boolean(row.is_active));
  t.true(await verifyPassword(admin.password, row.password_hash));
  t.false(await verifyPassword('wrong password', row.password_hash));
  t.is(await createOrPromoteAdmin(database.db, admin), 'unchanged');
  await updateUser(database.db, row.id, { role: 'user', is_active: false });
  t.is(await createOrPromoteAdmin(database.db, { ...admin, password: 'another password' }), 'promoted');
  const after = (await findUserByEmail(database.db, 'root@example.com'))!;
  t.like(after, { role: 'admin' });
  t.true(await verifyPassword(admin.password, after.password_hash), 'the password is not changed');

  // SPEC §2.11: the command's writes are audited with no actor, the hash never shown; "unchanged" writes nothing.
  const entries = await createAuditLog(createUnitOfWork(database.db, [])).list({ target_type: 'user', target_id: String(row.id) }, { limit: 10, offset: 0 });
  t.deepEqual(entries.map((e) => [e.action, e.actor_user_id]), [['user.update', null], ['user.create', null]]);
  t.like(entries[0]!.changes, { role: ['user', 'admin'] });
  t.like(entries[1]!.changes, { email: [null, 'root@example.com'], role: [null, 'admin'] });
  t.notRegex(JSON.stringify(entries), /scrypt|another password|a long admin password/);
});

test('start-up creates the ADMIN_EMAIL admin only when no account holds that email, and never promotes an existing one', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(() => database.drop());
  const admin = { email: 'boss@example.com', password: 'a long admin password' };
  // Someone registered the address first, with a password of their own.
  const squatter = await insertUser(database.db, { email: admin.email, username: 'squatter', password_hash: 'scrypt$x', role: 'user' });
  await updateUser(database.db, squatter, { is_active: false });

  const lines: string[] = [];
  const logger = createLogger('info', {}, { write: (line: string) => lines.push(line) });
  t.is(await ensureStartupAdmin(database.db, admin, logger), 'not_admin');
  t.like(await findUserByEmail(database.db, admin.email), { role: 'user', is_active: 0, password_hash: 'scrypt$x' });
  t.regex(lines.join(''), /"level":"error".*"email":"boss@example.com".*does not promote it/);

  await database.db('users').where({ id: squatter }).delete();
  t.is(await ensureStartupAdmin(database.db, admin, silent), 'created');
  t.is(await ensureStartupAdmin(database.db, admin, silent), 'unchanged');
});
