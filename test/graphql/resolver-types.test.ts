import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { guarded, type ResolverMap } from '../../src/admin/graphql/resolvers/resolver-types';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

// The resolver map's type comes from the SDL (npm run codegen). What does not compile is checked by
// `npm run typecheck` through these lines: each @ts-expect-error must meet its error.
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

test('the generated types are what npm run codegen makes of the SDL today', async (t) => {
  const check = await run(process.execPath, [path.join(ROOT, 'node_modules/@graphql-codegen/cli/cjs/bin.js'), '--config', 'codegen.ts', '--check'], { cwd: ROOT }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  t.is(check, 0, 'src/admin/graphql/generated/ is stale: run npm run codegen');
});
