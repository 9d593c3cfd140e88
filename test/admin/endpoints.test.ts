import test from 'ava';
import { getNamedType, isEnumType, isInputObjectType, isNonNullType, isObjectType } from 'graphql';
import type { AnyObjectSchema } from 'yup';
import { componentName } from '../../src/admin/core/reply-schema';
import { ADMIN_ENDPOINTS } from '../../src/admin/admin-endpoints';
import { createGraphQLSchema } from '../../src/admin/graphql/graphql-schema';
import { pathParamsOf, type QueryRules } from '../../src/admin/http/endpoint';
import { bodyEnums } from '../../src/admin/openapi/body-enums';
import { COMPONENT_SCHEMAS } from '../../src/admin/openapi/components';

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

test('every SDL object type named like a reply schema has its fields; any other field of it has a resolver of its own', (t) => {
  let compared = 0;
  for (const [name, component] of Object.entries(COMPONENT_SCHEMAS)) {
    const type = schema.getType(name);
    const properties = Object.keys((component as { properties?: object }).properties ?? {});
    if (!isObjectType(type) || properties.length === 0) continue;
    const fields = type.getFields();
    for (const property of properties) t.truthy(fields[property], `the SDL's ${name} lacks ${property}, which the reply schema has`);
    for (const [field, definition] of Object.entries(fields)) {
      t.true(properties.includes(field) || definition.resolve !== undefined, `the SDL's ${name}.${field} is in no reply schema and has no resolver`);
    }
    compared += 1;
  }
  t.true(compared > 20, `only ${compared} types compared`);
});

/** Each endpoint with a declared body schema and a GraphQL field, with the type of that field's `input` argument. */
function* bodyInputs() {
  for (const endpoint of served) {
    const body = endpoint.body;
    if (!body || body === 'multipart') continue;
    const { type, field } = endpoint.graphql!;
    const root = schema.getType(type);
    const input = isObjectType(root) ? root.getFields()[field]!.args.find((arg) => arg.name === 'input') : undefined;
    yield { body: { component: componentName(body), schema: body as AnyObjectSchema }, type, field, inputType: input && getNamedType(input.type) };
  }
}

test("every GraphQL input of an endpoint's body has the body schema's fields, each nullable: the service names a missing one, as for REST", (t) => {
  let compared = 0;
  for (const { body, type, field, inputType } of bodyInputs()) {
    if (!t.true(isInputObjectType(inputType), `${type}.${field} has no input object argument`) || !isInputObjectType(inputType)) continue;
    const described = body.schema.describe().fields;
    t.deepEqual(Object.keys(inputType.getFields()).sort(), Object.keys(described).sort(), `${inputType.name} (${type}.${field}) and ${body.component}`);
    for (const [name, definition] of Object.entries(inputType.getFields())) {
      t.false(isNonNullType(definition.type), `${inputType.name}.${name} is required by GraphQL: its missing value would not get the service's 400 naming it`);
    }
    compared += 1;
  }
  t.true(compared > 15, `only ${compared} inputs compared`);
});

test("every enum of an endpoint's body reaches its GraphQL input: the field's enum type, or its description naming each value", (t) => {
  const enums = bodyEnums();
  let compared = 0;
  for (const { body, inputType } of bodyInputs()) {
    if (!isInputObjectType(inputType)) continue;
    for (const [name, values] of Object.entries(enums[body.component] ?? {})) {
      const inputField = inputType.getFields()[name]!;
      const fieldType = getNamedType(inputField.type);
      if (isEnumType(fieldType)) t.deepEqual(fieldType.getValues().map((value) => value.value).sort(), [...values].sort(), `${inputType.name}.${name}`);
      else for (const value of values) t.regex(inputField.description ?? '', new RegExp(`\\b${String(value)}\\b`), `${inputType.name}.${name} does not name ${String(value)}`);
      compared += 1;
    }
  }
  t.true(compared >= 3, `only ${compared} enums compared`);
});

test('no two endpoints share a method and path, nor a GraphQL field', (t) => {
  const routes = ADMIN_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  t.deepEqual(routes.filter((route, i) => routes.indexOf(route) !== i), []);
  const fields = served.map((endpoint) => `${endpoint.graphql!.type}.${endpoint.graphql!.field}`);
  t.deepEqual(fields.filter((name, i) => fields.indexOf(name) !== i), []);
});

test("a 201's Location is the path of the endpoint that reads what it made: a GET of this API, its parameters the template's", (t) => {
  const reads = new Set(ADMIN_ENDPOINTS.filter((endpoint) => endpoint.method === 'get').map((endpoint) => endpoint.path));
  const located = ADMIN_ENDPOINTS.filter((endpoint) => endpoint.location);
  t.true(located.length >= 8, `${located.length} endpoints name a Location`);
  for (const endpoint of located) t.true(reads.has(endpoint.location!.path), `${endpoint.method} ${endpoint.path} → ${endpoint.location!.path}`);
  const made = ADMIN_ENDPOINTS.filter((endpoint) => endpoint.ok.status === 201 && endpoint.ok.location !== false && endpoint.handle);
  t.deepEqual(made.filter((endpoint) => !endpoint.location).map((endpoint) => `${endpoint.method} ${endpoint.path}`), [], 'a 201 documented with a Location names one');
});
