import { buildSchema, isObjectType, type GraphQLSchema } from 'graphql';
import { catalogResolvers } from './resolvers/catalog-resolvers';
import { leaderboardsResolvers } from './resolvers/leaderboards-resolvers';
import { usersResolvers } from './resolvers/users-resolvers';
import { notificationsResolvers } from './resolvers/notifications-resolvers';
import { opsResolvers } from './resolvers/ops-resolvers';
import { variablesResolvers } from './resolvers/variables-resolvers';
import { JSONScalar, Money, SafeInt } from './scalars';
import { ADMIN_ENDPOINTS } from '../admin-endpoints';
import { parseQuery } from '../http/endpoint';
import { endpointResolvers, type FieldResolvers } from './endpoint-resolvers';
import type { Resolver, ResolverMap } from './resolvers/resolver-types';
import type { GraphQLContext } from './graphql-context';
import { schemaSource } from './schema-files';

/**
 * The fields of the management endpoints (each declared once: admin-endpoints.ts), then GraphQL's own
 * (each typed against the SDL by the generated `Resolvers`: resolver-types.ts).
 */
const RESOLVERS: ReadonlyArray<FieldResolvers | ResolverMap> = [
  endpointResolvers(ADMIN_ENDPOINTS), catalogResolvers, variablesResolvers, notificationsResolvers, leaderboardsResolvers, opsResolvers, usersResolvers,
];
const SCALARS = [SafeInt, Money, JSONScalar];

const isResolver = (value: unknown): value is Resolver => typeof value === 'function';

/**
 * The executable schema: the SDL files (the documentation) with the resolvers of each feature and the
 * scalars attached. Every Query and Mutation field must have a resolver; a missing one fails at start.
 */
export function createGraphQLSchema(): GraphQLSchema {
  const schema = buildSchema(schemaSource());
  for (const scalar of SCALARS) {
    const target = schema.getType(scalar.name);
    if (!target) throw new Error(`the SDL declares no scalar ${scalar.name}`);
    Object.assign(target, { serialize: scalar.serialize, parseValue: scalar.parseValue, parseLiteral: scalar.parseLiteral });
  }
  for (const map of RESOLVERS) {
    for (const [typeName, fields] of Object.entries(map)) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`resolvers for ${typeName}, which the SDL does not declare as a type`);
      for (const [fieldName, resolve] of Object.entries(fields)) {
        const field = type.getFields()[fieldName];
        if (!field) throw new Error(`a resolver for ${typeName}.${fieldName}, which the SDL does not declare`);
        if (field.resolve) throw new Error(`two resolvers for ${typeName}.${fieldName}`);
        if (!isResolver(resolve)) throw new Error(`the resolver of ${typeName}.${fieldName} is no function`);
        field.resolve = (parent, args, context: GraphQLContext) => resolve(parent, args, context);
      }
    }
  }
  for (const endpoint of ADMIN_ENDPOINTS) {
    const weigh = endpoint.graphql?.weigh;
    const type = endpoint.graphql && schema.getType(endpoint.graphql.type);
    if (!weigh || !isObjectType(type)) continue;
    // Weighed by the arguments as the field reads them (its query rules: "" and null are "not given", as in REST).
    const byQuery = (args: Readonly<Record<string, unknown>>) => weigh(parseQuery(endpoint.query, args) as Readonly<Record<string, unknown>>);
    Object.assign(type.getFields()[endpoint.graphql!.field]!, { extensions: { weigh: byQuery } }); // read by query-limits.ts
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    const missing = Object.values(root?.getFields() ?? {}).filter((field) => !field.resolve);
    if (missing.length > 0) throw new Error(`no resolver for ${missing.map((field) => `${root!.name}.${field.name}`).join(', ')}`);
  }
  return schema;
}
