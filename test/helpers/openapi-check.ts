import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/admin/openapi/openapi-document';

/**
 * Every REST reply the suite receives is checked here against GET /openapi.json's document: the
 * status must be documented for the operation, the content type must be one it names, and a JSON
 * body must match its schema. A reply from a route the document lacks fails, so the document cannot
 * drift from the code. GraphQL, the queue dashboard and the console are not REST and are left out.
 */
export const NOT_REST = /^\/(graphql|admin\/queues|console)(\/|$)/;
const DOCUMENT_ID = 'openapi.json';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
interface PathTemplate {
  readonly template: string;
  readonly pattern: RegExp;
  readonly literalSegments: number;
  readonly operations: Record<string, Operation>;
}

const document = openApiDocument() as { paths: Record<string, Record<string, Operation>> };
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

const templates: PathTemplate[] = Object.entries(document.paths).map(([template, operations]) => ({
  template,
  operations,
  pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  literalSegments: template.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length,
}));

/** The documented path a URL path falls under: the most literal one when several match. */
function templateOf(path: string): PathTemplate | undefined {
  return templates.filter((candidate) => candidate.pattern.test(path)).sort((a, b) => b.literalSegments - a.literalSegments)[0];
}

/** `#/components/…` inside a schema points into the document once the schema stands on its own. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) =>
    [key, key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOCUMENT_ID}${value}` : anchored(value)]));
}

const validators = new Map<unknown, ValidateFunction>();
function validatorOf(schema: unknown): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(anchored(schema) as object);
    validators.set(schema, validate);
  }
  return validate;
}

const mediaTypeOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
const covers = (documented: string, actual: string) =>
  documented === actual || documented === '*/*' || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

export interface ReceivedReply {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, text, or null for an empty body. */
  readonly body: unknown;
}

/** What is wrong with a reply by the document; empty when it holds. */
export function openApiViolations(reply: ReceivedReply): string[] {
  const path = new URL(reply.url, 'http://api.invalid').pathname;
  const method = reply.method.toLowerCase();
  const where = `${reply.method} ${path} → ${reply.status}`;
  if (NOT_REST.test(path)) return [];
  // OPTIONS is HTTP's own: a CORS preflight (204) or the router's list of methods (200 with Allow).
  if (method === 'options' && (reply.status === 204 || (reply.status === 200 && reply.headers.get('allow')))) return [];
  const mediaType = mediaTypeOf(reply.headers.get('content-type'));
  const problem = () => problemViolations(where, mediaType, reply.body);

  const template = templateOf(path);
  if (!template) {
    // No documented path: only "no such route" (404) or "unknown method" (501) may come back.
    return [404, 501].includes(reply.status) ? problem() : [`${where}: undocumented route (no path of the OpenAPI document matches)`];
  }
  const operation = template.operations[method === 'head' ? 'get' : method];
  if (!operation) {
    if (reply.status === 405 && !reply.headers.get('allow')) return [`${where}: a 405 without an Allow header`];
    return [405, 501].includes(reply.status) ? problem() : [`${where}: ${reply.method} is not documented on ${template.template}`];
  }
  const response = operation.responses[String(reply.status)];
  if (!response) return [`${where}: status ${reply.status} is not documented for ${reply.method} ${template.template}`];
  if (!response.content) {
    return reply.body === null || reply.body === '' ? [] : [`${where}: documented without a body, but one came back`];
  }
  const documentedType = Object.keys(response.content).find((type) => covers(type, mediaType));
  if (!documentedType) return [`${where}: content type "${mediaType}" is not one of ${Object.keys(response.content).join(', ')}`];
  if (method === 'head' || !isJson(mediaType)) return [];
  return schemaViolations(where, response.content[documentedType]!.schema, reply.body);
}

function problemViolations(where: string, mediaType: string, body: unknown): string[] {
  if (mediaType !== 'application/problem+json') return [`${where}: expected application/problem+json, got "${mediaType}"`];
  return schemaViolations(where, { $ref: '#/components/schemas/Problem' }, body);
}

function schemaViolations(where: string, schema: unknown, body: unknown): string[] {
  const validate = validatorOf(schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

/**
 * What is wrong with a JSON request body the server accepted (a 2xx reply), by the document: a body
 * the service took must be one the document describes (its request schemas come from the services'
 * yup schemas). A refused body is not checked: rules beyond the schema (a unique key, a macro) are
 * the service's, and tests send broken bodies on purpose.
 */
export function openApiRequestViolations(request: { method: string; url: string; status: number; body: unknown }): string[] {
  if (request.status < 200 || request.status >= 300 || request.body === undefined) return [];
  const path = new URL(request.url, 'http://api.invalid').pathname;
  if (NOT_REST.test(path)) return [];
  const operation = templateOf(path)?.operations[request.method.toLowerCase()];
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [];
  return schemaViolations(`${request.method} ${path} (request)`, schema, request.body);
}

/** Throws (failing the test that received it) when a reply breaks the document. */
export function assertDocumentedReply(reply: ReceivedReply & { readonly requestBody?: unknown }): void {
  const violations = [
    ...openApiViolations(reply),
    ...openApiRequestViolations({ method: reply.method, url: reply.url, status: reply.status, body: reply.requestBody }),
  ];
  if (violations.length > 0) throw new Error(`The exchange breaks the OpenAPI document (src/admin/openapi):\n  ${violations.join('\n  ')}`);
}

/** `fetch` for the HTTP role, with the reply checked against the document; the response is returned unread. */
export async function documentedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const text = await response.clone().text();
  const mediaType = mediaTypeOf(response.headers.get('content-type'));
  let body: unknown = text === '' ? null : text;
  if (text !== '' && isJson(mediaType)) body = JSON.parse(text);
  assertDocumentedReply({ method: init.method ?? 'GET', url, status: response.status, headers: response.headers, body });
  return response;
}
