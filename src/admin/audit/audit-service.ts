import * as yup from 'yup';
import type { Page } from '../../db/page';
import { integer, isoTimestamp, validateBody } from '../core/validation';
import type { Changes } from './audit-changes';
import type { AuditNames, AuditRow } from './audit-repository';
import type { PublicAuditEntry } from './audit-replies';
import type { Store } from '../unit-of-work';

/** An entry as the API answers it: the changes parsed, the time as ISO text. */

const toPublic = (row: AuditRow & AuditNames): PublicAuditEntry => ({
  ...row,
  id: Number(row.id),
  changes: JSON.parse(row.changes) as Changes,
  created_at: row.created_at.toISOString(),
});

const filtersSchema = yup.object({
  action: yup.string().strict().max(64).optional(),
  actor_user_id: integer().min(1, 'must be a positive integer').optional(),
  target_type: yup.string().strict().max(32).optional(),
  target_id: yup.string().strict().max(300).optional(),
  game_id: integer().min(1, 'must be a positive integer').optional(),
  since: isoTimestamp().optional(),
  until: isoTimestamp().optional(),
  after_id: integer().min(1, 'must be a positive integer').optional(),
});
export type AuditFilterInput = yup.InferType<typeof filtersSchema>;

/** The audit log (SPEC §2.11): units of work append to it (unit-of-work.ts); admins read it. */
export function createAuditLog(store: Store<'audit'>) {
  return {
    async list(input: AuditFilterInput, page: Page): Promise<PublicAuditEntry[]> {
      const filters = validateBody(filtersSchema, input);
      const rows = await store.read.audit.listAuditEntries({
        ...filters,
        since: filters.since === undefined ? undefined : new Date(filters.since),
        until: filters.until === undefined ? undefined : new Date(filters.until),
      }, page);
      return rows.map(toPublic);
    },

    /** Every action the log holds (for a picker). */
    actions(): Promise<string[]> {
      return store.read.audit.listAuditActions();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
export type { AuditRecord } from './audit-writes';
