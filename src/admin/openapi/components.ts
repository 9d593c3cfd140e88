import { ADMIN_ENDPOINTS } from '../admin-endpoints';
import { componentName } from '../core/reply-schema';
import { jsonSchemaOf, replyComponents } from './from-yup';
import { ERROR_SPECS } from '../../errors/error-specs';
import { OPERATIONS_PATHS } from './operations-paths';
import { arrayOf, int, object, oneOfValues, str, type Schema } from './schema-kit';

const PROBLEM_CODES = [...new Set(Object.values(ERROR_SPECS).map((spec) => spec.problemCode))];

/** The request bodies the endpoints declare with a yup schema, by their component names. */
function requestBodies(): Record<string, Schema> {
  const bodies: Record<string, Schema> = {};
  for (const { body } of ADMIN_ENDPOINTS) {
    if (body && body !== 'multipart') bodies[componentName(body)] = jsonSchemaOf(body);
  }
  return bodies;
}

/**
 * Every schema the paths name with `ref(…)`. The replies' shapes are derived from the reply schemas
 * the endpoints answer with (`one(languageReply)`: each feature's `-replies.ts`) and every component
 * those hold; written here is only the error body. A new endpoint's reply is documented by naming it.
 */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  ...replyComponents([...ADMIN_ENDPOINTS.map((endpoint) => endpoint.ok), ...OPERATIONS_PATHS.map((entry) => entry.spec.ok)].flatMap((ok) => ok.replies ?? [])),
  Problem: {
    ...object({
      type: str({ const: 'about:blank' }), title: str(), status: int({ minimum: 400, maximum: 599 }), code: oneOfValues(PROBLEM_CODES), detail: str(),
      errors: arrayOf(object({ path: str(), message: str() })),
    }, { optional: ['errors'] }),
    description: 'RFC 9457 problem details; `errors` lists every violation of a 400.',
  },

  // Request bodies: unknown fields are ignored; every violation is a 400 naming its path. Each is
  // derived from the yup schema its endpoint declares (from-yup.ts); a variable's, one variant per type.
  ...requestBodies(),
};
