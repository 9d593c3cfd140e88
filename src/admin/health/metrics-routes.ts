import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { Registry } from 'prom-client';
import { METRICS_CONTENT_TYPE } from '../../metrics/metrics-registry';

/** `GET /metrics` on the HTTP role: the process's registry in Prometheus' text format. */
export function metricsRoutes(registry: Registry): Router {
  const router = createRouter();
  router.get('/metrics', async (ctx) => {
    ctx.type = METRICS_CONTENT_TYPE;
    ctx.body = await registry.metrics();
  });
  return router;
}
