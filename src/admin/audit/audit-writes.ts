import type { Knex } from 'knex';
import type { Actor } from '../core/actor';
import type { AuditAction } from './audit-actions';
import type { Changes } from './audit-changes';
import { insertAuditEntry, insertMissingAuditEntries, type NewAuditRow } from './audit-repository';

/**
 * Writing audit entries (SPEC §2.11). Services do not call these: a unit of work writes its entries
 * in its transaction (src/admin/unit-of-work.ts); these are for it, for operator commands and for the
 * sync, which writes a top-up's entry with its ledger row.
 */

/** What a service says about one write; who did it is the unit of work's actor. */
export interface AuditRecord {
  /** `<resource>.<verb>` (audit-actions.ts); the resource part is the entry's target_type. */
  readonly action: AuditAction;
  readonly targetId: string | number | null;
  readonly gameId?: number | null;
  readonly changes: Changes;
  /** See NewAuditRow.dedupe_key. */
  readonly dedupeKey?: string;
  /** Who acted, when not the request's caller: a user registering is their own actor (the request had none). */
  readonly actedBy?: Pick<Actor, 'userId' | 'role'>;
}

/** The row of an entry written for `actor`. */
export function auditRow(entry: AuditRecord, actor: Actor): NewAuditRow {
  return {
    action: entry.action,
    target_type: entry.action.slice(0, entry.action.indexOf('.')),
    target_id: entry.targetId === null ? null : String(entry.targetId),
    game_id: entry.gameId ?? null,
    actor_user_id: entry.actedBy?.userId ?? actor.userId,
    actor_role: entry.actedBy?.role ?? actor.role,
    request_id: actor.requestId,
    ip: actor.ip,
    changes: entry.changes,
    ...(entry.dedupeKey === undefined ? {} : { dedupe_key: entry.dedupeKey }),
  };
}

/** An entry written for `actor` in the transaction (or on the pool) `db`. */
export async function recordAudit(db: Knex, actor: Actor, entry: AuditRecord): Promise<void> {
  await insertAuditEntry(db, auditRow(entry, actor));
}

/** Entries written by another process than the one that acted (the sync, for a top-up): those not written yet. */
export function recordEntriesOnce(trx: Knex, rows: ReadonlyArray<NewAuditRow & { dedupe_key: string }>): Promise<void> {
  return insertMissingAuditEntries(trx, rows);
}
