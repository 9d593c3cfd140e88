import anyTest, { type TestFn } from 'ava';
import { createTestApi, type TestApi } from '../helpers/api';

// Every endpoint of the management API part 1, called with no token and as user, moderator and
// admin; each call gets fresh fixtures so one role's write does not change the next role's answer.
const test = anyTest as TestFn<{ api: TestApi }>;
test.before(async (t) => {
  t.context.api = await createTestApi();
});
test.after.always(async (t) => {
  await t.context.api?.close();
});

type Caller = 'none' | 'user' | 'moderator' | 'admin';
type Call = { method: string; path: string; body?: unknown; raw?: FormData };
type Row = [name: string, fixture: (api: TestApi) => Promise<Call>, expected: Record<Caller, number>];

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let n = 0;
const unique = () => `${process.pid}-${(n += 1)}`;

async function game(api: TestApi, modules: string[] = []) {
  const id = (await api.services.games.create({ name: 'G', slug: `g-${unique()}` })).id;
  for (const key of modules) await api.services.modules.connect(id, { module_key: key });
  return id;
}
async function connection(api: TestApi) {
  return api.services.connections.connect(api.users.user.id, { game_id: await game(api) });
}
async function stored(api: TestApi) {
  const reply = await api.request('POST', '/api/images', { token: api.users.admin.token, raw: pngForm() });
  return reply.body.path as string;
}
function pngForm() {
  const form = new FormData();
  form.append('file', new Blob([PNG]), 'a.png');
  return form;
}

const P = { none: 200, user: 200, moderator: 200, admin: 200 };
const A = { none: 401, user: 200, moderator: 200, admin: 200 };
const M = (ok: number) => ({ none: 401, user: 403, moderator: ok, admin: ok });
const ADMIN = (ok: number) => ({ none: 401, user: 403, moderator: 403, admin: ok });

