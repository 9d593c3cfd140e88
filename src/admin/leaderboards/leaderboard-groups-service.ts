import type { Knex } from 'knex';
import type { Page } from '../../db/page';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { AuditLog } from '../audit/audit-service';
import { findConnection } from '../connections/connections-reads';
import { namedFields, validateBody } from '../core/validation';
import type { LeaderboardScope } from './leaderboard-scope';
import {
  deleteGroup,
  deleteMember,
  findGroup,
  findMember,
  groupsOfLeaderboards,
  insertMember,
  listGroups,
  listMembers,
  saveGroup,
  type GroupRow,
} from './leaderboard-groups-repository';
import { createGroupSchema, memberSchema, updateGroupSchema, type CreateGroupInput, type MemberInput, type UpdateGroupInput } from './leaderboards-schemas';
import type { GroupMember, GroupMembership, PublicGroup } from './leaderboards-replies';


const toPublic = (row: GroupRow): PublicGroup => ({
  id: row.id,
  leaderboard_id: row.leaderboard_id,
  key: row.key,
  name: row.name,
  is_default: Boolean(row.is_default),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Groups of a leaderboard (one default at most) and their members: users connected to its game. */
const auditedGroup = ({ key, name, is_default }: PublicGroup) => ({ key, name, is_default });

export function createLeaderboardGroupsService({ db, scope, audit }: { db: Knex; scope: LeaderboardScope; audit: AuditLog }) {
  /** A write and its audit entry in one transaction, retried whole after a deadlock. */
  const inTransaction = <T>(work: (trx: Knex.Transaction) => Promise<T>) => retryOnDeadlock(() => db.transaction(work));

  const reread = async (id: number) => toPublic((await findGroup(db, id))!);

  return {
    async list(leaderboardId: number, page: Page): Promise<PublicGroup[]> {
      await scope.leaderboard(leaderboardId);
      return (await listGroups(db, leaderboardId, page)).map(toPublic);
    },

    /** Groups of leaderboards read in this request (their module was checked then): one statement. */
    async listOfLeaderboards(leaderboardIds: readonly number[], page: Page): Promise<PublicGroup[][]> {
      const byLeaderboard = await groupsOfLeaderboards(db, leaderboardIds, page);
      return leaderboardIds.map((id) => byLeaderboard.get(id)!.map(toPublic));
    },

    async create(leaderboardId: number, input: CreateGroupInput): Promise<PublicGroup> {
      const leaderboard = await scope.leaderboard(leaderboardId);
      const fields = { is_default: false, ...validateBody(createGroupSchema, input) };
      const id = await inTransaction(async (trx) => {
        const groupId = await saveGroup(trx, leaderboardId, null, fields);
        await audit.record(trx, { action: 'leaderboard_group.create', targetId: groupId, gameId: leaderboard.game_id, changes: createdFields({ leaderboard_id: leaderboardId, ...fields }) });
        return groupId;
      });
      return reread(id);
    },

    async update(groupId: number, input: UpdateGroupInput): Promise<PublicGroup> {
      const { group, leaderboard } = await scope.group(groupId);
      const changes = namedFields(validateBody(updateGroupSchema, input));
      if (Object.keys(changes).length > 0) {
        await inTransaction(async (trx) => {
          await saveGroup(trx, group.leaderboard_id, groupId, changes);
          const audited = changedFields(auditedGroup(toPublic(group)), changes);
          await audit.record(trx, { action: 'leaderboard_group.update', targetId: groupId, gameId: leaderboard.game_id, changes: audited });
        });
      }
      return reread(groupId);
    },

    async remove(groupId: number): Promise<void> {
      const { group, leaderboard } = await scope.group(groupId);
      await inTransaction(async (trx) => {
        await deleteGroup(trx, groupId);
        const changes = deletedFields({ leaderboard_id: group.leaderboard_id, ...auditedGroup(toPublic(group)) });
        await audit.record(trx, { action: 'leaderboard_group.delete', targetId: groupId, gameId: leaderboard.game_id, changes });
      });
    },

    async members(groupId: number, page: Page): Promise<GroupMember[]> {
      await scope.group(groupId);
      return (await listMembers(db, groupId, page)).map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },

    /** The user must be connected to the leaderboard's game (400); a second add is a 409. */
    async addMember(groupId: number, input: MemberInput): Promise<GroupMembership> {
      const { group, leaderboard } = await scope.group(groupId);
      const { user_id: userId } = validateBody(memberSchema, input);
      if (!(await findConnection(db, userId, leaderboard.game_id))) {
        throw new AppError('VALIDATION_FAILED', `user ${userId} is not connected to game ${leaderboard.game_id}`, {
          errors: [{ path: 'user_id', message: "must be a user connected to the leaderboard's game" }],
        });
      }
      await inTransaction(async (trx) => {
        await insertMember(trx, group, userId);
        await audit.record(trx, { action: 'leaderboard_member.add', targetId: `${groupId}:${userId}`, gameId: leaderboard.game_id, changes: { member: [false, true] } });
      });
      return { group_id: groupId, user_id: userId, created_at: (await findMember(db, groupId, userId))!.created_at.toISOString() };
    },

    async removeMember(groupId: number, userId: number): Promise<void> {
      const { leaderboard } = await scope.group(groupId);
      await inTransaction(async (trx) => {
        if (!(await deleteMember(trx, groupId, userId))) throw new AppError('NOT_FOUND', `user ${userId} is not a member of group ${groupId}`);
        await audit.record(trx, { action: 'leaderboard_member.remove', targetId: `${groupId}:${userId}`, gameId: leaderboard.game_id, changes: { member: [true, false] } });
      });
    },
  };
}

export type LeaderboardGroupsService = ReturnType<typeof createLeaderboardGroupsService>;
