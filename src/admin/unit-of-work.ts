import type { Knex } from 'knex';
import { retryOnDeadlock } from '../db/deadlock-retry';
import { bindAll, type BoundAll } from '../db/repository-binding';
import { recordAudit, type AuditRecord } from './audit/audit-writes';
import { assertActsOnGame, type Actor } from './core/actor';
import { ADMIN_REPOSITORIES, type AdminRepositories, type RepositoryName } from './admin-repositories';

/**
 * What a committed write changed, for the subscribers that keep derived state in step: read caches on
 * every instance, the config document's version, the leaderboards' rank indexes.
 *   user           a user's account (id)           game.modules  a game's enabled modules (game id)
 *   leaderboard    a leaderboard's settings (id)   game.config   a game's variables or overrides (game id)
 *   game.ranking   a game's ranking inputs: connections, a sort order (game id)
 *   game.removed   a game deleted with everything under it (game id)
 */
export type ChangeKind = 'user' | 'leaderboard' | 'game.modules' | 'game.config' | 'game.ranking' | 'game.removed';
export interface Change {
  readonly kind: ChangeKind;
  readonly id: number;
}
/** Runs after a unit of work commits, with what it changed (each change once). */
export type ChangeSubscriber = (changes: readonly Change[]) => Promise<void>;

type Repositories<Names extends RepositoryName, Db> = Pick<BoundAll<AdminRepositories, Db>, Names>;

/** One write's view of the database: repositories bound to its transaction, and what it says it did. */
export interface Work<Names extends RepositoryName> {
  readonly repos: Repositories<Names, Knex.Transaction>;
  readonly actor: Actor;
  /** An audit entry, written in this transaction, naming the actor. */
  audit(entry: AuditRecord): void;
  /** Something the subscribers must hear of once the transaction commits. */
  changed(kind: ChangeKind, id: number): void;
}

/**
 * What a service gets instead of the database: `read`, repositories bound to the pool; `run`, a
 * unit of work; `recordAlone`, the audit entry of a write outside MySQL (a file stored, a top-up
 * credited in Redis). `Names` are the repositories it may use: its own, and other features' reads.
 */
export interface Store<Names extends RepositoryName> {
  readonly read: Repositories<Names, Knex>;
  /**
   * Runs `work` in one transaction: its audit entries are written in it, its changes are told to the
   * subscribers after the commit (not when it fails: nothing changed). With `retryOnDeadlock`, a
   * deadlock runs the whole work again (it must touch only the transaction).
   */
  run<T>(actor: Actor, work: (tx: Work<Names>) => Promise<T>, options?: { readonly retryOnDeadlock?: boolean }): Promise<T>;
  recordAlone(actor: Actor, entry: AuditRecord): Promise<void>;
}

/**
 * The backstop of SPEC §2.12's scoped moderators: a write whose audit entry names a game outside the
 * actor's games is refused (403) and rolled back, whatever path led to it. The endpoints check first
 * (src/admin/http/game-scope.ts), so this fires only where a declaration is wrong.
 */
function assertActsOn(actor: Actor, entry: AuditRecord): void {
  if (entry.gameId !== undefined && entry.gameId !== null) assertActsOnGame(actor, entry.gameId);
}

export function createUnitOfWork(db: Knex, subscribers: readonly ChangeSubscriber[]): Store<RepositoryName> {
  const read = bindAll(ADMIN_REPOSITORIES, db);

  async function notify(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return;
    for (const subscriber of subscribers) await subscriber(changes);
  }

  async function attempt<T>(actor: Actor, work: (tx: Work<RepositoryName>) => Promise<T>): Promise<{ result: T; changes: Change[] }> {
    return db.transaction(async (trx) => {
      const entries: AuditRecord[] = [];
      const changes = new Map<string, Change>();
      const result = await work({
        repos: bindAll(ADMIN_REPOSITORIES, trx),
        actor,
        audit: (entry) => void entries.push(entry),
        changed: (kind, id) => void changes.set(`${kind} ${id}`, { kind, id }),
      });
      for (const entry of entries) {
        assertActsOn(actor, entry);
        await recordAudit(trx, actor, entry);
      }
      return { result, changes: [...changes.values()] };
    });
  }

  return {
    read,
    async run(actor, work, options = {}) {
      const { result, changes } = options.retryOnDeadlock ? await retryOnDeadlock(() => attempt(actor, work)) : await attempt(actor, work);
      await notify(changes);
      return result;
    },
    async recordAlone(actor, entry) {
      await recordAudit(db, actor, entry);
    },
  };
}
