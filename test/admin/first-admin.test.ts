import test from 'ava';
import { verifyPassword } from '../../src/admin/auth/password-hasher';
import { ensureFirstAdmin } from '../../src/admin/users/first-admin';
import { findUserByEmail, updateUser } from '../../src/admin/users/users-repository';
import { createTestDatabase } from '../helpers/mysql';

test('the first admin is created from ADMIN_EMAIL / ADMIN_PASSWORD, then left alone, and promoted back if demoted', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(() => database.drop());
  const admin = { email: 'root@example.com', password: 'a long admin password' };
  t.is(await ensureFirstAdmin(database.db, admin), 'created');
  const row = (await findUserByEmail(database.db, admin.email))!;
  t.like(row, { username: 'root', role: 'admin' });
  t.true(Boolean(row.is_active));
  t.true(await verifyPassword(admin.password, row.password_hash));
  t.false(await verifyPassword('wrong password', row.password_hash));
  t.is(await ensureFirstAdmin(database.db, admin), 'unchanged');
  await updateUser(database.db, row.id, { role: 'user', is_active: false });
  t.is(await ensureFirstAdmin(database.db, { ...admin, password: 'another password' }), 'promoted');
  const after = (await findUserByEmail(database.db, admin.email))!;
  t.like(after, { role: 'admin' });
  t.true(await verifyPassword(admin.password, after.password_hash), 'the password is not changed');
});
