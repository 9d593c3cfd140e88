import { pathParamsOf, TEXT_PARAMS, type EndpointAccess, type QueryParam, type Success } from '../http/endpoint';
import { JSON_TYPE, PROBLEM_TYPE, ref } from './schema-kit';

const ACCESS_TEXT: Record<EndpointAccess, string> = {
  public: 'Public.',
  any: 'Any signed-in user.',
  self: 'The user themself, or an admin or moderator.',
  staff: 'Admin or moderator.',
  admin: 'Admin only.',
};

export interface OperationSpec {
  readonly summary: string;
  readonly access: EndpointAccess;
  /** The game module that must be enabled (403 module_disabled otherwise). */
  readonly module?: 'variables' | 'notification' | 'leaderboard';
  /** Open to staff who must still enrol in two-factor sign-in (no 403 for that). */
  readonly enrolment?: true;
  readonly query?: readonly QueryParam[];
  readonly headers?: readonly QueryParam[];
  /** False when the path names no stored entity to look up (no 404 from the path). */
  readonly lookup?: false;
  /** A request body component (JSON), or `multipart` (image upload). */
  readonly body?: string;
  readonly ok: Success;
  /** Statuses beyond those the access, path, query and body imply (409, 429, …). */
  readonly errors?: readonly number[];
  readonly description?: string;
  /** More replies of its own (304 for the config document). */
  readonly extraResponses?: Record<string, unknown>;
}

/** Path parameters that are not positive-integer ids. */
const TEXT_PARAM_NAMES = new Set<string>(TEXT_PARAMS);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'A path parameter, query parameter or body field breaks a rule (each one named in `errors`).',
  401: 'No valid bearer token (`WWW-Authenticate: Bearer`).',
  403: 'The role may not do this, the game is outside a scoped moderator\'s games, the game\'s module is disabled (`module_disabled`), or staff must enrol in two-factor sign-in first (STAFF_2FA_REQUIRED).',
  404: 'An entity in the path does not exist, or does not belong to its parent.',
  409: 'A uniqueness or state rule.',
  413: 'The body is over its limit.',
  415: 'The body is not of an accepted type.',
  429: 'Too many attempts (`Retry-After`).',
  500: 'Unexpected; no stack or SQL is shown.',
  503: 'MySQL or Redis is unavailable.',
};

const problem = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
  ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds' } } } : {}),
  ...(status === 401 ? { headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } } } : {}),
  content: { [PROBLEM_TYPE]: { schema: ref('Problem') } },
});


/** The statuses an endpoint can answer with besides its success, from what it takes and who may call it. */
export function errorStatuses(template: string, spec: OperationSpec): number[] {
  const params = pathParamsOf(template);
  const statuses = new Set<number>([500, 503, ...(spec.errors ?? [])]);
  if (spec.access !== 'public') statuses.add(401);
  // Any signed-in caller may be staff who must enrol in two-factor sign-in first (STAFF_2FA_REQUIRED).
  if (spec.access !== 'public' && (spec.access !== 'any' || !spec.enrolment)) statuses.add(403);
  if (spec.module) statuses.add(403);
  if (params.some((name) => !TEXT_PARAM_NAMES.has(name)) || spec.query?.length || spec.body) statuses.add(400);
  if (params.length > 0 && spec.lookup !== false) statuses.add(404);
  if (spec.body) [413, 415].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(ok: Success): Record<string, unknown> {
  const body = typeof ok.body === 'string' ? ref(ok.body) : ok.body;
  return {
    description: ok.description ?? (ok.status === 201 ? 'Created.' : ok.status === 204 ? 'Done; no body.' : 'OK.'),
    ...(ok.location ? { headers: { Location: { schema: { type: 'string' }, description: 'the created thing\'s URL' } } } : {}),
    ...(ok.paged ? { headers: { 'X-Total-Count': { schema: { type: 'integer', minimum: 0 }, description: 'how many the whole list holds (every page)' } } } : {}),
    ...(body ? { content: { [ok.type ?? JSON_TYPE]: { schema: body }, ...alternativesOf(ok) } } : {}),
  };
}

const alternativesOf = (ok: Success) => Object.fromEntries(Object.entries(ok.alternatives ?? {}).map(([type, schema]) => [type, { schema }]));

function requestBody(body: string): Record<string, unknown> {
  if (body === 'multipart') {
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } } },
    };
  }
  return { required: true, content: { [JSON_TYPE]: { schema: ref(body) } } };
}

const optionalParam = (param: QueryParam, where: 'query' | 'header') => ({
  name: param.name, in: where, required: false, schema: param.schema, ...(param.description ? { description: param.description } : {}),
});

/**
 * The operation's id, from its method and path: `GET /api/games/{id}/config/versions` is
 * `getGamesByIdConfigVersions` (unique, since a method and a path name one operation).
 */
export function operationId(method: string, template: string): string {
  const words = template
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** One OpenAPI operation from its facts: parameters, body, success and every error status. */
export function operation(method: string, template: string, tag: string, spec: OperationSpec): Record<string, unknown> {
  const moduleNote = spec.module ? ` Needs the game's module \`${spec.module}\`.` : '';
  const parameters = [
    ...pathParamsOf(template).map((name) => ({
      name, in: 'path', required: true, schema: TEXT_PARAM_NAMES.has(name) ? { type: 'string' } : { type: 'integer', minimum: 1 },
    })),
    ...(spec.query ?? []).map((param) => optionalParam(param, 'query')),
    ...(spec.headers ?? []).map((param) => optionalParam(param, 'header')),
  ];
  return {
    operationId: operationId(method, template),
    tags: [tag],
    summary: spec.summary,
    description: [ACCESS_TEXT[spec.access] + moduleNote, spec.description].filter(Boolean).join('\n\n'),
    security: spec.access === 'public' ? [] : [{ bearer: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: requestBody(spec.body) } : {}),
    responses: {
      [spec.ok.status]: successResponse(spec.ok),
      ...Object.fromEntries(errorStatuses(template, spec).map((status) => [status, problem(status)])),
      ...spec.extraResponses,
    },
  };
}
