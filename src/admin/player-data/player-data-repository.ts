import type { Knex } from 'knex';
import { API_KEYS } from '../api-keys/api-keys-repository';
import { AUDIT_LOG as AUDIT, type AuditRow } from '../audit/audit-repository';
import { USER_GAMES, USER_GAMES_EVER } from '../connections/connections-repository';
import { GAMES } from '../games/games-repository';
import { INVITES, isUsable, type InviteRow } from '../invites/invites-repository';
import { GROUP_SCORES, GROUPS, GROUPS_EVER, LEADERBOARDS, MEMBERS, SCORES } from '../leaderboards/leaderboard-tables';
import { LEDGER_TABLE, type LedgerEntryRow } from '../../records/ledger-tables';
import { WALLET_LIMITS_TABLE, type LimitsRow } from '../../records/wallet-controls-tables';
import { RECOVERY_CODES, USERS } from '../users/users-repository';

/**
 * What SPEC §2.14 reads and writes of one user across the features' tables: the export's parts (the
 * ledger and the audit entries a page per query, in bounded memory) and the erase's writes, in one
 * unit of work. A join belongs in SQL, so this repository names the other features' tables.
 */

export interface ConnectionRow {
  id: number;
  game_id: number;
  game_name: string;
  game_slug: string;
  created_at: Date;
  frozen_reason: string | null;
  frozen_at: Date | null;
}

/** The user's game connections (user-games), oldest first, with their games' names. */
export function connectionsOf(db: Knex, userId: number): Promise<ConnectionRow[]> {
  return db(`${USER_GAMES} as ug`).join(`${GAMES} as g`, 'g.id', 'ug.game_id').where('ug.user_id', userId).orderBy('ug.id')
    .select('ug.id', 'ug.game_id', 'g.name as game_name', 'g.slug as game_slug', 'ug.created_at', 'ug.frozen_reason', 'ug.frozen_at');
}

/** The API's games among these engine game ids (a wallet's game id may name none), with their names. */
export function gamesByIds(db: Knex, gameIds: readonly string[]): Promise<Array<{ id: number; name: string; slug: string }>> {
  const ids = gameIds.filter((id) => /^[1-9]\d{0,9}$/.test(id)).map(Number);
  return db(GAMES).whereIn('id', ids).select('id', 'name', 'slug');
}

/** The user's own freeze (every wallet of theirs). */
export async function userFreezeOf(db: Knex, userId: number): Promise<{ frozen_reason: string | null; frozen_at: Date | null } | undefined> {
  return db(USERS).where({ id: userId }).first('frozen_reason', 'frozen_at');
}

/** The wallets' limits of these user-games, by user-game and currency. */
export function limitsOf(db: Knex, userGameIds: readonly number[]): Promise<LimitsRow[]> {
  return db<LimitsRow>(WALLET_LIMITS_TABLE).whereIn('user_game_id', userGameIds).orderBy(['user_game_id', 'currency']);
}

export interface ScoreRow {
  user_game_id: number;
  leaderboard_id: number;
  leaderboard_key: string;
  leaderboard_name: string;
  period_start: Date;
  score: number;
  updated_at: Date;
}

/** Every leaderboard score of these user-games (one per board and period). */
export function scoresOf(db: Knex, userGameIds: readonly number[]): Promise<ScoreRow[]> {
  return db(`${SCORES} as s`).join(`${LEADERBOARDS} as l`, 'l.id', 's.leaderboard_id').whereIn('s.user_game_id', userGameIds)
    .orderBy(['s.user_game_id', 's.leaderboard_id', 's.period_start'])
    .select('s.user_game_id', 's.leaderboard_id', 'l.key as leaderboard_key', 'l.name as leaderboard_name', 's.period_start', 's.score', 's.updated_at');
}

export interface MembershipRow {
  group_id: number;
  group_key: string;
  group_name: string;
  leaderboard_id: number;
  game_id: number;
  created_at: Date;
}

/** The leaderboard groups the user is a member of, with their boards' games. */
export function membershipsOf(db: Knex, userId: number): Promise<MembershipRow[]> {
  return db(`${MEMBERS} as m`).join(`${GROUPS} as gr`, 'gr.id', 'm.group_id').join(`${LEADERBOARDS} as l`, 'l.id', 'gr.leaderboard_id')
    .where('m.user_id', userId).orderBy('m.group_id')
    .select('m.group_id', 'gr.key as group_key', 'gr.name as group_name', 'gr.leaderboard_id', 'l.game_id', 'm.created_at');
}

