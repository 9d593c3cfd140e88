import type { Knex } from 'knex';
import type { Page } from '../../db/page';
import type { Changes } from './audit-changes';

export const AUDIT_LOG = 'audit_log';

export interface AuditRow {
  id: number;
  action: string;
  actor_user_id: number | null;
  actor_role: string | null;
  target_type: string;
  target_id: string | null;
  game_id: number | null;
  request_id: string | null;
  ip: string | null;
  changes: string;
  created_at: Date;
}

export type NewAuditRow = Omit<AuditRow, 'id' | 'changes' | 'created_at'> & { changes: Changes };

export interface AuditFilters {
  readonly action?: string;
  readonly actor_user_id?: number;
  readonly target_type?: string;
  readonly target_id?: string;
  readonly game_id?: number;
  readonly since?: Date;
  readonly until?: Date;
}

/** Appends one entry; `db` is the transaction of the write it records. The table refuses updates and deletes. */
export async function insertAuditEntry(db: Knex, entry: NewAuditRow): Promise<void> {
  await db(AUDIT_LOG).insert({ ...entry, changes: JSON.stringify(entry.changes) });
}

/** Newest first, each filter an equality on an indexed column (or a time range). */
export function listAuditEntries(db: Knex, filters: AuditFilters, page: Page): Promise<AuditRow[]> {
  const { since, until, ...equal } = filters;
  const query = db<AuditRow>(AUDIT_LOG).where(Object.fromEntries(Object.entries(equal).filter(([, value]) => value !== undefined)));
  if (since) query.where('created_at', '>=', since);
  if (until) query.where('created_at', '<', until);
  return query.orderBy('id', 'desc').limit(page.limit).offset(page.offset);
}
