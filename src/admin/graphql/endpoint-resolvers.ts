import type { PublicUser } from '../users/users-repository';
import type { Listing } from '../../db/page';
import { pageAskedFor, parsePathParams, parseQuery, type AnyEndpoint } from '../http/endpoint';
import { runEndpoint } from '../http/game-scope';
import type { Args } from './graphql-args';
import type { GraphQLContext } from './graphql-context';
import type { Resolver } from './resolvers/resolver-types';

/**
 * The GraphQL fields that serve an endpoint's operation, made from its declaration: the caller checked
 * for the endpoint's access first (401, then 403, as REST's guard does), then its path parameters
 * (from the arguments the endpoint names for them) and query by the same rules as REST (400), then
 * its handler; the body is the `input` argument. A 204's reply is `true`; a paged list answers the page
 * its `limit` and `offset` ask for, and its `graphql.total` field the list's total.
 */
function endpointResolver(endpoint: AnyEndpoint, answer: 'reply' | 'total' = 'reply'): Resolver {
  const { graphql, handle } = endpoint;
  if (!graphql || !handle) throw new Error(`${endpoint.method} ${endpoint.path} has no GraphQL field or no handler`);
  const renamed = Object.entries(graphql.params ?? {});
  return async (_parent, args: Args, context: GraphQLContext) => {
    const caller = endpoint.access === 'public' ? (undefined as unknown as PublicUser) : await context.caller(endpoint.access === 'self' ? 'any' : endpoint.access, { enrolment: endpoint.enrolment });
    const pathValues: Record<string, unknown> = { ...args };
    for (const [param, arg] of renamed) pathValues[param] = args[arg];
    const run = async () => {
      const input = {
        params: parsePathParams(endpoint.path, pathValues),
        query: parseQuery(endpoint.query, args),
        body: args.input ?? {},
        caller,
        actor: context.actor(caller),
        clientAddress: context.clientAddress,
        header: (name: string) => {
          const value = args[graphql.headers?.[name.toLowerCase()] ?? ''];
          return typeof value === 'string' ? value : undefined;
        },
      };
      let reply = await runEndpoint(endpoint, input, context.services);
      if (endpoint.ok.paged) {
        const listing = reply as Listing<unknown>;
        if (answer === 'total') return listing.total();
        reply = await listing.rows(pageAskedFor(input));
      }
      if (endpoint.ok.status === 204) return true;
      return graphql.reply ? graphql.reply(reply as never, context) : reply;
    };
    return graphql.once ? context.once(`${graphql.field} ${answer} ${JSON.stringify(args)}`, run) : run();
  };
}

/** Resolvers by type name, then field name. */
export type FieldResolvers = Readonly<Record<string, Readonly<Record<string, Resolver>>>>;

/**
 * The Query and Mutation resolvers of the endpoints that name a GraphQL field. Their fields are
 * generated from the same declarations (endpoint-sdl.ts), so each resolver's field, arguments and
 * reply type are the declaration's by construction; the schema builder refuses a resolver whose
 * field the SDL lacks, and a field without one.
 */
export function endpointResolvers(endpoints: readonly AnyEndpoint[]): FieldResolvers {
  const map: Record<'Query' | 'Mutation', Record<string, Resolver>> = { Query: {}, Mutation: {} };
  for (const endpoint of endpoints) {
    if (!endpoint.graphql) continue;
    const fields = map[endpoint.graphql.type];
    if (fields[endpoint.graphql.field]) throw new Error(`two endpoints serve ${endpoint.graphql.type}.${endpoint.graphql.field}`);
    fields[endpoint.graphql.field] = endpointResolver(endpoint);
    if (endpoint.graphql.total) fields[endpoint.graphql.total] = endpointResolver(endpoint, 'total');
  }
  return map;
}
