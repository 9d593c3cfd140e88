import Koa from 'koa';
import type { Logger } from '../logging/logger';
import { healthRoutes, type ReadinessProbe } from './health/health-routes';
import type { AppState } from './koa-types';
import { problemErrors } from './middleware/problem-errors';
import { requestContext } from './middleware/request-context';

export interface HttpAppDeps {
  readonly logger: Logger;
  readonly probes: readonly ReadinessProbe[];
}

/** The management API's Koa app. Resource routers join here as their issues land. */
export function createHttpApp({ logger, probes }: HttpAppDeps): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: false });
  app.silent = true; // errors are logged by the middleware, with the request id
  app.use(requestContext(logger));
  app.use(problemErrors());
  const health = healthRoutes(probes);
  app.use(health.routes()).use(health.allowedMethods());
  return app;
}
