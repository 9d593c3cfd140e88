import { bodySchema } from '../core/body-schema';
import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import { ROLES, type Role } from '../auth/token-service';
import { integer, oneOf, validateBody } from '../core/validation';
import { isUsable, type InviteRow } from './invites-repository';
import { MAX_INVITE_USES, type PublicInvite } from './invites-replies';

export const createInviteSchema = bodySchema({ component: 'InviteInput' }, yup.object({
  role: oneOf(ROLES).defined('is required'),
  max_uses: integer().min(1, 'must be at least 1').max(MAX_INVITE_USES, `must be at most ${MAX_INVITE_USES}`).defined('is required'),
  expires_in_s: integer().min(1, 'must be at least 1').max(366 * 24 * 3600, 'must be at most one year').optional(),
}));

export type CreateInviteInput = Partial<yup.InferType<typeof createInviteSchema>>;


const toPublic = (row: InviteRow): PublicInvite => ({
  id: row.id,
  code: row.code,
  role: row.role,
  max_uses: row.max_uses,
  uses: row.uses,
  expires_at: row.expires_at?.toISOString() ?? null,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
});

/** The invite roles an actor may create, see and delete: all for an admin, user for a moderator. */
const invitableRoles = (actor: { role: Role | null }): readonly Role[] => (actor.role === 'admin' ? ROLES : ['user']);

/** An invite as its audit entry shows it (the code comes out redacted). */
const auditedFields = (row: Pick<InviteRow, 'code' | 'role' | 'max_uses'> & { expires_at: Date | null }) => ({
  code: row.code,
  role: row.role,
  max_uses: row.max_uses,
  expires_at: row.expires_at?.toISOString() ?? null,
});

/** `clock`: the time invites expire by (tests move it instead of waiting). */
export function createInvitesService(store: Store<'invites' | 'userStanding'>, clock: () => number = Date.now) {
  const { read } = store;
  return {
    /** A moderator may invite users only; the code carries 128 random bits. */
    async create(actor: Actor, body: CreateInviteInput): Promise<PublicInvite> {
      const input = validateBody(createInviteSchema, body);
      if (!invitableRoles(actor).includes(input.role)) {
        throw new AppError('FORBIDDEN', 'a moderator may create invites for role user only');
      }
      const code = randomBytes(16).toString('base64url');
      const expiresAt = input.expires_in_s ? new Date(clock() + input.expires_in_s * 1000) : null;
      const fields = { code, role: input.role, max_uses: input.max_uses, expires_at: expiresAt };
      await store.run(actor, async ({ repos, audit }) => {
        await repos.userStanding.lockUnerasedActor(actor);
        await repos.invites.insertInvite({ ...fields, created_by: actor.userId });
        const invite = (await repos.invites.findInvite(code))!;
        audit({ action: 'invite.create', targetId: invite.id, changes: createdFields(auditedFields(fields)) });
      });
      return toPublic((await read.invites.findInvite(code))!);
    },

    /** Admins see every invite; a moderator only those of role user (an admin invite's code is admin rights). */
    /** `usableOnly`: those that can still register someone (not used up, not expired). */
    list(caller: { role: Role }, usableOnly = false): Listing<PublicInvite> {
      return mapListing(read.invites.listInvites(invitableRoles(caller), usableOnly ? new Date(clock()) : undefined), (rows) => rows.map(toPublic));
    },

    async remove(actor: Actor, code: string): Promise<void> {
      const invite = await read.invites.findInvite(code);
      if (!invite) throw new AppError('NOT_FOUND', 'invite not found');
      if (!invitableRoles(actor).includes(invite.role)) throw new AppError('FORBIDDEN', 'a moderator may delete invites for role user only');
      await store.run(actor, async ({ repos, audit }) => {
        await repos.invites.deleteInvite(code);
        audit({ action: 'invite.delete', targetId: invite.id, changes: deletedFields(auditedFields(invite)) });
      });
    },

    async validate(code: string): Promise<{ valid: false } | { valid: true; role: Role; remaining_uses: number }> {
      const invite = await read.invites.findInvite(code);
      if (!invite || !isUsable(invite, new Date(clock()))) return { valid: false };
      return { valid: true, role: invite.role, remaining_uses: invite.max_uses - invite.uses };
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
