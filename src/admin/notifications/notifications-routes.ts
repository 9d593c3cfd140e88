import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AccessGuard } from '../http/access';
import { idParam, pageQuery } from '../http/params';
import { created, noContent } from '../http/respond';
import type { AppState } from '../koa-types';
import type { NotificationInput } from './notification-rules';
import type { NotificationsService } from './notifications-service';

export function notificationsRoutes(notifications: NotificationsService, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  const base = '/api/games/:id/notifications';
  const ids = (params: Record<string, string | undefined>) => [idParam(params, 'id'), idParam(params, 'notification_id')] as const;
  router.get(base, guard('any'), async (ctx) => {
    ctx.body = await notifications.list(idParam(ctx.params, 'id'), pageQuery(ctx.query));
  });
  router.get(`${base}/:notification_id`, guard('any'), async (ctx) => {
    ctx.body = await notifications.get(...ids(ctx.params));
  });
  router.post(base, guard('staff'), async (ctx) => {
    const notification = await notifications.create(idParam(ctx.params, 'id'), ctx.request.body as NotificationInput);
    created(ctx, notification, `/api/games/${notification.game_id}/notifications/${notification.id}`);
  });
  router.put(`${base}/:notification_id`, guard('staff'), async (ctx) => {
    ctx.body = await notifications.replace(...ids(ctx.params), ctx.request.body as NotificationInput);
  });
  router.delete(`${base}/:notification_id`, guard('staff'), async (ctx) => {
    await notifications.remove(...ids(ctx.params));
    noContent(ctx);
  });
  return router;
}
