import { COMPONENT_SCHEMAS } from './components';
import { operation } from './operation';
import { API_PATHS, type PathEntry } from './paths';
import { ref, str } from './schema-kit';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** Endpoints of the HTTP role that are not resources: health, metrics, and this documentation. */
const OPERATIONS_PATHS: readonly PathEntry[] = [
  { method: 'get', path: '/healthz', tag: 'operations', spec: { summary: 'The process is up', access: 'public', ok: { status: 200, body: 'Health' } } },
  { method: 'get', path: '/readyz', tag: 'operations', spec: {
    summary: 'MySQL and Redis answer', access: 'public', ok: { status: 200, body: 'Readiness' },
    extraResponses: { 503: { description: 'A dependency does not answer (named in `checks`).', content: { 'application/json': { schema: ref('Readiness') } } } },
  } },
  { method: 'get', path: '/metrics', tag: 'operations', spec: {
    summary: 'Prometheus metrics of this process', access: 'public', ok: { status: 200, type: 'text/plain', body: str(), description: 'Prometheus text format 0.0.4.' },
    errors: [404], description: 'A 404 when METRICS_ENABLED is false. Keep it off the public network: it names routes and queue depths.' } },
  { method: 'get', path: OPENAPI_PATH, tag: 'operations', spec: { summary: 'This document', access: 'public', ok: { status: 200, body: { type: 'object' } } } },
  { method: 'get', path: DOCS_PATH, tag: 'operations', spec: {
    summary: 'This document as a page (Swagger UI)', access: 'public', ok: { status: 200, type: 'text/html', body: str() }, errors: [404],
    description: 'A Vite build of Swagger UI (`api-docs/`); a 404 when it is not built (`npm run build:api-docs`).' } },
  { method: 'get', path: `${DOCS_PATH}/assets/{file}`, tag: 'operations', spec: {
    summary: 'The docs page\'s scripts and styles', access: 'public', ok: { status: 200, type: '*/*', body: str() }, errors: [404], description: 'The page\'s hashed build files (no CDN); any other file is a 404.' } },
];

let built: Record<string, unknown> | null = null;

/** The OpenAPI 3.1 document of the HTTP role, built once from API_PATHS and the component schemas. */
export function openApiDocument(): Record<string, unknown> {
  if (built) return built;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of [...API_PATHS, ...OPERATIONS_PATHS]) {
    (paths[entry.path] ??= {})[entry.method] = operation(entry.method, entry.path, entry.tag, entry.spec);
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Reservation engine: management API',
      version: '1.0.0',
      license: { name: 'Proprietary (UNLICENSED)', identifier: 'LicenseRef-Proprietary' },
      description: [
        'The management backend\'s REST API (SPEC §2). Errors are `application/problem+json` (RFC 9457); checks run in the order',
        'token (401) → role (403) → path parameters (400) → entities in the path (404) → module (403 `module_disabled`) → body (400) → state (409).',
        'A method a path lacks is a 405 with `Allow`; a method the server does not know is a 501. The same resources are served over GraphQL at `/graphql`.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access_token from POST /api/auth/login or /api/auth/register.' } },
      schemas: COMPONENT_SCHEMAS,
    },
  };
  return built;
}