/** The API keys the user created: what the keys list shows (never a secret's hash). */
export function apiKeysCreatedBy(db: Knex, userId: number): Promise<Array<Record<string, unknown>>> {
  return db(API_KEYS).where({ created_by: userId }).orderBy('id').select('id', 'name', 'game_ids', 'created_at', 'expires_at', 'last_used_at', 'revoked_at');
}

/** The invites the user created. */
export async function invitesCreatedBy(db: Knex, userId: number, now: Date): Promise<ExportedInvite[]> {
  const rows = (await db(INVITES).where({ created_by: userId }).orderBy('id').select('id', 'code', 'role', 'max_uses', 'uses', 'expires_at', 'created_at')) as InviteRow[];
  return rows.map((row) => ({ ...row, usable: isUsable(row, now) }));
}

/** An invite as the export reads it (the service hides a code that can still be used). */
export type ExportedInvite = Pick<InviteRow, 'id' | 'code' | 'role' | 'max_uses' | 'uses' | 'expires_at' | 'created_at'> & {
  created_by?: number | null;
  /** Whether it can still be used at the export's instant (the export then hides its code). */
  usable: boolean;
};

/** The invite the user registered with (users.invite_id), while it exists. */
export async function inviteUsedBy(db: Knex, userId: number, now: Date): Promise<ExportedInvite | undefined> {
  const row = (await db(`${INVITES} as i`).join(`${USERS} as u`, 'u.invite_id', 'i.id').where('u.id', userId)
    .first('i.id', 'i.code', 'i.role', 'i.max_uses', 'i.uses', 'i.expires_at', 'i.created_by', 'i.created_at')) as InviteRow | undefined;
  return row && { ...row, usable: isUsable(row, now) };
}

/** The games whose wallets the user ever moved money in (the ledger knows them after a disconnection). */
export function ledgerGamesOf(db: Knex, userId: number): Promise<string[]> {
  return db(LEDGER_TABLE).where({ user_id: String(userId) }).distinct('game_id').pluck('game_id');
}

/**
 * The games of the user's wallets as the product names them: each game they were ever connected to
 * (kept by user since the connection), and each wallet the top-up command named by engine ids (its
 * audit entry's `<user_id>:<game_id>`, a prefix of the target index). Written with the connection or
 * the credit, so known at once, where the ledger trails by the sync: a wallet topped up and
 * disconnected a moment ago is among them. Both read the user's own rows only.
 */
export async function auditedGamesOf(db: Knex, userId: number): Promise<string[]> {
  const [connected, named] = await Promise.all([
    db(USER_GAMES_EVER).where({ user_id: userId }).distinct('game_id').pluck('game_id') as Promise<number[]>,
    db(AUDIT).where({ target_type: 'user_game' }).where('target_id', 'like', `${userId}:%`).distinct('target_id').pluck('target_id') as Promise<string[]>,
  ]);
  return [...new Set([...connected.map(String), ...named.map((target) => target.slice(`${userId}:`.length))])];
}

/** Where a wallet's ledger page ended: the next page starts after it. */
export interface MovePosition {
  readonly stream_ms: number | string;
  readonly stream_seq: number | string;
  readonly stream_sub: number;
}

const MOVE_COLUMNS = 'id, stream_ms, stream_seq, stream_sub, kind, currency, amount, win_amount, available_balance, reserved_balance, transaction_id, round_id, comment, created_at';
const WALLET_ORDER = 'stream_ms, stream_seq, stream_sub';

/**
 * Up to `limit` of a wallet's ledger moves in its order (as restore replays them), after `after`: one
 * short query per page, so a long export holds no connection between pages and an abandoned one leaves
 * nothing open. "After" is three seeks of the wallet-order index (the rest of the entry, the rest of
 * its millisecond, the later milliseconds), each a plain range however many moves share a millisecond.
 */
export async function ledgerMovesPage(db: Knex, userId: number, gameId: string, after: MovePosition | null, limit: number): Promise<LedgerEntryRow[]> {
  const wallet = [String(userId), gameId];
  if (!after) {
    const [rows] = (await db.raw(`SELECT ${MOVE_COLUMNS} FROM ${LEDGER_TABLE} WHERE user_id = ? AND game_id = ? ORDER BY ${WALLET_ORDER} LIMIT ?`, [...wallet, limit])) as [LedgerEntryRow[]];
    return rows;
  }
  const seek = (where: string) => `(SELECT id FROM ${LEDGER_TABLE} WHERE user_id = ? AND game_id = ? AND ${where} ORDER BY ${WALLET_ORDER} LIMIT ?)`;
  const [rows] = (await db.raw(`SELECT ${MOVE_COLUMNS} FROM ${LEDGER_TABLE} WHERE id IN (SELECT id FROM (
      ${seek('stream_ms = ? AND stream_seq = ? AND stream_sub > ?')} UNION ALL ${seek('stream_ms = ? AND stream_seq > ?')} UNION ALL ${seek('stream_ms > ?')}
    ) AS page) ORDER BY ${WALLET_ORDER} LIMIT ?`, [
    ...wallet, after.stream_ms, after.stream_seq, after.stream_sub, limit,
    ...wallet, after.stream_ms, after.stream_seq, limit,
    ...wallet, after.stream_ms, limit,
    limit,
  ])) as [LedgerEntryRow[]];
  return rows;
}

