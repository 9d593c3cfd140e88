import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';

/**
 * SPEC §2.14: a top-up reaches a user only while they are not erased (a period reward planned before
 * the erase is still paid: docs/decisions.md). `move` (a credit in the engine) runs while the user's
 * row is locked and unerased (409 once erased); the erase reads the user's wallets under the same
 * lock, so a credit racing an erase lands before it (and the erase refuses, naming `balance`) or is
 * refused. The move is the truth: once it has happened, a failure to end the
 * lock's transaction after it does not undo it, and its result is answered.
 */
export async function whileUnerased<T>(store: Store<'userStanding'>, actor: Actor, userId: number, move: () => Promise<T>): Promise<T> {
  let moved: { readonly result: T } | undefined;
  try {
    await store.run(actor, async ({ repos }) => {
      await repos.userStanding.lockUnerasedUser(userId);
      moved = { result: await move() };
    });
  } catch (error) {
    if (moved === undefined) throw error;
  }
  return moved!.result;
}
