import cors from '@koa/cors';
import type Router from '@koa/router';
import Koa from 'koa';
import type { Queue } from 'bullmq';
import type { Registry } from 'prom-client';
import type { Logger } from '../logging/logger';
import { httpMetrics } from '../metrics/http-metrics';
import type { AdminServices } from './admin-services';
import { consoleApp } from './console/console-app';
import { graphqlRoutes } from './graphql/graphql-routes';
import { healthRoutes, type ReadinessProbe } from './health/health-routes';
import { metricsRoutes } from './health/metrics-routes';
import { ADMIN_ENDPOINTS } from './admin-endpoints';
import { createAccessGuard } from './http/access';
import { favicon } from './http/favicon';
import { endpointRouter } from './http/endpoint-routes';
import type { AppState } from './koa-types';
import { clientAddress } from './middleware/client-address';
import { problemErrors } from './middleware/problem-errors';
import { queueDashboard } from './queues/queue-dashboard';
import { openApiRoutes } from './openapi/openapi-routes';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';

export interface HttpAppDeps {
  readonly logger: Logger;
  readonly probes: readonly ReadinessProbe[];
  /** Without services the app serves the health endpoints only. */
  readonly services?: AdminServices;
  readonly corsOrigins?: readonly string[];
  /** GraphQL's schema introspection (default on; see GRAPHQL_INTROSPECTION). */
  readonly graphqlIntrospection?: boolean;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (login limits). */
  readonly trustedProxies?: readonly string[];
  /** The process's metrics registry: request metrics, and `GET /metrics` where `metricsOnApiPort`. */
  readonly metrics?: Registry;
  /** Serve `GET /metrics` on this port (default true; never in production: SPEC §2.10). */
  readonly metricsOnApiPort?: boolean;
  /** BullMQ queues shown on the admins' dashboard under /admin/queues (none: no dashboard). */
  readonly queues?: readonly Queue[];
}

/** The management API's Koa app: security headers, request ids, problem+json errors, CORS, resource routes, GraphQL. */
export function createHttpApp(deps: HttpAppDeps): Koa<AppState> {
  const { logger, services, corsOrigins = [], trustedProxies = [], metrics, queues = [] } = deps;
  const app = new Koa<AppState>({ proxy: false });
  app.silent = true; // errors are logged by the middleware, with the request id
  app.use(securityHeaders());
  app.use(requestContext(logger));
  if (metrics) app.use(httpMetrics(metrics));
  app.use(clientAddress(trustedProxies));
  app.use(problemErrors());
  if (corsOrigins.length > 0) {
    app.use(cors({ origin: (ctx) => (corsOrigins.includes(ctx.get('origin')) ? ctx.get('origin') : ''), exposeHeaders: ['Location', 'X-Request-Id', 'Retry-After', 'ETag', 'Config-Overrides', 'X-Total-Count'] }));
  }
  app.use(favicon());
  if (services) app.use(consoleApp());
  if (services && queues.length > 0) {
    app.use(queueDashboard({ queues, auth: services.auth, sessions: services.dashboardSessions, secureCookie: services.secureCookies }));
  }
  for (const router of httpRouters(deps)) app.use(router.routes()).use(router.allowedMethods());
  return app;
}

/**
 * Every router of the app, in order: health, metrics, the API's docs, then (with services) the
 * resources and GraphQL. The OpenAPI test lists their routes to find any the document lacks.
 */
export function httpRouters(deps: Pick<HttpAppDeps, 'probes' | 'services' | 'graphqlIntrospection' | 'metrics' | 'metricsOnApiPort'>): Router<AppState>[] {
  const { probes, services, graphqlIntrospection = true, metrics, metricsOnApiPort = true } = deps;
  const routers = [healthRoutes(probes), ...(metrics && metricsOnApiPort ? [metricsRoutes(metrics)] : []), openApiRoutes()];
  if (!services) return routers;
  // No body parser here: the access guard (or a public route) reads JSON bodies after the token check.
  const guard = createAccessGuard(services.auth);
  return [
    ...routers,
    endpointRouter(ADMIN_ENDPOINTS, services, guard),
    graphqlRoutes(services, { introspection: graphqlIntrospection }),
  ];
}