/** An audit entry as the export reads it. */
export type AuditEntryRow = Omit<AuditRow, 'request_id'>;

/** The user-games the user had, connected now or not (each one's creation is audited with its user). */
export async function everUserGameIds(db: Knex, userId: number): Promise<number[]> {
  const ids: Array<number | string> = await db(USER_GAMES_EVER).where({ user_id: userId }).pluck('user_game_id');
  return ids.map(Number);
}

/** The leaderboard groups the user was ever in (their membership entries name `<group>:<user>`). */
export async function everGroupIds(db: Knex, userId: number): Promise<number[]> {
  const ids: Array<number | string> = await db(GROUPS_EVER).where({ user_id: userId }).pluck('group_id');
  return ids.map(Number);
}

/**
 * The audit targets of the scores these user-games could have (`<leaderboard id>:<user-game id>`, as
 * a score save's entry names its score): each leaderboard of the user-game's game, the game read from
 * its connection or, once disconnected, from the connection's entry.
 */
export async function scoreTargetsOf(db: Knex, userGameIds: readonly number[]): Promise<string[]> {
  if (userGameIds.length === 0) return [];
  const [rows] = (await db.raw(`SELECT DISTINCT CONCAT(l.id, ':', g.id) AS target FROM (
      SELECT id, game_id FROM ${USER_GAMES} WHERE id IN (${userGameIds.map(() => '?').join(', ')})
      UNION SELECT CAST(target_id AS UNSIGNED), game_id FROM ${AUDIT}
        WHERE target_type = 'user_game' AND target_id IN (${userGameIds.map(() => '?').join(', ')}) AND action = 'user_game.create'
    ) AS g JOIN ${LEADERBOARDS} l ON l.game_id = g.game_id`, [...userGameIds, ...userGameIds.map(String)])) as [Array<{ target: string }>];
  return rows.map((row) => row.target);
}

/**
 * Up to `limit` audit entries with ids above `afterId` where the user is the actor or the target
 * (themself, one of these user-games or their scores, a wallet of theirs named by engine ids, a group
 * membership), by id: each way by its own index (actor, or target type and id), merged. No more than
 * fit in `maxBytes` of changes (at least one): a page is bounded by bytes whatever one entry weighs
 * (entries written before values over 4 KiB were digested can weigh megabytes).
 */
export async function auditEntriesPage(
  db: Knex, userId: number, targets: { readonly userGameIds: readonly number[]; readonly scoreTargets: readonly string[]; readonly groupIds: readonly number[] },
  afterId: number, limit: number, maxBytes: number,
): Promise<AuditEntryRow[]> {
  const ways: Array<[string, Knex.RawBinding[]]> = [
    ['actor_user_id = ?', [userId]],
    ["target_type = 'user' AND target_id = ?", [String(userId)]],
    ...targets.userGameIds.map((id): [string, Knex.RawBinding[]] => ["target_type = 'user_game' AND target_id = ?", [String(id)]]),
    ...targets.scoreTargets.map((target): [string, Knex.RawBinding[]] => ["target_type = 'score' AND target_id = ?", [target]]),
    // A wallet named by its engine ids (the top-up command's, for a wallet the API does not know), and group memberships.
    ["target_type = 'user_game' AND target_id LIKE ?", [`${userId}:%`]],
    ...targets.groupIds.map((id): [string, Knex.RawBinding[]] => ["target_type = 'leaderboard_member' AND target_id = ?", [`${id}:${userId}`]]),
  ];
  const union = ways.map(([where]) => `(SELECT id FROM ${AUDIT} WHERE ${where} AND id > ? ORDER BY id LIMIT ?)`).join(' UNION ');
  const bindings = ways.flatMap(([, values]) => [...values, afterId, limit]);
  // First the candidates' sizes, then the entries whose changes fit in maxBytes (at least one).
  const [sizes] = (await db.raw(`SELECT id, LENGTH(changes) AS bytes FROM ${AUDIT} WHERE id IN (SELECT id FROM (${union}) AS page) ORDER BY id LIMIT ?`,
    [...bindings, limit])) as [Array<{ id: number; bytes: number | string }>];
  const ids: number[] = [];
  let bytes = 0;
  for (const row of sizes) {
    if (ids.length > 0 && bytes + Number(row.bytes) > maxBytes) break;
    ids.push(row.id);
    bytes += Number(row.bytes);
  }
  if (ids.length === 0) return [];
  const [rows] = (await db.raw(`SELECT id, action, actor_user_id, actor_role, target_type, target_id, game_id, ip, changes, created_at
    FROM ${AUDIT} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`, ids)) as [AuditEntryRow[]];
  return rows;
}

