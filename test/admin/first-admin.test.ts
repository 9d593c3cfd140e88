import test, { type ExecutionContext } from 'ava';
import { createAdminStore } from '../../src/admin/admin-store';
import { createAuditLog } from '../../src/admin/audit/audit-service';
import { verifyPassword } from '../../src/admin/auth/password-hasher';
import { createFirstAdminService } from '../../src/admin/users/first-admin';
import { findUserByEmail, insertUser, updateUser } from '../../src/admin/users/users-repository';
import { createLogger } from '../../src/logging/logger';
import { createTestApi } from '../helpers/api';
import { createTestDatabase, type TestDatabase } from '../helpers/mysql';
import { createTestRedis } from '../helpers/redis';
import { until } from '../helpers/until';

const silent = createLogger('silent');

/** The admin store an operator command builds (admin-store.ts), over this database and a Redis prefix of its own. */
async function commandStore(t: ExecutionContext, database: TestDatabase) {
  const redis = await createTestRedis();
  const admin = createAdminStore({ db: database.db, adminRedis: redis.redis });
  t.teardown(async () => {
    admin.close();
    await redis.cleanup();
  });
  return admin.store;
}

test('the create-admin command creates the admin of ADMIN_EMAIL / ADMIN_PASSWORD, then leaves it, and promotes it back if demoted', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(() => database.drop());
  const store = await commandStore(t, database);
  const { createOrPromote } = createFirstAdminService(store);
  const admin = { email: 'Root@Example.com ', password: 'a long admin password' };
  t.is(await createOrPromote(admin), 'created');
  const row = (await findUserByEmail(database.db, 'root@example.com'))!;
  t.like(row, { username: 'root', role: 'admin', email: 'root@example.com' });
  t.true(Boolean(row.is_active));
  t.true(await verifyPassword(admin.password, row.password_hash));
  t.false(await verifyPassword('wrong password', row.password_hash));
  t.is(await createOrPromote(admin), 'unchanged');
  await updateUser(database.db, row.id, { role: 'user', is_active: false });
  t.is(await createOrPromote({ ...admin, password: 'another password' }), 'promoted');
  const after = (await findUserByEmail(database.db, 'root@example.com'))!;
  t.like(after, { role: 'admin' });
  t.true(await verifyPassword(admin.password, after.password_hash), 'the password is not changed');

  // SPEC §2.11: the command's writes are audited with no actor, the hash never shown; "unchanged" writes nothing.
  const entries = await createAuditLog(store).list({ target_type: 'user', target_id: String(row.id) }, { limit: 10, offset: 0 });
  t.deepEqual(entries.map((e) => [e.action, e.actor_user_id]), [['user.update', null], ['user.create', null]]);
  t.like(entries[0]!.changes, { role: ['user', 'admin'] });
  t.like(entries[1]!.changes, { email: [null, 'root@example.com'], role: [null, 'admin'] });
  t.notRegex(JSON.stringify(entries), /scrypt|another password|a long admin password/);
});

test('start-up creates the ADMIN_EMAIL admin only when no account holds that email, and never promotes an existing one', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(() => database.drop());
  const { ensureStartup } = createFirstAdminService(await commandStore(t, database));
  const admin = { email: 'boss@example.com', password: 'a long admin password' };
  // Someone registered the address first, with a password of their own.
  const squatter = await insertUser(database.db, { email: admin.email, username: 'squatter', password_hash: 'scrypt$x', role: 'user' });
  await updateUser(database.db, squatter, { is_active: false });

  const lines: string[] = [];
  const logger = createLogger('info', {}, { write: (line: string) => lines.push(line) });
  t.is(await ensureStartup(admin, logger), 'not_admin');
  t.like(await findUserByEmail(database.db, admin.email), { role: 'user', is_active: 0, password_hash: 'scrypt$x' });
  t.regex(lines.join(''), /"level":"error".*"email":"boss@example.com".*does not promote it/);

  await database.db('users').where({ id: squatter }).delete();
  t.is(await ensureStartup(admin, silent), 'created');
  t.is(await ensureStartup(admin, silent), 'unchanged');
});

test('a user the create-admin command promotes is promoted on a running instance at once: its cached account is invalidated there', async (t) => {
  // The instance's cache clock stands still: its entries never expire, so only an invalidation refreshes one.
  const api = await createTestApi({}, { cacheClock: () => 0 });
  t.teardown(() => api.close());
  const user = await api.createUser('user', 'soon_admin');
  const load = () => findUserByEmail(api.database.db, user.email);
  t.like(await api.services.caches.user(user.id, load), { role: 'user' }, 'the instance caches the account');
  // The command's own store, on the instance's admin Redis (its key prefix) and database.
  const command = createAdminStore({ db: api.database.db, adminRedis: api.redis.redis });
  t.teardown(() => command.close());
  t.is(await createFirstAdminService(command.store).createOrPromote({ email: user.email, password: 'unused password' }), 'promoted');
  await until('the instance to see the promotion', async () => (await api.services.caches.user(user.id, load))?.role === 'admin', 10_000);
  t.pass();
});
