import type { Knex } from 'knex';
import type { Logger } from '../../logging/logger';
import { changedFields, createdFields } from '../audit/audit-changes';
import { COMMAND_ACTOR } from '../core/actor';
import { createUnitOfWork } from '../unit-of-work';
import { hashPassword } from '../auth/password-hasher';
import { USERNAME } from '../auth/auth-schemas';
import { canonicalEmail } from './email';
import { findUserByEmail, isUsernameTaken } from './users-repository';

export type FirstAdminOutcome = 'created' | 'promoted' | 'unchanged' | 'not_admin';

interface AdminCredentials {
  readonly email: string;
  readonly password: string;
}

/**
 * `create-admin`, the explicit operator command: the user of ADMIN_EMAIL as an active admin, created
 * with ADMIN_PASSWORD when missing, promoted and re-activated when it exists (its password is kept).
 */
export async function createOrPromoteAdmin(db: Knex, admin: AdminCredentials): Promise<FirstAdminOutcome> {
  const existing = await findUserByEmail(db, canonicalEmail(admin.email));
  if (!existing) return createAdmin(db, admin);
  if (existing.role === 'admin' && existing.is_active) return 'unchanged';
  const changes = { role: 'admin' as const, is_active: true };
  await createUnitOfWork(db, []).run(COMMAND_ACTOR, async ({ repos, audit }) => {
    await repos.users.updateUser(existing.id, changes);
    audit({ action: 'user.update', targetId: existing.id, changes: changedFields({ role: existing.role, is_active: Boolean(existing.is_active) }, changes) });
  });
  return 'promoted';
}

/**
 * Start-up (SPEC §2.2): creates the ADMIN_EMAIL admin only when no account holds that email. An
 * existing account is never changed, above all never promoted: whoever registered that email first
 * would otherwise be handed admin rights on the next restart.
 */
export async function ensureStartupAdmin(db: Knex, admin: AdminCredentials, logger: Logger): Promise<FirstAdminOutcome> {
  const existing = await findUserByEmail(db, canonicalEmail(admin.email));
  const outcome = existing ? (existing.role === 'admin' ? 'unchanged' : 'not_admin') : await createAdmin(db, admin);
  if (outcome === 'not_admin') {
    logger.error(
      { email: canonicalEmail(admin.email), role: existing?.role },
      'ADMIN_EMAIL names an existing account that is not an admin: start-up does not promote it (run the create-admin command to do so)',
    );
  } else {
    logger.info({ email: canonicalEmail(admin.email), outcome }, 'first admin in place');
  }
  return outcome;
}

async function createAdmin(db: Knex, admin: AdminCredentials): Promise<'created'> {
  const email = canonicalEmail(admin.email);
  const fields = { email, username: await freeUsername(db, email), password_hash: await hashPassword(admin.password), role: 'admin' as const };
  await createUnitOfWork(db, []).run(COMMAND_ACTOR, async ({ repos, audit }) => {
    const id = await repos.users.insertUser(fields);
    audit({ action: 'user.create', targetId: id, changes: createdFields(fields) });
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