// The erase (SPEC §2.14), in the caller's unit of work.

/**
 * Replaces email and username with the pseudonym, removes the password, the second factor and its
 * recovery codes; the user can no longer sign in (is_active false ends every session on its next request).
 */
export async function pseudonymizeUser(trx: Knex.Transaction, userId: number, pseudonym: { email: string; username: string }): Promise<void> {
  await trx(USERS).where({ id: userId }).update({
    email: pseudonym.email, username: pseudonym.username, password_hash: '', is_active: false, game_scope: null,
    totp_secret: null, totp_enabled_at: null, totp_last_step: null, erased_at: trx.fn.now(3), updated_at: trx.fn.now(3),
  });
  await trx(RECOVERY_CODES).where({ user_id: userId }).delete();
}

/** Removes the user's leaderboard scores (their groups' copies too) and group memberships; the games whose rankings changed. */
export async function removeScoresAndMemberships(trx: Knex.Transaction, userId: number): Promise<number[]> {
  const userGames = () => trx(USER_GAMES).where({ user_id: userId }).select('id');
  const games = (await trx(`${SCORES} as s`).join(`${LEADERBOARDS} as l`, 'l.id', 's.leaderboard_id').whereIn('s.user_game_id', userGames())
    .distinct('l.game_id')).map((row: { game_id: number }) => row.game_id);
  const groupGames = (await trx(`${MEMBERS} as m`).join(`${GROUPS} as gr`, 'gr.id', 'm.group_id').join(`${LEADERBOARDS} as l`, 'l.id', 'gr.leaderboard_id')
    .where('m.user_id', userId).distinct('l.game_id')).map((row: { game_id: number }) => row.game_id);
  await trx(GROUP_SCORES).whereIn('user_game_id', userGames()).delete();
  await trx(SCORES).whereIn('user_game_id', userGames()).delete();
  await trx(MEMBERS).where({ user_id: userId }).delete();
  return [...new Set([...games, ...groupGames])];
}

/** Revokes the API keys the user created that still work; their ids. */
export async function revokeApiKeysCreatedBy(trx: Knex.Transaction, userId: number): Promise<number[]> {
  const ids: number[] = await trx(API_KEYS).where({ created_by: userId }).whereNull('revoked_at').pluck('id');
  if (ids.length > 0) await trx(API_KEYS).whereIn('id', ids).update({ revoked_at: trx.fn.now(3) });
  return ids;
}

/** Ends the invites the user created that could still be used (they expire now); their ids. */
export async function endInvitesCreatedBy(trx: Knex.Transaction, userId: number): Promise<number[]> {
  const ids: number[] = await trx(INVITES).where({ created_by: userId })
    .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', trx.raw('UTC_TIMESTAMP(3)'))).pluck('id');
  if (ids.length > 0) await trx(INVITES).whereIn('id', ids).update({ expires_at: trx.raw('UTC_TIMESTAMP(3)') });
  return ids;
}

/**
 * The audit entries that created the user (`user.create`, `user.register`) keep their place with the
 * pseudonyms in place of the email and username they recorded; nothing else of any entry changes (the
 * audit log's trigger allows this one rewrite, for the user the session names, and refuses any other).
 */
export async function pseudonymizeAuditEntries(trx: Knex.Transaction, userId: number, pseudonym: { email: string; username: string }): Promise<void> {
  await trx.raw('SET @audit_erasure_user = ?', [String(userId)]);
  try {
    await trx(AUDIT).where({ target_type: 'user', target_id: String(userId) }).whereIn('action', ['user.create', 'user.register'])
      .update({ changes: trx.raw(`JSON_REPLACE(changes, '$.email[1]', ?, '$.username[1]', ?)`, [pseudonym.email, pseudonym.username]) });
  } finally {
    await trx.raw('SET @audit_erasure_user = NULL');
  }
}
