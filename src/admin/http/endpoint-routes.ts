import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AdminServices } from '../admin-services';
import { requestActor } from '../core/actor';
import type { AppContext, AppState } from '../koa-types';
import type { AccessGuard } from './access';
import { locationOf, pageOfReply, parsePathParams, parseQuery, type AnyEndpoint } from './endpoint';
import { runEndpoint } from './game-scope';
import { jsonBody } from './json-body';
import { created, noContent } from './respond';
import { createRouter } from './router';

/** `/api/games/{id}` as Koa's router writes it: `/api/games/:id`. */
const koaPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/** What runs before the handler: the access guard (token 401, role 403, then the JSON body), or for public endpoints the body alone. */
function accessStep(endpoint: AnyEndpoint, guard: AccessGuard, body: Middleware<AppState>): Middleware<AppState> {
  if (endpoint.access === 'public') return body;
  return guard(endpoint.access === 'self' ? 'any' : endpoint.access, { enrolment: endpoint.enrolment });
}

/** Writes the handler's reply as the endpoint says: 200 with the body, 201 with its Location, 204 empty, or the endpoint's own response. */
function respond(ctx: AppContext, endpoint: AnyEndpoint, reply: unknown): void {
  if (endpoint.respond) {
    endpoint.respond(reply as never, {
      header: (name) => ctx.get(name) || undefined,
      set: (name, value) => ctx.set(name, value),
      status: (code) => (ctx.status = code),
      body: (value, type) => {
        if (type) ctx.type = type;
        ctx.body = value;
      },
    });
    return;
  }
  if (endpoint.ok.status === 204) return noContent(ctx);
  if (endpoint.ok.status === 201) return created(ctx, reply, endpoint.location && locationOf(endpoint.location, reply));
  ctx.body = reply;
}

/** The Koa routes of these endpoints: path parameters and query checked (400), then the handler with the services. */
export function endpointRouter(endpoints: readonly AnyEndpoint[], services: AdminServices, guard: AccessGuard): Router<AppState> {
  const router = createRouter();
  const body = jsonBody();
  for (const endpoint of endpoints) {
    router[endpoint.method](koaPath(endpoint.path), accessStep(endpoint, guard, body), async (ctx) => {
      if (endpoint.koa) return endpoint.koa(ctx, services);
      if (!endpoint.handle) throw new Error(`${endpoint.method} ${endpoint.path} has neither handle nor koa`);
      const input = {
        params: parsePathParams(endpoint.path, ctx.params),
        query: parseQuery(endpoint.query, ctx.query),
        body: (ctx.request as { body?: unknown }).body,
        caller: ctx.state.user,
        actor: requestActor(ctx.state.user, ctx.state.requestId, ctx.state.clientAddress),
        clientAddress: ctx.state.clientAddress,
        header: (name: string) => ctx.get(name) || undefined,
      };
      const reply = await runEndpoint(endpoint, input, services);
      if (!endpoint.ok.paged) return respond(ctx, endpoint, reply);
      const { rows, total } = await pageOfReply(input, reply);
      ctx.set('X-Total-Count', String(total));
      respond(ctx, endpoint, rows);
    });
  }
  return router;
}
