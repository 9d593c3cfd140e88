import type { Logger } from '../../logging/logger';
import { changedFields, createdFields } from '../audit/audit-changes';
import { COMMAND_ACTOR } from '../core/actor';
import type { Store } from '../unit-of-work';
import { hashPassword } from '../auth/password-hasher';
import { USERNAME } from '../auth/auth-schemas';
import { canonicalEmail } from './email';
import { AppError } from '../../errors';
import { isReservedEmail, isReservedUsername, RESERVED_EMAIL_RULE } from './pseudonyms';

export type FirstAdminOutcome = 'created' | 'promoted' | 'unchanged' | 'not_admin';

interface AdminCredentials {
  readonly email: string;
  readonly password: string;
}

/**
 * The ADMIN_EMAIL admin, written through the admin store like any user change: audited, and a promoted
 * account's cached copy invalidated on every instance (admin-store.ts).
 */
export function createFirstAdminService(store: Store<'users' | 'userStanding'>) {
  async function createAdmin(admin: AdminCredentials): Promise<'created'> {
    const email = canonicalEmail(admin.email);
    if (isReservedEmail(email)) throw new AppError('INVALID_ARGUMENT', `ADMIN_EMAIL ${RESERVED_EMAIL_RULE}`, { errors: [{ path: 'ADMIN_EMAIL', message: RESERVED_EMAIL_RULE }] });
    const fields = { email, username: await freeUsername(email), password_hash: await hashPassword(admin.password), role: 'admin' as const };
    await store.run(COMMAND_ACTOR, async ({ repos, audit }) => {
      const id = await repos.users.insertUser(fields);
      audit({ action: 'user.create', targetId: id, changes: createdFields(fields) });
    });
    return 'created';
  }

  async function freeUsername(email: string): Promise<string> {
    const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24);
    const base = USERNAME.test(local) && !isReservedUsername(local) ? local : 'admin';
    for (let n = 0; ; n += 1) {
      const candidate = n === 0 ? base : `${base}${n}`;
      if (!(await store.read.users.isUsernameTaken(candidate))) return candidate;
    }
  }

  return {
    /**
     * `create-admin`, the explicit operator command: the user of ADMIN_EMAIL as an active admin, created
     * with ADMIN_PASSWORD when missing, promoted and re-activated when it exists (its password is kept).
     */
    async createOrPromote(admin: AdminCredentials): Promise<FirstAdminOutcome> {
      const existing = await store.read.users.findUserByEmail(canonicalEmail(admin.email));
      if (!existing) return createAdmin(admin);
      if (existing.role === 'admin' && existing.is_active) return 'unchanged';
      const changes = { role: 'admin' as const, is_active: true };
      await store.run(COMMAND_ACTOR, async ({ repos, audit, changed }) => {
        await repos.userStanding.lockUnerasedUser(existing.id); // an account erased meanwhile stays closed
        await repos.users.updateUser(existing.id, changes);
        audit({ action: 'user.update', targetId: existing.id, changes: changedFields({ role: existing.role, is_active: Boolean(existing.is_active) }, changes) });
        changed('user', existing.id);
      });
      return 'promoted';
    },

    /**
     * Start-up (SPEC §2.2): creates the ADMIN_EMAIL admin only when no account holds that email. An
     * existing account is never changed, above all never promoted: whoever registered that email first
     * would otherwise be handed admin rights on the next restart.
     */
    async ensureStartup(admin: AdminCredentials, logger: Logger): Promise<FirstAdminOutcome> {
      const existing = await store.read.users.findUserByEmail(canonicalEmail(admin.email));
      const outcome = existing ? (existing.role === 'admin' ? 'unchanged' : 'not_admin') : await createAdmin(admin);
      if (outcome === 'not_admin') {
        logger.error(
          { email: canonicalEmail(admin.email), role: existing?.role },
          'ADMIN_EMAIL names an existing account that is not an admin: start-up does not promote it (run the create-admin command to do so)',
        );
      } else {
        logger.info({ email: canonicalEmail(admin.email), outcome }, 'first admin in place');
      }
      return outcome;
    },
  };
}

export type FirstAdminService = ReturnType<typeof createFirstAdminService>;
