import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// Lists are batched: a query for many games with their modules, variables, config, notifications and
// leaderboards (with groups, rankings and their game) runs the same SQL statements for 5 games as for 50.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

const MODULES = ['variables', 'notification', 'leaderboard'];

async function seedGames(api: TestApi, count: number, prefix: string): Promise<void> {
  const { services } = api;
  for (let i = 0; i < count; i += 1) {
    const game = await services.games.create(COMMAND_ACTOR, { name: `${prefix} ${i}`, slug: `${prefix}-${i}` });
    // Every third game lacks the leaderboard module: its leaderboards field is MODULE_DISABLED, in the same batch.
    for (const key of i % 3 === 2 ? MODULES.slice(0, 2) : MODULES) await services.modules.connect(COMMAND_ACTOR, game.id, { module_key: key });
    await services.variables.create(COMMAND_ACTOR, game.id, { key: 'speed', type: 'number', number_value: i });
    await services.notifications.create(COMMAND_ACTOR, game.id, { name: 'n', descriptions: [{ language_id: 1, description: 'd' }], entries: [{ time_second: 0, image: '', login: '' }] });
    if (i % 3 === 2) continue;
    const board = await services.leaderboards.create(COMMAND_ACTOR, game.id, { key: 'lb', name: 'L' });
    await services.leaderboardGroups.create(COMMAND_ACTOR, board.id, { key: 'g', name: 'G' });
    const ug = await services.connections.connect(COMMAND_ACTOR, api.users.user.id, { game_id: game.id });
    await services.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: ug.id, score: i });
  }
}

/** The SQL statements the database saw while `work` ran (this file's tests run one at a time). */
/**
 * The statements `work` sends, but the token user's read: that goes through the read cache (for at
 * most a second), so whether a request makes it depends on the time since the last one.
 */
async function countStatements(api: TestApi, work: () => Promise<unknown>): Promise<{ count: number; sql: string[] }> {
  const sql: string[] = [];
  const tokenUser = /^select \* from `users` where `id` = \? limit \?$/;
  const listener = (query: { sql: string }) => !tokenUser.test(query.sql) && sql.push(query.sql);
  api.database.db.on('query', listener);
  try {
    await work();
  } finally {
    api.database.db.removeListener('query', listener);
  }
  return { count: sql.length, sql };
}

const QUERY = `query ($search: String!, $limit: Int!) {
  games(search: $search, limit: $limit) {
    id name modules { key }
    variables(limit: 10) { key number_value }
    config { etag }
    notifications(limit: 10) { name descriptions { language_id } macros }
    leaderboards(limit: 10) { key game { slug } groups(limit: 10) { key } rankings(limit: 10) { rank score username } }
  }
}`;
/** A config document weighs 10,000 objects (it may be 1 MiB): nine fit in one query. */
const DOCUMENTS = 'query ($search: String!) { games(search: $search, limit: 9) { id config { etag document } } }';

test.serial('50 games with modules, variables, config, notifications and leaderboards (groups, rankings, game): a constant number of statements', async (t) => {
  const { api } = t.context;
  await seedGames(api, 5, 'few');
  await seedGames(api, 50, 'many');
  const token = api.users.admin.token;

  const run = (search: string, limit: number) => gql(api, QUERY, { token, variables: { search, limit } });
  const few = await countStatements(api, () => run('few', 5));
  const many = await countStatements(api, async () => {
    const reply = await run('many', 50);
    t.is(reply.body.data.games.length, 50);
    const withBoards = reply.body.data.games.filter((game: { leaderboards: unknown }) => game.leaderboards !== null);
    t.is(withBoards.length, 34);
    t.true(withBoards.every((game: { leaderboards: Array<{ rankings: unknown[]; groups: unknown[] }> }) => game.leaderboards[0]!.rankings.length === 1 && game.leaderboards[0]!.groups.length === 1));
    t.is(reply.body.errors.length, 16);
    t.true(reply.body.errors.every((error: { extensions: { code: string }; path: unknown[] }) => error.extensions.code === 'MODULE_DISABLED' && error.path[2] === 'leaderboards'));
  });
  t.log(`SQL statements: ${few.count} for 5 games, ${many.count} for 50 games`);
  t.log(many.sql.map((sql) => sql.slice(0, 100)).join('\n'));
  t.is(many.count, few.count);
  // games, their modules, variables, config documents' variables and their timed overrides,
  // notifications and their descriptions, leaderboards, their games and those games' modules, groups,
  // rankings.
  t.is(many.count, 12);

  // A second read of the config documents comes from the cache: two statements fewer.
  const again = await countStatements(api, () => run('many', 50));
  t.is(again.count, 10);

  // The documents themselves: as many statements for nine games as for one (the games and their modules; the variables come from the cache filled above).
  const documents = (search: string) => countStatements(api, async () => {
    const reply = await gql(api, DOCUMENTS, { token, variables: { search } });
    t.is(reply.body.errors, undefined);
    t.true(reply.body.data.games.every((game: { config: { document: unknown } }) => typeof game.config.document === 'object'));
  });
  t.is((await documents('many')).count, (await documents('few-0')).count);
});
