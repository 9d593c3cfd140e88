import type Router from '@koa/router';
import { createRouter } from '../http/router';
import type { ExecutionResult } from 'graphql';
import { createHandler } from 'graphql-http';
import { AppError, type ErrorCode } from '../../errors';
import type { AdminServices } from '../admin-services';
import { MALFORMED_JSON } from '../core/validation';
import { jsonBody } from '../http/json-body';
import type { AppContext, AppState } from '../koa-types';
import { createDocumentJudge } from './document-judge';
import { createGraphQLContext, type GraphQLContext } from './graphql-context';
import { appErrorOf, errorReply, formatGraphQLError } from './graphql-errors';
import { EXPLORER_ASSETS_PATH, explorerApp } from './graphql-explorer';
import { createGraphQLSchema } from './graphql-schema';

const GRAPHQL_TYPES = ['application/graphql-response+json', 'application/json'];
/** Refusals graphql-http answers without a GraphQL body; they get one, with the code of the one error table. */
const TRANSPORT_REFUSALS: Record<number, { code: ErrorCode; message: string }> = {
  405: { code: 'METHOD_NOT_ALLOWED', message: 'a mutation needs POST; GET runs queries only' },
  406: { code: 'NOT_ACCEPTABLE', message: 'Accept must allow application/graphql-response+json or application/json' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'a POST body must be application/json' },
};

/**
 * `/graphql` (SPEC §2.9): GraphQL over HTTP through graphql-http, POST for everything and GET for
 * queries (a mutation over GET is 405). A JSON body is read up to 1 MiB (413); there is no token check
 * before it, since login and register are public operations: each field checks the token itself.
 * A browser's GET without a query gets the explorer.
 */
export function graphqlRoutes(services: AdminServices, options: { introspection: boolean }): Router<AppState> {
  const schema = createGraphQLSchema();
  const { judge } = createDocumentJudge(schema, options);
  const handle = createHandler<unknown, AppContext, GraphQLContext>({
    schema,
    onSubscribe: (_req, params) => judge(params),
    context: (req) => {
      const ctx = req.context;
      return createGraphQLContext({
        services,
        authorization: ctx.get('authorization') || undefined,
        clientAddress: ctx.state.clientAddress,
        requestId: ctx.state.requestId,
        log: ctx.state.log,
      });
    },
    onOperation: (req, _args, result) => logFailures(req.context, result),
    formatError: formatGraphQLError,
  });

  async function serve(ctx: AppContext): Promise<void> {
    ctx.set('Cache-Control', 'no-store'); // replies may carry tokens (login, register) or private data
    const body = (ctx.request as { body?: unknown }).body;
    if (body === MALFORMED_JSON) return reply(ctx, errorReply('BAD_REQUEST', 'the body is not valid JSON'));
    const [text, init] = await handle({
      url: ctx.url,
      method: ctx.method,
      headers: ctx.headers,
      body: ctx.method === 'POST' ? (body as Record<string, unknown>) : null,
      raw: ctx.req,
      context: ctx,
    });
    const refusal = TRANSPORT_REFUSALS[init.status];
    if (refusal) {
      if (init.headers?.allow) ctx.set('Allow', init.headers.allow);
      return reply(ctx, errorReply(refusal.code, refusal.message));
    }
    for (const [name, value] of Object.entries(init.headers ?? {})) ctx.set(name, value);
    ctx.status = init.status;
    ctx.body = text;
  }

  const explorer = explorerApp();
  const router = createRouter();
  router.get('/graphql', async (ctx) => {
    if (ctx.query.query === undefined && ctx.accepts([...GRAPHQL_TYPES, 'text/html']) === 'text/html') return explorer.page(ctx);
    await serve(ctx);
  });
  router.post('/graphql', transportErrors(), jsonBody(), serve);
  router.get(`${EXPLORER_ASSETS_PATH}/assets/:name`, (ctx) => explorer.asset(ctx, ctx.params.name ?? ''));
  return router;
}

function reply(ctx: AppContext, { status, body }: { status: number; body: string }): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = body;
}

/** A body too large or of the wrong type, answered in GraphQL's shape rather than problem+json. */
function transportErrors() {
  return async (ctx: AppContext, next: () => Promise<unknown>) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply(ctx, errorReply(error.code, error.publicMessage));
    }
  };
}

/** Errors of a server fault (500, 503) are logged with their cause and the request id; the reply has the public message only. */
function logFailures(ctx: AppContext, result: ExecutionResult): void {
  for (const error of result.errors ?? []) {
    const appError = appErrorOf(error);
    if (appError && appError.spec.httpStatus >= 500) ctx.state.log.error({ err: error.originalError, path: error.path }, 'graphql field failed');
  }
}