const rows: Row[] = [
  ['POST /api/auth/login', async (api) => ({ method: 'POST', path: '/api/auth/login', body: { email: api.users.other.email, password: 'correct horse battery' } }), P],
  ['POST /api/auth/register', async (api) => {
    const invite = await api.services.invites.create(api.users.admin, { role: 'user', max_uses: 1 });
    const name = `reg_${unique()}`.replace(/-/g, '_');
    return { method: 'POST', path: '/api/auth/register', body: { email: `${name}@example.com`, username: name, password: 'long enough pw', invite_code: invite.code } };
  }, { none: 201, user: 201, moderator: 201, admin: 201 }],
  ['GET /api/auth/me', async () => ({ method: 'GET', path: '/api/auth/me' }), A],
  ['GET /api/invites/validate/:code', async () => ({ method: 'GET', path: '/api/invites/validate/nope' }), P],
  ['POST /api/invites', async () => ({ method: 'POST', path: '/api/invites', body: { role: 'user', max_uses: 2 } }), M(201)],
  ['GET /api/invites', async () => ({ method: 'GET', path: '/api/invites' }), M(200)],
  ['DELETE /api/invites/:code', async (api) => ({ method: 'DELETE', path: `/api/invites/${(await api.services.invites.create(api.users.admin, { role: 'user', max_uses: 1 })).code}` }), M(204)],
  ['GET /api/users', async () => ({ method: 'GET', path: '/api/users' }), M(200)],
  ['GET /api/users/:id (the user themself)', async (api) => ({ method: 'GET', path: `/api/users/${api.users.user.id}` }), A],
  ['PATCH /api/users/:id', async (api) => ({ method: 'PATCH', path: `/api/users/${api.users.other.id}`, body: { is_active: true } }), ADMIN(200)],
  ['GET /api/games', async () => ({ method: 'GET', path: '/api/games' }), A],
  ['GET /api/games/:id', async (api) => ({ method: 'GET', path: `/api/games/${await game(api)}` }), A],
  ['POST /api/games', async () => ({ method: 'POST', path: '/api/games', body: { name: 'N', slug: `s-${unique()}` } }), M(201)],
  ['PUT /api/games/:id', async (api) => ({ method: 'PUT', path: `/api/games/${await game(api)}`, body: { name: 'Renamed' } }), M(200)],
  ['DELETE /api/games/:id', async (api) => ({ method: 'DELETE', path: `/api/games/${await game(api)}` }), M(204)],
  ['GET /api/modules', async () => ({ method: 'GET', path: '/api/modules' }), A],
  ['GET /api/games/:id/modules', async (api) => ({ method: 'GET', path: `/api/games/${await game(api)}/modules` }), A],
  ['POST /api/games/:id/modules', async (api) => ({ method: 'POST', path: `/api/games/${await game(api)}/modules`, body: { module_key: 'leaderboard' } }), M(201)],
  ['DELETE /api/games/:id/modules/:key', async (api) => ({ method: 'DELETE', path: `/api/games/${await game(api, ['variables'])}/modules/variables` }), M(204)],
  ['GET /api/languages', async () => ({ method: 'GET', path: '/api/languages' }), A],
  ['GET /api/languages/:id', async () => ({ method: 'GET', path: '/api/languages/1' }), A],
  ['POST /api/languages', async () => ({ method: 'POST', path: '/api/languages', body: { code: `x${String.fromCharCode(97 + (n++ % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`, name: 'X' } }), M(201)],
  ['PUT /api/languages/:id', async (api) => {
    const lang = await api.services.languages.create({ code: `q${String.fromCharCode(97 + (n++ % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`, name: 'Q' });
    return { method: 'PUT', path: `/api/languages/${lang.id}`, body: { name: 'Q2' } };
  }, M(200)],
  ['DELETE /api/languages/:id', async (api) => {
    const lang = await api.services.languages.create({ code: `z${String.fromCharCode(97 + (n++ % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`, name: 'Z' });
    return { method: 'DELETE', path: `/api/languages/${lang.id}` };
  }, M(204)],
  ['GET /api/games/:id/users', async (api) => ({ method: 'GET', path: `/api/games/${(await connection(api)).game_id}/users` }), M(200)],
  ['GET /api/users/:id/games (the user themself)', async (api) => ({ method: 'GET', path: `/api/users/${api.users.user.id}/games` }), A],
  ['POST /api/users/:id/games', async (api) => ({ method: 'POST', path: `/api/users/${api.users.user.id}/games`, body: { game_id: await game(api) } }), M(201)],
  ['DELETE /api/users/:id/games/:game_id', async (api) => ({ method: 'DELETE', path: `/api/users/${api.users.user.id}/games/${(await connection(api)).game_id}` }), M(204)],
  ['POST /api/user-games/:id/topup', async (api) => ({ method: 'POST', path: `/api/user-games/${(await connection(api)).id}/topup`, body: { amount: 100, comment: 'x' } }), ADMIN(201)],
  ['GET /api/user-games/:id/transactions (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}/transactions` }), A],
  ['GET /api/user-games/:id/balance (the owner)', async (api) => ({ method: 'GET', path: `/api/user-games/${(await connection(api)).id}/balance` }), A],
  ['POST /api/images', async () => ({ method: 'POST', path: '/api/images', raw: pngForm() }), M(201)],
  ['GET /uploads/images/:name', async (api) => ({ method: 'GET', path: await stored(api) }), P],
  ['GET /healthz', async () => ({ method: 'GET', path: '/healthz' }), P],
];

for (const [name, fixture, expected] of rows) {
  test(`${name}: ${Object.entries(expected).map(([caller, status]) => `${caller} ${status}`).join(', ')}`, async (t) => {
    const { api } = t.context;
    for (const caller of ['none', 'user', 'moderator', 'admin'] as const) {
      const call = await fixture(api);
      const token = caller === 'none' ? undefined : api.users[caller].token;
      const reply = await api.request(call.method, call.path, { token, body: call.body, raw: call.raw });
      t.is(reply.status, expected[caller], `${caller}: ${JSON.stringify(reply.body)}`);
      if (reply.status === 401) t.is(reply.body.code, 'unauthorized');
      if (reply.status === 403) t.is(reply.body.code, 'forbidden');
    }
  });
}
