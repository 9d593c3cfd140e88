import type { Knex } from 'knex';
import * as yup from 'yup';
import type { Page } from '../../db/page';
import { integer, validateBody } from '../core/validation';
import type { Changes } from './audit-changes';
import { insertAuditEntry, insertMissingAuditEntries, listAuditEntries, type AuditRow, type NewAuditRow } from './audit-repository';
import type { PublicAuditEntry } from './audit-replies';
import { currentActor, type Actor } from '../core/actor-scope';

/** What a service says about one write; who did it comes from the acting scope. */
export interface AuditRecord {
  /** `<resource>.<verb>`; the resource part is the entry's target_type. */
  readonly action: string;
  readonly targetId: string | number | null;
  readonly gameId?: number | null;
  readonly changes: Changes;
  /** See NewAuditRow.dedupe_key. */
  readonly dedupeKey?: string;
}

/** Entries written by another process than the one that acted (the sync, for a top-up): those not written yet. */
export function recordEntriesOnce(trx: Knex, rows: ReadonlyArray<NewAuditRow & { dedupe_key: string }>): Promise<void> {
  return insertMissingAuditEntries(trx, rows);
}

/** The row of an entry written for `actor`. */
export function auditRow(entry: AuditRecord, actor: Actor): NewAuditRow {
  return {
    action: entry.action,
    target_type: entry.action.slice(0, entry.action.indexOf('.')),
    target_id: entry.targetId === null ? null : String(entry.targetId),
    game_id: entry.gameId ?? null,
    actor_user_id: actor.userId,
    actor_role: actor.role,
    request_id: actor.requestId,
    ip: actor.ip,
    changes: entry.changes,
    ...(entry.dedupeKey === undefined ? {} : { dedupe_key: entry.dedupeKey }),
  };
}

/** An entry as the API answers it: the changes parsed, the time as ISO text. */

const toPublic = (row: AuditRow): PublicAuditEntry => ({
  ...row,
  id: Number(row.id),
  changes: JSON.parse(row.changes) as Changes,
  created_at: row.created_at.toISOString(),
});

const timestamp = () =>
  yup.string().strict().test('iso', 'must be an ISO 8601 timestamp', (value) => value === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))));
const filtersSchema = yup.object({
  action: yup.string().strict().max(64).optional(),
  actor_user_id: integer().min(1, 'must be a positive integer').optional(),
  target_type: yup.string().strict().max(32).optional(),
  target_id: yup.string().strict().max(300).optional(),
  game_id: integer().min(1, 'must be a positive integer').optional(),
  since: timestamp().optional(),
  until: timestamp().optional(),
  after_id: integer().min(1, 'must be a positive integer').optional(),
});
export type AuditFilterInput = yup.InferType<typeof filtersSchema>;

/** The audit log (SPEC §2.11): services append in their write's transaction; admins read it. */
export function createAuditLog(db: Knex) {
  return {
    /** Appends the entry of a write inside that write's transaction `trx`. */
    async record(trx: Knex, entry: AuditRecord): Promise<void> {
      await insertAuditEntry(trx, auditRow(entry, currentActor()));
    },

    /** A write outside MySQL (a top-up credited in Redis, an uploaded file): its entry on its own. */
    async recordAlone(entry: AuditRecord): Promise<void> {
      await this.record(db, entry);
    },

    async list(input: AuditFilterInput, page: Page): Promise<PublicAuditEntry[]> {
      const filters = validateBody(filtersSchema, input);
      const rows = await listAuditEntries(db, {
        ...filters,
        since: filters.since === undefined ? undefined : new Date(filters.since),
        until: filters.until === undefined ? undefined : new Date(filters.until),
      }, page);
      return rows.map(toPublic);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
