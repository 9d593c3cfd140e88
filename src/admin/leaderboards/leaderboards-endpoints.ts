import { endpoint, gone, idQuery, limit, list, made, one, page, paged, textParam } from '../http/endpoint';
import { gameItemsEndpoints } from '../http/game-items';
import type { AdminServices } from '../admin-services';
import { RANKINGS_LIMIT } from '../http/params';
import { createGroupSchema, createLeaderboardSchema, memberSchema, scoreSchema, updateGroupSchema, updateLeaderboardSchema } from './leaderboards-schemas';
import { groupMemberReply, groupMembershipReply, groupReply, leaderboardReply, payoutPreviewReply, payoutReply, rankingsReply, savedScoreReply } from './leaderboards-replies';

const GROUP = '/api/leaderboard-groups/{group_id}';
/** The game a group's operation acts on (SPEC §2.12's scoped moderators). */
const inGroupsGame = ({ params }: { params: { group_id: number } }, { gameOf }: AdminServices) => gameOf.group(params.group_id);

/** The query of rankings (REST and GraphQL's `rankings` and `Leaderboard.rankings` read it alike). */
export const RANKINGS_QUERY = {
  groupId: idQuery('group_id', 'only this group\'s members'),
  aroundUserGameId: idQuery('around_user_game_id', 'a window of `limit` rows around this user-game; ranks in the whole ordering ([] without a score)'),
  periodStart: textParam(
    'period_start', { type: 'string', format: 'date-time' },
    'rank the past period that starts then (the UTC start of a day, ISO week or month); rows then carry period_start',
  ),
  limit: limit(RANKINGS_LIMIT),
};

