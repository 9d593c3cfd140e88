import type { Access } from '../../http/access';
import type { PublicUser } from '../../users/users-repository';
import type { Args } from '../graphql-args';
import type { GraphQLContext } from '../graphql-context';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resolver knows its parent's shape
export type Resolver = (parent: any, args: Args, context: GraphQLContext) => unknown;

/** Resolvers by type name, then field name (the SDL's names). */
export type ResolverMap = Record<string, Record<string, Resolver>>;

/**
 * A field for callers with `access`, checked first as REST's access guard does (401, then 403);
 * `run` then checks the arguments (400) and calls the service, which checks the rest in SPEC's order.
 */
export function guarded(
  access: Access,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Resolver
  run: (args: Args, context: GraphQLContext, caller: PublicUser, parent: any) => unknown,
): Resolver {
  return async (parent, args, context) => run(args, context, await context.caller(access), parent);
}

/** The same input object as REST's JSON body would be: GraphQL's coerced input object. */
export const input = <T>(args: Args, name = 'input'): T => (args[name] ?? {}) as T;

/** Deletes answer true (REST: 204). */
export const done = async (work: Promise<void>): Promise<boolean> => {
  await work;
  return true;
};
