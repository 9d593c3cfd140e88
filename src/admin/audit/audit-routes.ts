import type Router from '@koa/router';
import type { AccessGuard } from '../http/access';
import { AUDIT_PAGE, intQuery, pageQuery, stringQuery } from '../http/params';
import { createRouter } from '../http/router';
import type { AppState } from '../koa-types';
import type { AuditLog } from './audit-service';

/**
 * `GET /api/audit` (admins only). No other method is routed here, so PUT, PATCH and DELETE are 405:
 * no interface changes or deletes an entry (and the table's triggers refuse it anyway).
 */
export function auditRoutes(audit: AuditLog, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  router.get('/api/audit', guard('admin'), async (ctx) => {
    const optionalInt = (name: string) => (ctx.query[name] === undefined ? undefined : intQuery(ctx.query, name, 0, 1, Number.MAX_SAFE_INTEGER));
    ctx.body = await audit.list(
      {
        action: stringQuery(ctx.query, 'action'),
        actor_user_id: optionalInt('actor_user_id'),
        target_type: stringQuery(ctx.query, 'target_type'),
        target_id: stringQuery(ctx.query, 'target_id'),
        game_id: optionalInt('game_id'),
        since: stringQuery(ctx.query, 'since'),
        until: stringQuery(ctx.query, 'until'),
        after_id: optionalInt('after_id'),
      },
      pageQuery(ctx.query, AUDIT_PAGE.defaultLimit, AUDIT_PAGE.maxLimit, AUDIT_PAGE.maxOffset),
    );
  });
  return router;
}
