import type { Knex } from 'knex';
import { isDuplicateKey } from '../../db/mysql-errors';
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

const AUDIT_COLUMNS: ReadonlyArray<keyof AuditRow> = [
  'id', 'action', 'actor_user_id', 'actor_role', 'target_type', 'target_id', 'game_id', 'request_id', 'ip', 'changes', 'created_at',
];

export type NewAuditRow = Omit<AuditRow, 'id' | 'changes' | 'created_at'> & {
  changes: Changes;
  /** An entry two writers may both write (a top-up's: `topup:<id>`): the second write adds nothing. */
  dedupe_key?: string;
  created_at?: Date;
};

export interface AuditFilters {
  readonly action?: string;
  readonly actor_user_id?: number;
  readonly target_type?: string;
  readonly target_id?: string;
  readonly game_id?: number;
  readonly since?: Date;
  readonly until?: Date;
  /** Entries older than this one (keyset paging). */
  readonly after_id?: number;
}

const toColumns = (entry: NewAuditRow) => ({ ...entry, changes: JSON.stringify(entry.changes) });

/**
 * Appends one entry; `db` is the transaction of the write it records. The table refuses updates and
 * deletes. An entry whose dedupe_key is taken already is not written again (and is no error).
 */
export async function insertAuditEntry(db: Knex, entry: NewAuditRow): Promise<void> {
  try {
    await db(AUDIT_LOG).insert(toColumns(entry));
  } catch (error) {
    if (!(entry.dedupe_key !== undefined && isDuplicateKey(error))) throw error;
  }
}

/**
 * Appends the entries whose dedupe keys no entry holds yet, in one statement. A concurrent writer of
 * one of them makes the statement fail on the unique key: the caller's transaction is then retried.
 */
export async function insertMissingAuditEntries(db: Knex, entries: ReadonlyArray<NewAuditRow & { dedupe_key: string }>): Promise<void> {
  if (entries.length === 0) return;
  const taken = new Set(await db(AUDIT_LOG).whereIn('dedupe_key', entries.map((entry) => entry.dedupe_key)).pluck('dedupe_key'));
  const missing = entries.filter((entry) => !taken.has(entry.dedupe_key));
  if (missing.length > 0) await db(AUDIT_LOG).insert(missing.map(toColumns));
}

/** Newest first, each filter an equality on an indexed column (or a time range). */
export function listAuditEntries(db: Knex, filters: AuditFilters, page: Page): Promise<AuditRow[]> {
  const { since, until, after_id: afterId, ...equal } = filters;
  const query = db<AuditRow>(AUDIT_LOG).select(...AUDIT_COLUMNS).where(Object.fromEntries(Object.entries(equal).filter(([, value]) => value !== undefined)));
  if (since) query.where('created_at', '>=', since);
  if (until) query.where('created_at', '<', until);
  if (afterId !== undefined) query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(page.limit).offset(page.offset);
}
