import type { Knex } from 'knex';
import { applyPage, type Page } from '../../db/page';
import { groupByParent, rowsPerParent } from '../../db/per-parent';
import { copyMemberScores, dropMemberScores } from './leaderboard-scores-repository';
import { GROUPS, GROUPS_EVER, MEMBERS } from './leaderboard-tables';
import { USERS } from '../users/users-repository';
import { conflictOnDuplicate } from '../../db/mysql-errors';

export interface GroupRow {
  id: number;
  leaderboard_id: number;
  key: string;
  name: string;
  is_default: number | boolean;
  created_at: Date;
  updated_at: Date;
}

export type GroupFields = Pick<GroupRow, 'key' | 'name'> & { is_default: boolean };

export function findGroup(db: Knex, id: number): Promise<GroupRow | undefined> {
  return db<GroupRow>(GROUPS).where({ id }).first();
}

/** A page of each leaderboard's groups, in one statement. */
export async function groupsOfLeaderboards(db: Knex, leaderboardIds: readonly number[], page: Page): Promise<Map<number, GroupRow[]>> {
  const part = (id: number) => applyPage(db<GroupRow>(GROUPS).where({ leaderboard_id: id }).orderBy('id'), page);
  return groupByParent(leaderboardIds, await rowsPerParent<GroupRow>(db, leaderboardIds, part, ['leaderboard_id', 'id']), 'leaderboard_id');
}

export async function listGroups(db: Knex, leaderboardId: number, page: Page): Promise<GroupRow[]> {
  return (await groupsOfLeaderboards(db, [leaderboardId], page)).get(leaderboardId)!;
}

/** Writes a group in the caller's transaction; `is_default` true clears it on the leaderboard's other groups. */
export async function saveGroup(trx: Knex.Transaction, leaderboardId: number, id: number | null, fields: Partial<GroupFields>): Promise<number> {
  const keyTaken = () => `the leaderboard already has a group with key "${fields.key}"`;
  const groupId = id ?? ((await conflictOnDuplicate(trx(GROUPS).insert({ leaderboard_id: leaderboardId, ...fields }), keyTaken, 'key')) as number[])[0]!;
  if (id !== null) await conflictOnDuplicate(trx(GROUPS).where({ id }).update({ ...fields, updated_at: trx.fn.now(3) }), keyTaken, 'key');
  if (fields.is_default) {
    await trx(GROUPS).where({ leaderboard_id: leaderboardId, is_default: true }).whereNot({ id: groupId }).update({ is_default: false, updated_at: trx.fn.now(3) });
  }
  return groupId;
}

export async function deleteGroup(db: Knex, id: number): Promise<void> {
  await db(GROUPS).where({ id }).delete();
}

/** The membership and the member's scores in the group's copy, in the caller's transaction. */
export async function insertMember(trx: Knex.Transaction, group: Pick<GroupRow, 'id' | 'leaderboard_id'>, userId: number): Promise<void> {
  await conflictOnDuplicate(trx(MEMBERS).insert({ group_id: group.id, user_id: userId }), () => `user ${userId} is already a member of group ${group.id}`, 'user_id');
  await trx.raw(`INSERT IGNORE INTO ${GROUPS_EVER} (user_id, group_id) VALUES (?, ?)`, [userId, group.id]);
  await copyMemberScores(trx, group.id, group.leaderboard_id, userId);
}

export async function deleteMember(trx: Knex.Transaction, groupId: number, userId: number): Promise<boolean> {
  const removed = (await trx(MEMBERS).where({ group_id: groupId, user_id: userId }).delete()) > 0;
  await dropMemberScores(trx, groupId, userId);
  return removed;
}

export function findMember(db: Knex, groupId: number, userId: number): Promise<{ created_at: Date } | undefined> {
  return db(MEMBERS).where({ group_id: groupId, user_id: userId }).first('created_at');
}

export function listMembers(db: Knex, groupId: number, page: Page): Promise<Array<{ user_id: number; username: string; created_at: Date }>> {
  return db(`${MEMBERS} as m`)
    .join(`${USERS} as u`, 'u.id', 'm.user_id')
    .where('m.group_id', groupId)
    .orderBy('m.user_id')
    .limit(page.limit)
    .offset(page.offset)
    .select('m.user_id', 'u.username', 'm.created_at');
}
