import { ADMIN_ENDPOINTS } from '../admin-endpoints';
import { componentName } from '../core/reply-schema';
import type { AnyEndpoint, Method, QueryRules } from '../http/endpoint';
import type { OperationSpec } from './operation';

export interface PathEntry {
  readonly method: Method;
  /** OpenAPI template: `{name}` for a path parameter. */
  readonly path: string;
  readonly tag: string;
  readonly spec: OperationSpec;
}

/** An endpoint's declaration as its OpenAPI operation reads it. */
function pathEntry(endpoint: AnyEndpoint): PathEntry {
  const { method, path, tag, summary, description, access, module, enrolment, headers, lookup, body, ok, errors, extraResponses } = endpoint;
  const query = Object.values((endpoint.query ?? {}) as QueryRules).flatMap((rule) => rule.params);
  return {
    method, path, tag,
    spec: {
      summary, description, access, module, enrolment, headers, lookup, ok, errors, extraResponses,
      ...(query.length > 0 ? { query } : {}),
      ...(body ? { body: body === 'multipart' ? 'multipart' : componentName(body) } : {}),
    },
  };
}

/** Every REST endpoint of the management API (SPEC §2), from its declaration in its feature folder. */
export const API_PATHS: readonly PathEntry[] = ADMIN_ENDPOINTS.map(pathEntry);
