import anyTest, { type TestFn } from 'ava';
import { Registry } from 'prom-client';
import { httpRouters } from '../../src/admin/http-app';
import { fieldsOf, flagField, idField, listOf, replySchema, textField } from '../../src/admin/core/reply-schema';
import { gameReply } from '../../src/admin/games/games-replies';
import { replyComponents } from '../../src/admin/openapi/from-yup';
import { openApiDocument } from '../../src/admin/openapi/openapi-document';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { documentedFetch, NOT_REST, openApiViolations } from '../helpers/openapi-check';

const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test);

type Paths = Record<string, Record<string, unknown>>;

test('GET /openapi.json is a valid OpenAPI 3.1 document', async (t) => {
  const reply = await documentedFetch(`${t.context.api.base}/openapi.json`);
  t.is(reply.status, 200);
  const document = (await reply.json()) as Record<string, unknown>;
  t.is(document.openapi, '3.1.0');
  const { Validator } = await import('@seriousme/openapi-schema-validator'); // an ES module
  const result = await new Validator().validate(document);
  t.deepEqual(result.errors, undefined, JSON.stringify(result.errors, null, 2));
  t.true(result.valid);
});

test('every route the app serves is documented, and every documented operation is served', (t) => {
  const routers = httpRouters({ probes: [], services: t.context.api.services, metrics: new Registry() });
  const served = new Set(routers.flatMap((router) => router.stack.flatMap((layer) => {
    const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
    if (NOT_REST.test(path)) return [];
    return layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method.toLowerCase()} ${path}`);
  })));
  const documented = new Set(Object.entries(openApiDocument().paths as Paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`)));
  t.true(served.size > 60, `only ${served.size} routes found`);
  t.deepEqual([...served].filter((route) => !documented.has(route)), [], 'served but not documented');
  t.deepEqual([...documented].filter((route) => !served.has(route)), [], 'documented but not served');
});

test('the reply check fails on drift: an unknown field, a missing one, an undocumented status, route or content type', async (t) => {
  const { api } = t.context;
  const reply = await api.request('GET', '/api/auth/me', { token: api.users.admin.token });
  const { headers } = reply;
  const check = (changes: Partial<Parameters<typeof openApiViolations>[0]>) =>
    openApiViolations({ method: 'GET', url: '/api/auth/me', status: 200, headers, body: reply.body, ...changes });
  t.deepEqual(check({}), []);
  t.regex(check({ body: { ...reply.body, password_hash: 'x' } }).join(), /must NOT have additional properties/);
  const { email: _email, ...withoutEmail } = reply.body;
  t.regex(check({ body: withoutEmail }).join(), /required property 'email'/);
  t.regex(check({ body: { ...reply.body, is_active: 'yes' } }).join(), /is_active must be boolean/);
  t.regex(check({ status: 202 }).join(), /status 202 is not documented/);
  t.regex(check({ url: '/api/auth/whoami' }).join(), /undocumented route/);
  t.regex(check({ headers: new Headers({ 'content-type': 'text/html' }) }).join(), /content type "text\/html"/);
  t.regex(check({ method: 'DELETE', status: 200 }).join(), /DELETE is not documented/);
});

test('GET /docs is Swagger UI, a Vite build served from this server: no CDN, a strict CSP, every asset answers', async (t) => {
  const { base } = t.context.api;
  const page = await documentedFetch(`${base}/docs`);
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
  t.regex(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  const html = await page.text();
  t.false(/(src|href)="(https?:)?\/\//.test(html), 'the page loads nothing from another host');
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  t.is(sources.length, 2, 'one script and one stylesheet');
  const bodies: string[] = [];
  for (const source of sources) {
    t.regex(source, /^\/docs\/assets\/index-[\w-]+\.(js|css)$/);
    const asset = await documentedFetch(`${base}${source}`);
    t.is(asset.status, 200, source);
    t.regex(asset.headers.get('cache-control') ?? '', /immutable/);
    bodies.push(await asset.text());
  }
  t.true(bodies.some((body) => body.includes('"/openapi.json"')), 'the script opens this document');
  t.is((await documentedFetch(`${base}/docs/assets/..%2Fpackage.json`)).status, 404);
  t.is((await documentedFetch(`${base}/docs/assets/nope.js`)).status, 404);
});

test("request bodies are the services' yup schemas, derived: required fields, lengths, bounds and enums as the service checks them", (t) => {
  const schemas = (openApiDocument() as { components: { schemas: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }> } }).components.schemas;
  t.deepEqual(schemas.GameCreateInput!.required, ['name', 'slug']);
  t.is(schemas.GameUpdateInput!.required, undefined, 'PUT changes the fields given');
  t.like(schemas.GameCreateInput!.properties, { description: { type: 'string', maxLength: 65535 }, image_url: { type: 'string', maxLength: 2048 } });
  t.like(schemas.TopupInput!.properties, { amount: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, currency: { pattern: '^[A-Z]{3}$' } });
  t.like(schemas.LeaderboardCreateInput!.properties, { operator: { enum: ['set', 'best', 'incr'] }, key: { maxLength: 64 } });
  t.like(schemas.ScoreInput!.properties, { score: { type: 'number', minimum: -1e15, maximum: 1e15 } });
});

test("reply schemas are the services' reply types' yup schemas, derived: every field required, objects closed, a held component referenced, null where nullable", (t) => {
  const schemas = (openApiDocument() as { components: { schemas: Record<string, Record<string, unknown>> } }).components.schemas;
  t.deepEqual(schemas.Game!.required, Object.keys(gameReply.fields));
  t.is(schemas.Game!.additionalProperties, false);
  t.like(schemas.Game!.properties, { modules: { type: 'array', items: { $ref: '#/components/schemas/Module' } }, created_at: { type: 'string', format: 'date-time' } });
  t.like(schemas.GameOfUser!.properties, { user_game_id: { type: 'integer', minimum: 1 } });
  t.like(schemas.Invite!.properties, { role: { $ref: '#/components/schemas/Role' }, expires_at: { type: ['string', 'null'] }, max_uses: { maximum: 10000 } });
  t.deepEqual(schemas.Role, { type: 'string', enum: ['user', 'moderator', 'admin'] });
  const rankingItem = (schemas.Rankings!.properties as { items: { items: { required: string[]; additionalProperties: boolean } } }).items.items;
  t.false(rankingItem.required.includes('period_start'), 'only for a past period');
  t.is(rankingItem.additionalProperties, false);
});

test('a reply schema derives to exactly what its yup schema says; one without a component name is refused', (t) => {
  const component = replyComponents([replySchema('Probe', { id: idField(), note: textField().nullable(), tags: listOf(textField()), flag: flagField().optional() })]).Probe!;
  t.deepEqual(component, {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1 }, note: { type: ['string', 'null'] }, tags: { type: 'array', items: { type: 'string' } }, flag: { type: 'boolean' } },
    required: ['id', 'note', 'tags'],
    additionalProperties: false,
  });
  t.throws(() => replyComponents([fieldsOf({ id: idField() })]), { message: /needs its name/ });
});
