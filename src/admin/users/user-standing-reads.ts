import type { Knex } from 'knex';
import { AppError } from '../../errors';
import type { Actor } from '../core/actor';
import { USERS } from './users-repository';

/**
 * SPEC §2.14: an erased user's account changes no more. What other features ask before they write
 * anything of a user (a connection, a score, a membership, money, a key or an invite they create):
 * the user's row, locked to the end of the unit of work. The erase takes the same lock, so a write
 * racing an erase comes wholly before it (the erase then sees it, and removes or refuses it) or is
 * refused here (409).
 */
export async function lockUnerasedUser(trx: Knex.Transaction, userId: number): Promise<void> {
  const row = await trx(USERS).where({ id: userId }).forUpdate().first('erased_at');
  if (row?.erased_at) throw erasedUserError(userId);
}

/**
 * The same for whoever acts: what they create that grants access (an API key, an invite) is refused
 * once they are erased, even by a request that was let in just before (the erase revokes only what
 * exists when it runs). A command, which names no user, passes.
 */
export async function lockUnerasedActor(trx: Knex.Transaction, actor: Actor): Promise<void> {
  if (actor.userId !== null) await lockUnerasedUser(trx, actor.userId);
}

const erasedUserError = (userId: number) => new AppError('CONFLICT', `user ${userId} was erased: the account stays closed`);
