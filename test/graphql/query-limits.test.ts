import anyTest, { type TestFn } from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { adversarialDocuments, fragmentBomb } from '../../bench/lib/adversarial-graphql';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { errorCodes, gql } from '../helpers/graphql';

// SPEC §2.9: the limits are computed in time linear in the text (a fragment spread many times is not
// walked again at each use), at most 10,000 tokens are parsed, aliases count. How long the judging
// takes is `npm run bench:graphql`'s figure; here each document must get its answer at all (a walk
// that grows with 2^levels, as the 40-level bomb would, never answers) and the right one.
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

/** Refused before anything runs: BAD_REQUEST errors and no data. */
async function refused(api: TestApi, query: string, token?: string) {
  const reply = await gql(api, query, { token });
  return { reply, refused: reply.body.data === undefined && errorCodes(reply).length > 0 && errorCodes(reply).every((code) => code === 'BAD_REQUEST') };
}

test('a fragment spread twice by one spread twice by … (40 levels) is refused at once, without a token', async (t) => {
  for (const query of [fragmentBomb(40), fragmentBomb(40, 'User')]) {
    const { reply, refused: wasRefused } = await refused(t.context.api, query);
    t.true(wasRefused, JSON.stringify(reply.body));
    t.regex(reply.body.errors[0].message, /selections once its fragments are spread; the limit is 1000/);
  }
  t.is((await fetch(`${t.context.api.base}/healthz`)).status, 200);
});

test('each adversarial document gets its answer: refused before execution, or run', async (t) => {
  const { api } = t.context;
  for (const document of adversarialDocuments()) {
    const { reply, refused: wasRefused } = await refused(api, document.query, api.users.admin.token);
    t.is(wasRefused, document.outcome === 'refused', `${document.name}: ${JSON.stringify(reply.body).slice(0, 300)}`);
    if (document.because) t.regex(reply.body.errors[0].message, document.because, document.name);
  }
});

test('aliases count: nine config documents in one query run, ten are refused; so are eleven repeats of one field', async (t) => {
  const { api } = t.context;
  const token = api.users.admin.token;
  const game = await api.services.games.create(COMMAND_ACTOR, { name: 'Limits', slug: `limits-${Date.now()}` });
  await api.services.modules.connect(COMMAND_ACTOR, game.id, { module_key: 'variables' });
  const configs = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `c${i}: config(game_id: ${game.id}) { document }`).join(' ')} }`;
  const nine = await gql(api, configs(9), { token });
  t.is(nine.body.errors, undefined);
  t.deepEqual(nine.body.data.c8, { document: {} });
  const ten = await gql(api, configs(10), { token });
  t.deepEqual(errorCodes(ten), ['BAD_REQUEST']);
  t.regex(ten.body.errors[0].message, /may return 100010 objects; the limit is 100000/);
  const eleven = await gql(api, `{ ${Array.from({ length: 11 }, () => 'me { id }').join(' ')} }`, { token });
  t.regex(eleven.body.errors[0].message, /"me" is asked for 11 times at one level; the limit is 10/);
});

test('a document of more than 10,000 tokens is refused while it is parsed', async (t) => {
  const { api } = t.context;
  const within = `{ ${Array.from({ length: 450 }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
  t.is((await gql(api, within, { token: api.users.user.token })).body.errors, undefined);
  const over = await gql(api, `{ ${'__typename '.repeat(10_001)} }`, { token: api.users.user.token });
  t.deepEqual(errorCodes(over), ['BAD_REQUEST']);
  t.regex(over.body.errors[0].message, /more that 10000 tokens/);
});

test('a text nested past 64 levels of {, [ or ( is refused before it is parsed (2000 overflowed the parser: a 500); brackets in strings and comments do not count', async (t) => {
  const { api } = t.context;
  const token = api.users.user.token;
  for (const query of [`${'{'.repeat(2000)}${'}'.repeat(2000)}`, `{ me(x: ${'['.repeat(2000)}${']'.repeat(2000)}) { id } }`, `${'{ me '.repeat(1200)}`]) {
    const { reply, refused: wasRefused } = await refused(api, query, token);
    t.is(reply.status, 400, JSON.stringify(reply.body).slice(0, 200));
    t.true(wasRefused);
    t.regex(reply.body.errors[0].message, /nests \{, \[ or \( deeper than 64 levels/);
  }
  const quiet = `# ${'{'.repeat(100)}\n{ me { id } } # "unclosed ${'['.repeat(100)}`;
  t.is((await gql(api, quiet, { token })).body.errors, undefined, 'brackets in a comment');
  const inString = `{ games(search: "${'{'.repeat(100)}\\"${'('.repeat(100)}") { id } }`;
  t.is((await gql(api, inString, { token: api.users.admin.token })).body.errors, undefined, 'brackets in a string');
  const inBlock = `{ games(search: """${'['.repeat(100)}\\"""${'{'.repeat(100)}""") { id } }`;
  t.is((await gql(api, inBlock, { token: api.users.admin.token })).body.errors, undefined, 'brackets in a block string');
});
