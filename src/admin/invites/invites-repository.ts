import type { Knex } from 'knex';
import { listingOf, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import type { Role } from '../auth/token-service';

export const INVITES = 'invites';

export interface InviteRow {
  id: number;
  code: string;
  role: Role;
  max_uses: number;
  uses: number;
  expires_at: Date | null;
  created_by: number | null;
  created_at: Date;
}

export function isUsable(invite: Pick<InviteRow, 'uses' | 'max_uses' | 'expires_at'>, now: Date): boolean {
  return invite.uses < invite.max_uses && (invite.expires_at === null || invite.expires_at > now);
}

const unusableInvite = () =>
  new AppError('VALIDATION_FAILED', 'the invite code is unknown, expired or used up', {
    errors: [{ path: 'invite_code', message: 'is unknown, expired or used up' }],
  });

/** A cheap check before any expensive work (hashing a password): 400 on invite_code when unusable. */
export async function assertInviteUsable(db: Knex, code: string, now: Date): Promise<void> {
  const invite = await findInvite(db, code);
  if (!invite || !isUsable(invite, now)) throw unusableInvite();
}

/**
 * Takes one use of an invite inside the caller's transaction (the row is locked until it commits, so
 * racing registrations queue up and an invite of N uses admits exactly N). Returns the invite's id
 * (the user keeps it) and the role it gives.
 */
export async function consumeInvite(trx: Knex.Transaction, code: string, now: Date): Promise<{ id: number; role: Role }> {
  const invite = await trx<InviteRow>(INVITES).where({ code }).forUpdate().first();
  if (!invite || !isUsable(invite, now)) throw unusableInvite();
  await trx(INVITES).where({ id: invite.id }).increment('uses', 1);
  return { id: invite.id, role: invite.role };
}

export function findInvite(db: Knex, code: string): Promise<InviteRow | undefined> {
  return db<InviteRow>(INVITES).where({ code }).first();
}

export async function insertInvite(db: Knex, invite: Omit<InviteRow, 'id' | 'uses' | 'created_at'>): Promise<number> {
  const [id] = await db(INVITES).insert(invite);
  return id as number;
}

/** Newest first; `roles` limits the list (a moderator sees user invites only); `usableAt` keeps those isUsable then. */
export function listInvites(db: Knex, roles: readonly Role[], usableAt?: Date): Listing<InviteRow> {
  const query = db<InviteRow>(INVITES).select().whereIn('role', [...roles]).orderBy('id', 'desc');
  if (usableAt) query.whereRaw('uses < max_uses').andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', usableAt));
  return listingOf(query);
}

export async function deleteInvite(db: Knex, code: string): Promise<boolean> {
  return (await db(INVITES).where({ code }).delete()) > 0;
}
