import test from 'ava';
import { isObjectType } from 'graphql';
import { ADMIN_ENDPOINTS } from '../../src/admin/admin-endpoints';
import { createGraphQLSchema } from '../../src/admin/graphql/graphql-schema';
import { pathParamsOf, type QueryRules } from '../../src/admin/http/endpoint';

// Each management endpoint is declared once (src/admin/<feature>/<feature>-endpoints.ts); the Koa
// route, the OpenAPI operation and the GraphQL field are made from it. The SDL (the GraphQL
// documentation) is still a file: these checks hold it to the declarations.

const schema = createGraphQLSchema();
const served = ADMIN_ENDPOINTS.filter((endpoint) => endpoint.graphql);

test('every endpoint with a GraphQL field: the field exists and its description names the endpoint\'s access', (t) => {
  t.true(served.length > 50, `only ${served.length} endpoints name a GraphQL field`);
  for (const endpoint of served) {
    const { type, field } = endpoint.graphql!;
    const root = schema.getType(type);
    const definition = isObjectType(root) ? root.getFields()[field] : undefined;
    if (!t.truthy(definition, `${type}.${field} (${endpoint.method} ${endpoint.path}) is not in the SDL`)) continue;
    t.regex(definition!.description ?? '', new RegExp(`\\(${endpoint.access}\\)\\s*$`), `${type}.${field}: the SDL says another access than ${endpoint.access}`);
  }
});

test('every path parameter, query parameter, header read and body of an endpoint is an argument of its GraphQL field', (t) => {
  for (const endpoint of served) {
    const { type, field, params = {}, headers = {} } = endpoint.graphql!;
    const root = schema.getType(type);
    if (!isObjectType(root)) continue;
    const args = new Set(root.getFields()[field]!.args.map((arg) => arg.name));
    const expected = [
      ...pathParamsOf(endpoint.path).map((name) => params[name] ?? name),
      ...Object.values((endpoint.query ?? {}) as QueryRules).flatMap((rule) => rule.params.map((param) => param.name)),
      // A header its handler reads (REST's caching headers, read by `respond`, have no argument).
      ...Object.values(headers),
      ...(endpoint.body ? ['input'] : []),
    ];
    for (const name of expected) t.true(args.has(name), `${type}.${field} lacks the argument ${name} (${endpoint.method} ${endpoint.path})`);
  }
});

test("a GraphQL argument's default is its query parameter's (one default page size, not one per transport)", (t) => {
  let compared = 0;
  for (const endpoint of served) {
    const { type, field } = endpoint.graphql!;
    const root = schema.getType(type);
    if (!isObjectType(root)) continue;
    const args = new Map(root.getFields()[field]!.args.map((arg) => [arg.name, arg.defaultValue]));
    for (const param of Object.values((endpoint.query ?? {}) as QueryRules).flatMap((rule) => rule.params)) {
      t.is(args.get(param.name), param.schema.default, `${type}.${field}(${param.name}): its default differs from ${endpoint.method} ${endpoint.path}'s`);
      compared += 1;
    }
  }
  t.true(compared > 40, `only ${compared} arguments compared`);
});

test('no two endpoints share a method and path, nor a GraphQL field', (t) => {
  const routes = ADMIN_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  t.deepEqual(routes.filter((route, i) => routes.indexOf(route) !== i), []);
  const fields = served.map((endpoint) => `${endpoint.graphql!.type}.${endpoint.graphql!.field}`);
  t.deepEqual(fields.filter((name, i) => fields.indexOf(name) !== i), []);
});
