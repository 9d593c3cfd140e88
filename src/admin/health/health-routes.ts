import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { AppState } from '../koa-types';
import type { Health, Readiness } from './health-replies';

export interface ReadinessProbe {
  readonly name: string;
  check(): Promise<void>;
}

/** `/healthz`: the process is up. `/readyz`: every dependency answers (503 naming the ones that do not). */
export function healthRoutes(probes: readonly ReadinessProbe[]): Router<AppState> {
  const router = createRouter();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' } satisfies Health;
  });
  router.get('/readyz', async (ctx) => {
    const results = await Promise.all(
      probes.map(async (probe) => {
        try {
          await probe.check();
          return [probe.name, 'ok'] as const;
        } catch (error) {
          ctx.state.log.warn({ err: error, dependency: probe.name }, 'readiness check failed');
          return [probe.name, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) } satisfies Readiness;
  });
  return router;
}
