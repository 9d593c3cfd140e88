import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, LEDGER_PAGE, pageQuery } from '../http/params';
import { created } from '../http/respond';
import type { AppState } from '../koa-types';
import type { BalanceService, TopupInput } from './balance-service';

export function balanceRoutes(balance: BalanceService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.post('/api/user-games/:ug_id/topup', guard('admin'), async (ctx) => {
    const key = ctx.get('idempotency-key') || undefined;
    created(ctx, await balance.topup(idParam(ctx.params, 'ug_id'), ctx.request.body as TopupInput, key));
  });
  router.get('/api/user-games/:ug_id/transactions', guard('any'), async (ctx) => {
    const userGameId = idParam(ctx.params, 'ug_id');
    ctx.body = await balance.ledger(ctx.state.user, userGameId, pageQuery(ctx.query, LEDGER_PAGE.defaultLimit, LEDGER_PAGE.maxLimit));
  });
  router.get('/api/user-games/:ug_id/balance', guard('any'), async (ctx) => {
    ctx.body = await balance.balances(ctx.state.user, idParam(ctx.params, 'ug_id'));
  });
  return router;
}
