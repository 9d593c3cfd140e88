import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, intQuery, optionalIdQuery, pageQuery, RANKINGS_LIMIT, stringQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { LeaderboardGroupsService } from './leaderboard-groups-service';
import type {
  CreateGroupInput,
  CreateLeaderboardInput,
  MemberInput,
  ScoreInput,
  UpdateGroupInput,
  UpdateLeaderboardInput,
} from './leaderboards-schemas';
import type { LeaderboardsService } from './leaderboards-service';

export function leaderboardsRoutes(leaderboards: LeaderboardsService, groups: LeaderboardGroupsService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  const inGame = '/api/games/:id/leaderboards';
  const lb = (params: Record<string, string | undefined>) => idParam(params, 'leaderboard_id');
  const group = (params: Record<string, string | undefined>) => idParam(params, 'group_id');

  router.get(inGame, guard('any'), async (ctx) => {
    ctx.body = await leaderboards.list(idParam(ctx.params, 'id'), pageQuery(ctx.query));
  });
  router.get(`${inGame}/:leaderboard_id`, guard('any'), async (ctx) => {
    ctx.body = await leaderboards.get(idParam(ctx.params, 'id'), lb(ctx.params));
  });
  router.post(inGame, guard('staff'), async (ctx) => {
    const leaderboard = await leaderboards.create(idParam(ctx.params, 'id'), ctx.request.body as CreateLeaderboardInput);
    created(ctx, leaderboard, `/api/games/${leaderboard.game_id}/leaderboards/${leaderboard.id}`);
  });
  router.put(`${inGame}/:leaderboard_id`, guard('staff'), async (ctx) => {
    ctx.body = await leaderboards.update(idParam(ctx.params, 'id'), lb(ctx.params), ctx.request.body as UpdateLeaderboardInput);
  });
  router.delete(`${inGame}/:leaderboard_id`, guard('staff'), async (ctx) => {
    await leaderboards.remove(idParam(ctx.params, 'id'), lb(ctx.params));
    noContent(ctx);
  });

  router.post('/api/leaderboards/:leaderboard_id/scores', guard('staff'), async (ctx) => {
    ctx.body = await leaderboards.saveScore(lb(ctx.params), ctx.request.body as ScoreInput);
  });
  router.get('/api/leaderboards/:leaderboard_id/rankings', guard('any'), async (ctx) => {
    const id = lb(ctx.params);
    ctx.body = await leaderboards.rankings(id, {
      groupId: optionalIdQuery(ctx.query, 'group_id'),
      aroundUserGameId: optionalIdQuery(ctx.query, 'around_user_game_id'),
      periodStart: stringQuery(ctx.query, 'period_start'),
      limit: intQuery(ctx.query, 'limit', RANKINGS_LIMIT.defaultLimit, 1, RANKINGS_LIMIT.maxLimit),
    });
  });

  router.get('/api/leaderboards/:leaderboard_id/groups', guard('any'), async (ctx) => {
    ctx.body = await groups.list(lb(ctx.params), pageQuery(ctx.query));
  });
  router.post('/api/leaderboards/:leaderboard_id/groups', guard('staff'), async (ctx) => {
    created(ctx, await groups.create(lb(ctx.params), ctx.request.body as CreateGroupInput));
  });
  router.put('/api/leaderboard-groups/:group_id', guard('staff'), async (ctx) => {
    ctx.body = await groups.update(group(ctx.params), ctx.request.body as UpdateGroupInput);
  });
  router.delete('/api/leaderboard-groups/:group_id', guard('staff'), async (ctx) => {
    await groups.remove(group(ctx.params));
    noContent(ctx);
  });
  router.get('/api/leaderboard-groups/:group_id/members', guard('any'), async (ctx) => {
    ctx.body = await groups.members(group(ctx.params), pageQuery(ctx.query));
  });
  router.post('/api/leaderboard-groups/:group_id/members', guard('staff'), async (ctx) => {
    created(ctx, await groups.addMember(group(ctx.params), ctx.request.body as MemberInput));
  });
  router.delete('/api/leaderboard-groups/:group_id/members/:user_id', guard('staff'), async (ctx) => {
    await groups.removeMember(group(ctx.params), idParam(ctx.params, 'user_id'));
    noContent(ctx);
  });
  return router;
}
