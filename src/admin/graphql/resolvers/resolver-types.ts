import type { Page } from '../../../db/page';
import { assertActsOnGame } from '../../core/actor';
import type { AdminServices } from '../../admin-services';
import type { PublicGame } from '../../games/games-replies';
import type { Access } from '../../http/access';
import type { PublicUser } from '../../users/users-repository';
import { batchName, NESTED_PAGE, pageArgs, type Args } from '../graphql-args';
import type { Resolvers } from '../generated/schema-types';
import type { GraphQLContext } from '../graphql-context';

/** A resolver: its arguments typed by the field it serves (the generated `…Args`), its parent as the SDL's mappers type it (codegen.ts). */
export type Resolver<A = Args, Parent = unknown, Result = unknown> = (parent: Parent, args: A, context: GraphQLContext) => Promise<Result>;

/**
 * Resolvers by type name, then field name, typed from the SDL (`npm run codegen`): a type or field the
 * schema lacks, or a resolver whose arguments do not fit its field's, does not compile.
 */
export type ResolverMap = Resolvers;

/**
 * A field for callers with `access`, checked first as REST's access guard does (401, then 403);
 * `run` then checks the arguments (400) and calls the service, which checks the rest in SPEC's order.
 * `A` is the field's arguments, inferred from the map's type where the resolver is placed.
 */
export function guarded<A extends object = Args, Parent = unknown, Result = unknown>(
  access: Access,
  run: (args: A, context: GraphQLContext, caller: PublicUser, parent: Parent) => Result | Promise<Result>,
): Resolver<A, Parent, Result> {
  return async (parent, args, context) => run(args, context, await context.caller(access), parent);
}

/**
 * A paged list field of Game (`field` names it), loaded for every game of the reply at once: one
 * service call per page asked for, whose answer for a game may be an error of that game alone. A
 * staff field of a game outside a scoped moderator's games is 403 for that game (SPEC §2.12).
 */
export function gameList<Item>(
  field: string,
  access: Access,
  list: (services: AdminServices, games: readonly PublicGame[], page: Page) => Promise<ReadonlyArray<Item[] | Error>>,
): Resolver<Args, PublicGame, Item[]> {
  return guarded(access, (args: Args, context, caller, game: PublicGame) => {
    if (access === 'staff') assertActsOnGame(context.actor(caller), game.id);
    const page = pageArgs(args, NESTED_PAGE);
    const loader = context.batch(batchName(field, args), (games: readonly PublicGame[]) => list(context.services, games, page), (g) => g.id);
    return loader.load(game);
  });
}

/** The same input object as REST's JSON body would be: GraphQL's coerced input object. */
export const input = <T>(args: Args, name = 'input'): T => (args[name] ?? {}) as T;

/** Deletes answer true (REST: 204). */
export const done = async (work: Promise<void>): Promise<boolean> => {
  await work;
  return true;
};
