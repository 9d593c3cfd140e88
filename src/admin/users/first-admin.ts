import type { Knex } from 'knex';
import { hashPassword } from '../auth/password-hasher';
import { USERNAME } from '../auth/auth-schemas';
import { findUserByEmail, insertUser, isUsernameTaken, updateUser } from './users-repository';

export type FirstAdminOutcome = 'created' | 'promoted' | 'unchanged';

/**
 * Makes sure the user of ADMIN_EMAIL exists as an active admin: created with ADMIN_PASSWORD when
 * missing, promoted and re-activated when it exists (its password is then left as it is).
 */
export async function ensureFirstAdmin(db: Knex, admin: { email: string; password: string }): Promise<FirstAdminOutcome> {
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    if (existing.role === 'admin' && existing.is_active) return 'unchanged';
    await updateUser(db, existing.id, { role: 'admin', is_active: true });
    return 'promoted';
  }
  await insertUser(db, {
    email: admin.email,
    username: await freeUsername(db, admin.email),
    password_hash: await hashPassword(admin.password),
    role: 'admin',
  });
  return 'created';
}

async function freeUsername(db: Knex, email: string): Promise<string> {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24);
  const base = USERNAME.test(local) ? local : 'admin';
  for (let n = 0; ; n += 1) {
    const candidate = n === 0 ? base : `${base}${n}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
}
