import type { Page } from '../../db/page';
import { AppError } from '../../errors';
import { changedFields, createdFields, deletedFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store, Work } from '../unit-of-work';
import { namedFields, validateBody } from '../core/validation';
import type { LeaderboardScope } from './leaderboard-scope';
import type { GroupRow } from './leaderboard-groups-repository';
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

type GroupRepositories = 'leaderboardGroups' | 'connectionsReads' | 'userStanding';

export function createLeaderboardGroupsService({ store, scope }: { store: Store<GroupRepositories>; scope: LeaderboardScope }) {
  const { read } = store;
  /** A write and its audit entry in one transaction, retried whole after a deadlock. */
  const inTransaction = <T>(actor: Actor, work: (tx: Work<GroupRepositories>) => Promise<T>) => store.run(actor, work, { retryOnDeadlock: true });

  const reread = async (id: number) => toPublic((await read.leaderboardGroups.findGroup(id))!);

  return {
    async list(leaderboardId: number, page: Page): Promise<PublicGroup[]> {
      await scope.leaderboard(leaderboardId);
      return (await read.leaderboardGroups.listGroups(leaderboardId, page)).map(toPublic);
    },

    /** Groups of leaderboards read in this request (their module was checked then): one statement. */
    async listOfLeaderboards(leaderboardIds: readonly number[], page: Page): Promise<PublicGroup[][]> {
      const byLeaderboard = await read.leaderboardGroups.groupsOfLeaderboards(leaderboardIds, page);
      return leaderboardIds.map((id) => byLeaderboard.get(id)!.map(toPublic));
    },

    async create(actor: Actor, leaderboardId: number, input: CreateGroupInput): Promise<PublicGroup> {
      const leaderboard = await scope.leaderboard(leaderboardId);
      const fields = { is_default: false, ...validateBody(createGroupSchema, input) };
      const id = await inTransaction(actor, async ({ repos, audit }) => {
        const groupId = await repos.leaderboardGroups.saveGroup(leaderboardId, null, fields);
        audit({ action: 'leaderboard_group.create', targetId: groupId, gameId: leaderboard.game_id, changes: createdFields({ leaderboard_id: leaderboardId, ...fields }) });
        return groupId;
      });
      return reread(id);
    },

    async update(actor: Actor, groupId: number, input: UpdateGroupInput): Promise<PublicGroup> {
      const { group, leaderboard } = await scope.group(groupId);
      const changes = namedFields(validateBody(updateGroupSchema, input));
      if (Object.keys(changes).length > 0) {
        await inTransaction(actor, async ({ repos, audit }) => {
          await repos.leaderboardGroups.saveGroup(group.leaderboard_id, groupId, changes);
          const audited = changedFields(auditedGroup(toPublic(group)), changes);
          audit({ action: 'leaderboard_group.update', targetId: groupId, gameId: leaderboard.game_id, changes: audited });
        });
      }
      return reread(groupId);
    },

    async remove(actor: Actor, groupId: number): Promise<void> {
      const { group, leaderboard } = await scope.group(groupId);
      await inTransaction(actor, async ({ repos, audit }) => {
        await repos.leaderboardGroups.deleteGroup(groupId);
        const changes = deletedFields({ leaderboard_id: group.leaderboard_id, ...auditedGroup(toPublic(group)) });
        audit({ action: 'leaderboard_group.delete', targetId: groupId, gameId: leaderboard.game_id, changes });
      });
    },

    async members(groupId: number, page: Page): Promise<GroupMember[]> {
      await scope.group(groupId);
      return (await read.leaderboardGroups.listMembers(groupId, page)).map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },

    /** The user must be connected to the leaderboard's game (400); a second add is a 409. */
    async addMember(actor: Actor, groupId: number, input: MemberInput): Promise<GroupMembership> {
      const { group, leaderboard } = await scope.group(groupId);
      const { user_id: userId } = validateBody(memberSchema, input);
      if (!(await read.connectionsReads.findConnection(userId, leaderboard.game_id))) {
        throw new AppError('VALIDATION_FAILED', `user ${userId} is not connected to game ${leaderboard.game_id}`, {
          errors: [{ path: 'user_id', message: "must be a user connected to the leaderboard's game" }],
        });
      }
      await inTransaction(actor, async ({ repos, audit }) => {
        await repos.userStanding.lockUnerasedUser(userId);
        await repos.leaderboardGroups.insertMember(group, userId);
        audit({ action: 'leaderboard_member.add', targetId: `${groupId}:${userId}`, gameId: leaderboard.game_id, changes: { member: [false, true] } });
      });
      return { group_id: groupId, user_id: userId, created_at: (await read.leaderboardGroups.findMember(groupId, userId))!.created_at.toISOString() };
    },

    async removeMember(actor: Actor, groupId: number, userId: number): Promise<void> {
      const { leaderboard } = await scope.group(groupId);
      await inTransaction(actor, async ({ repos, audit }) => {
        if (!(await repos.leaderboardGroups.deleteMember(groupId, userId))) throw new AppError('NOT_FOUND', `user ${userId} is not a member of group ${groupId}`);
        audit({ action: 'leaderboard_member.remove', targetId: `${groupId}:${userId}`, gameId: leaderboard.game_id, changes: { member: [true, false] } });
      });
    },
  };
}

export type LeaderboardGroupsService = ReturnType<typeof createLeaderboardGroupsService>;
