import type { Knex } from 'knex';
import { API_KEYS } from '../api-keys/api-keys-repository';
import { CONFIG_OVERRIDES } from '../variables/config-overrides-repository';
import { isDuplicateKey } from '../../db/mysql-errors';
import type { Page } from '../../db/page';
import { USER_GAMES } from '../connections/connections-repository';
import { GAMES } from '../games/games-repository';
import { LANGUAGES } from '../languages/languages-repository';
import { GROUPS, LEADERBOARDS } from '../leaderboards/leaderboard-tables';
import { NOTIFICATIONS } from '../notifications/notifications-repository';
import { USERS } from '../users/users-repository';
import { VARIABLES } from '../variables/variables-repository';
import { boundedChanges, type Changes } from './audit-changes';

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

/** An entry's columns; a changed value over 4 KiB is kept by its digest and size (audit-changes.ts). */
const toColumns = (entry: NewAuditRow) => ({ ...entry, changes: JSON.stringify(boundedChanges(entry.changes)) });

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

/** The names an entry's ids stand for, as they are now (null once the user, game or target is gone). */
export interface AuditNames {
  actor_username: string | null;
  game_name: string | null;
  /** The target's name (a variable's key, a user's username, a user-game's player's username…). */
  target_name: string | null;
}

/** The targets named by a column of their own table, joined by primary key when the entry is of that type. */
const NAMED_TARGETS: ReadonlyArray<{ type: string; table: string; column: string }> = [
  { type: 'user', table: USERS, column: 'username' },
  { type: 'game', table: GAMES, column: 'name' },
  { type: 'variable', table: VARIABLES, column: 'key' },
  { type: 'notification', table: NOTIFICATIONS, column: 'name' },
  { type: 'language', table: LANGUAGES, column: 'name' },
  { type: 'leaderboard', table: LEADERBOARDS, column: 'name' },
  { type: 'leaderboard_group', table: GROUPS, column: 'name' },
  { type: 'api_key', table: API_KEYS, column: 'name' },
  { type: 'config_override', table: CONFIG_OVERRIDES, column: 'name' },
];

/** A target id as the primary key it names (the column is text: invite codes, module keys). */
const targetKey = (db: Knex) => db.raw(`CAST(${AUDIT_LOG}.target_id AS UNSIGNED)`);

/**
 * Newest first, each filter an equality on an indexed column (or a time range); with each entry the
 * names of its actor, game and target, joined by primary key on the page's rows.
 */
export function listAuditEntries(db: Knex, filters: AuditFilters, page: Page): Promise<Array<AuditRow & AuditNames>> {
  const { since, until, after_id: afterId, ...equal } = filters;
  const where = Object.fromEntries(Object.entries(equal).filter(([, value]) => value !== undefined).map(([column, value]) => [`${AUDIT_LOG}.${column}`, value]));
  const names = NAMED_TARGETS.map(({ type, column }) => `target_${type}.${column}`);
  const query = db(AUDIT_LOG)
    .select(...AUDIT_COLUMNS.map((column) => `${AUDIT_LOG}.${column}`))
    .select('actor.username as actor_username', 'game.name as game_name', db.raw(`COALESCE(${[...names, 'player.username'].map((name) => db.ref(name).toQuery()).join(', ')}) as target_name`))
    .leftJoin(`${USERS} as actor`, 'actor.id', `${AUDIT_LOG}.actor_user_id`)
    .leftJoin(`${GAMES} as game`, 'game.id', `${AUDIT_LOG}.game_id`)
    .leftJoin(`${USER_GAMES} as target_ug`, (on) => on.on(`${AUDIT_LOG}.target_type`, db.raw('?', ['user_game'])).andOn('target_ug.id', targetKey(db)))
    .leftJoin(`${USERS} as player`, 'player.id', 'target_ug.user_id')
    .where(where);
  for (const { type, table } of NAMED_TARGETS) {
    query.leftJoin(`${table} as target_${type}`, (on) => on.on(`${AUDIT_LOG}.target_type`, db.raw('?', [type])).andOn(`target_${type}.id`, targetKey(db)));
  }
  if (since) query.where(`${AUDIT_LOG}.created_at`, '>=', since);
  if (until) query.where(`${AUDIT_LOG}.created_at`, '<', until);
  if (afterId !== undefined) query.where(`${AUDIT_LOG}.id`, '<', afterId);
  return query.orderBy(`${AUDIT_LOG}.id`, 'desc').limit(page.limit).offset(page.offset);
}

/** Every action the log holds, in order (the audit page's action picker); a loose scan of the action index. */
export async function listAuditActions(db: Knex): Promise<string[]> {
  return db(AUDIT_LOG).distinct('action').orderBy('action').pluck('action');
}