/** Module leaderboard: leaderboards, scores, rankings, groups and their members. */
export const leaderboardsEndpoints = [
  ...gameItemsEndpoints({
    items: 'leaderboards', item: 'leaderboard', param: 'leaderboard_id', tag: 'leaderboards', module: 'leaderboard', readAccess: 'any', reply: leaderboardReply, errors: [409],
    summaries: { list: 'A game\'s leaderboards', one: 'A leaderboard', remove: 'Delete a leaderboard' },
    create: { body: createLeaderboardSchema, summary: 'Create a leaderboard' },
    change: { verb: 'update', body: updateLeaderboardSchema, summary: 'Change a leaderboard (the fields given)' },
    service: ({ leaderboards }) => leaderboards,
  }),
  endpoint({
    method: 'post', path: '/api/leaderboards/{leaderboard_id}/scores', tag: 'leaderboards', access: 'staff', game: ({ params }, { gameOf }) => gameOf.leaderboard(params.leaderboard_id), module: 'leaderboard',
    summary: 'Save a user-game\'s score of the current period (by the leaderboard\'s operator)',
    body: scoreSchema, ok: one(savedScoreReply), errors: [409],
    description: 'The reply is the stored score after the save. An inactive leaderboard, an incr past ±1e15, or an erased player (SPEC §2.14) answers 409.',
    graphql: { type: 'Mutation', field: 'saveScore' },
    handle: ({ actor, params, body }, { leaderboards }) => leaderboards.saveScore(actor, params.leaderboard_id, body),
  }),
  endpoint({
    method: 'get', path: '/api/leaderboards/{leaderboard_id}/rankings', tag: 'leaderboards', summary: 'The current period\'s rankings', access: 'any', module: 'leaderboard',
    query: RANKINGS_QUERY, ok: one(rankingsReply),
    graphql: { type: 'Query', field: 'rankings' },
    handle: ({ params, query }, { leaderboards }) => leaderboards.rankings(params.leaderboard_id, query),
  }),
  endpoint({
    method: 'get', path: '/api/leaderboards/{leaderboard_id}/payouts', tag: 'leaderboards', summary: 'The period rewards paid, the latest period first', access: 'staff', module: 'leaderboard',
    game: ({ params }, { gameOf }) => gameOf.leaderboard(params.leaderboard_id),
    query: { periodStart: textParam('period_start', { type: 'string', format: 'date-time' }, 'only the period that starts then (the UTC start of a day, ISO week or month)'), page: page() },
    ok: paged(payoutReply),
    description: 'When a daily, weekly or monthly period closes, each worker round pays its ranked players the reward of their rank\'s range once (SPEC §2.12); a row without topup_id is planned and not paid yet.',
    graphql: { type: 'Query', field: 'leaderboardPayouts', total: 'leaderboardPayoutsTotal' },
    handle: ({ params, query }, { leaderboardPayouts }) => leaderboardPayouts.list(params.leaderboard_id, query.periodStart),
  }),
  endpoint({
    method: 'get', path: '/api/leaderboards/{leaderboard_id}/payouts/preview', tag: 'leaderboards', summary: 'What the current period would pay if it closed now', access: 'staff', module: 'leaderboard',
    game: ({ params }, { gameOf }) => gameOf.leaderboard(params.leaderboard_id), ok: one(payoutPreviewReply),
    description: 'The standings so far, ranked and paid by the reward ranges as the worker pays them when the period closes (ties share the better rank); later saves still change it. A board without rewards, or an all_time one, pays nothing (period_start null).',
    graphql: { type: 'Query', field: 'leaderboardPayoutPreview', cost: 10000, once: true }, // up to 10,000 rows read per ask (MAX_PREVIEW_PAYOUTS)
    handle: ({ params }, { leaderboardPayouts }) => leaderboardPayouts.preview(params.leaderboard_id),
  }),
  endpoint({
    method: 'get', path: '/api/leaderboards/{leaderboard_id}/groups', tag: 'leaderboard groups', summary: 'A leaderboard\'s groups', access: 'any', module: 'leaderboard',
    query: { page: page() }, ok: list(groupReply),
    graphql: { type: 'Query', field: 'leaderboardGroups' },
    handle: ({ params, query }, { leaderboardGroups }) => leaderboardGroups.list(params.leaderboard_id, query.page),
  }),
  endpoint({
    method: 'post', path: '/api/leaderboards/{leaderboard_id}/groups', tag: 'leaderboard groups', summary: 'Create a group', access: 'staff', game: ({ params }, { gameOf }) => gameOf.leaderboard(params.leaderboard_id), module: 'leaderboard',
    body: createGroupSchema, ok: made(groupReply, false), errors: [409],
    graphql: { type: 'Mutation', field: 'createLeaderboardGroup' },
    handle: ({ actor, params, body }, { leaderboardGroups }) => leaderboardGroups.create(actor, params.leaderboard_id, body),
  }),
  endpoint({
    method: 'put', path: GROUP, tag: 'leaderboard groups', summary: 'Change a group', access: 'staff', game: inGroupsGame, module: 'leaderboard',
    body: updateGroupSchema, ok: one(groupReply), errors: [409],
    graphql: { type: 'Mutation', field: 'updateLeaderboardGroup', params: { group_id: 'id' } },
    handle: ({ actor, params, body }, { leaderboardGroups }) => leaderboardGroups.update(actor, params.group_id, body),
  }),
  endpoint({
    method: 'delete', path: GROUP, tag: 'leaderboard groups', summary: 'Delete a group', access: 'staff', game: inGroupsGame, module: 'leaderboard', ok: gone,
    graphql: { type: 'Mutation', field: 'deleteLeaderboardGroup', params: { group_id: 'id' } },
    handle: ({ actor, params }, { leaderboardGroups }) => leaderboardGroups.remove(actor, params.group_id),
  }),
  endpoint({
    method: 'get', path: `${GROUP}/members`, tag: 'leaderboard groups', summary: 'A group\'s members', access: 'any', module: 'leaderboard',
    query: { page: page() }, ok: list(groupMemberReply),
    graphql: { type: 'Query', field: 'groupMembers' },
    handle: ({ params, query }, { leaderboardGroups }) => leaderboardGroups.members(params.group_id, query.page),
  }),
  endpoint({
    method: 'post', path: `${GROUP}/members`, tag: 'leaderboard groups', summary: 'Add a member (connected to the leaderboard\'s game)', access: 'staff', game: inGroupsGame, module: 'leaderboard',
    body: memberSchema, ok: made(groupMembershipReply, false), errors: [409],
    graphql: { type: 'Mutation', field: 'addGroupMember' },
    handle: ({ actor, params, body }, { leaderboardGroups }) => leaderboardGroups.addMember(actor, params.group_id, body),
  }),
  endpoint({
    method: 'delete', path: `${GROUP}/members/{user_id}`, tag: 'leaderboard groups', summary: 'Remove a member', access: 'staff', game: inGroupsGame, module: 'leaderboard', ok: gone,
    graphql: { type: 'Mutation', field: 'removeGroupMember' },
    handle: ({ actor, params }, { leaderboardGroups }) => leaderboardGroups.removeMember(actor, params.group_id, params.user_id),
  }),
];
