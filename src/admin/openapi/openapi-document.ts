import { COMPONENT_SCHEMAS } from './components';
import { operation } from './operation';
import { OPERATIONS_PATHS } from './operations-paths';
import { API_PATHS } from './paths';

export { DOCS_PATH, OPENAPI_PATH } from './operations-paths';

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
