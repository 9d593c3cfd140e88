import { guarded, type ResolverMap } from '../../src/admin/graphql/resolvers/resolver-types';

// The resolver map's type comes from the SDL (npm run codegen; `npm run lint` fails when it is stale).
// What does not compile is checked by `npm run typecheck` through these lines (no ava test: a file the
// compiler reads): each @ts-expect-error must meet its error.
export const wrongMaps: ResolverMap[] = [
  // @ts-expect-error a field the schema lacks
  { Query: { gamez: guarded('any', () => null) } },
  // @ts-expect-error an argument the field does not take (rankings has no `top`)
  { Query: { rankings: guarded('any', (args) => args.top) } },
  // @ts-expect-error a type the schema lacks
  { Gamez: {} },
  // @ts-expect-error a reply of another shape (rankings answers a Rankings, not a list of numbers)
  { Query: { rankings: guarded('any', (args) => [args.leaderboard_id + 1]) } },
];
// A field's arguments are typed by the SDL: rankings' limit is an optional Int, its id a SafeInt.
export const typedArgs: ResolverMap = {
  Query: {
    rankings: guarded('any', (args) => {
      const read: [number, number, number | null] = [args.leaderboard_id + 1, args.limit ?? 50, args.around_user_game_id ?? null];
      return read.length === 3 ? null : null;
    }),
  },
};
