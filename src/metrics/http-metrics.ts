import type { Middleware } from 'koa';
import { Counter, Histogram, type Registry } from 'prom-client';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * `reservation_http_requests_total{method,route,status}` and
 * `reservation_http_request_duration_seconds{method,route}`. The route is the router's template
 * (`/api/games/:id`), never the raw path: a request no route matched counts as `unmatched`, and an
 * unusual method as `OTHER`, so label values stay bounded.
 */
export function httpMetrics(registry: Registry): Middleware {
  const requests = new Counter({
    name: 'reservation_http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'reservation_http_request_duration_seconds',
    help: 'HTTP request duration by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = METHODS.has(ctx.method) ? ctx.method : 'OTHER';
      const route = (ctx as unknown as { _matchedRoute?: string | RegExp })._matchedRoute;
      const template = typeof route === 'string' ? route : 'unmatched';
      requests.labels(method, template, String(ctx.status)).inc();
      duration.labels(method, template).observe((performance.now() - started) / 1000);
    }
  };
}
