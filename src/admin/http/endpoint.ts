import type { AnyObjectSchema, AnySchema, InferType } from 'yup';
import { componentName } from '../core/reply-schema';
import { pageAndTotal, type Listing, type Page } from '../../db/page';
import type { AdminServices } from '../admin-services';
import type { Actor } from '../core/actor';
import type { SessionUser } from '../core/session-user';
import type { AppContext } from '../koa-types';
import { flagQuery, idParam, intQuery, pageQuery, stringQuery } from './params';

/**
 * One management endpoint, declared once: its method and path, who may call it, what it takes and
 * answers, and what it does. The Koa route (endpoint-routes.ts), the OpenAPI operation
 * (openapi/paths.ts) and, where it has one, the GraphQL field (its SDL: graphql/endpoint-sdl.ts; its
 * access and argument parsing: graphql/endpoint-resolvers.ts) are all made from this declaration.
 */

/** A JSON Schema (the OpenAPI document's dialect), as a parameter or reply is documented. */
export type Schema = Record<string, unknown>;

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call it, as SPEC §2 names it: `self` is any signed-in user, the service then checks "the user themself or staff". */
export type EndpointAccess = 'public' | 'any' | 'self' | 'staff' | 'admin';

/** Path parameters that are text; every other one is a positive-integer id (400 otherwise). */
export const TEXT_PARAMS = ['code', 'module_key', 'filename'] as const;
type TextParam = (typeof TEXT_PARAMS)[number];

/** The `{name}`s of an OpenAPI path template. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type PathParams<Path extends string> = { readonly [Name in ParamNames<Path>]: Name extends TextParam ? string : number };

/** A documented query parameter (or header). */
export interface QueryParam {
  readonly name: string;
  readonly schema: Schema;
  readonly description?: string;
  /** Its GraphQL argument's type where the JSON Schema's does not say it (an id: `SafeInt`). */
  readonly graphql?: string;
}

/** One or more query parameters and how their values are read (the same rule for REST's text and GraphQL's arguments). */
export interface QueryRule<Value> {
  readonly params: readonly QueryParam[];
  parse(values: Readonly<Record<string, unknown>>): Value;
}
export type QueryRules = Readonly<Record<string, QueryRule<unknown>>>;
type ParsedQuery<Rules extends QueryRules | undefined> = Rules extends QueryRules ? { readonly [Key in keyof Rules]: ReturnType<Rules[Key]['parse']> } : Record<string, never>;

/** A JSON body: the yup schema the service validates it with, named (core/body-schema.ts); or a multipart upload. */
export type BodySpec = AnyObjectSchema | 'multipart';
/**
 * The body a handler hands its service: the fields its schema names, each optional and not yet checked
 * (the service validates it with that schema); `unknown` for a body without one.
 */
export type BodyOf<Spec> = Spec extends AnyObjectSchema ? Partial<InferType<Spec>> : unknown;

export interface Success {
  readonly status: 200 | 201 | 204;
  /** A component name, or a schema; none for 204. */
  readonly body?: string | Schema;
  /** The reply schemas it answers with (one, list, paged, made): the document's components come from these. */
  readonly replies?: readonly AnySchema[];
  /** Default application/json. */
  readonly type?: string;
  /** Other media types it answers when the request's Accept asks for them (`text/csv`), each with its schema. */
  readonly alternatives?: Readonly<Record<string, Schema>>;
  /** 201 with the created thing's URL. */
  readonly location?: boolean;
  /**
   * A list that pages (SPEC §2.1): the handler answers a Listing, the transport reads the page its
   * `page` query asks for, and REST answers the total in `X-Total-Count`.
   */
  readonly paged?: true;
  readonly description?: string;
}

/** What a handler gets: the checked path parameters and query, the raw body (its service validates it), the caller. */
export interface EndpointInput<Path extends string, Rules extends QueryRules | undefined, Body = unknown> {
  readonly params: PathParams<Path>;
  readonly query: ParsedQuery<Rules>;
  readonly body: BodyOf<Body>;
  /** The signed-in caller (public endpoints: never read it). */
  readonly caller: SessionUser;
  /** Who the request's writes are audited as (its user, request id and address). */
  readonly actor: Actor;
  readonly clientAddress: string;
  /** A request header (GraphQL: the argument the endpoint's `graphql.headers` names for it). */
  header(name: string): string | undefined;
}

/** What a GraphQL field's reply may use of its request: a read made once however often the document asks. */
export interface GraphqlRequest {
  once<Value>(key: string, read: () => Promise<Value>): Promise<Value>;
}

/** The GraphQL field that serves the same operation. */
export interface GraphqlField<Reply = unknown> {
  readonly type: 'Query' | 'Mutation';
  readonly field: string;
  /** The argument each path parameter is given as, where its name differs (`{ id: 'game_id' }`). */
  readonly params?: Readonly<Record<string, string>>;
  /** The argument each header is given as (`{ 'idempotency-key': 'idempotency_key' }`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The field's reply from the endpoint's (when their shapes differ; a paged list's: its page of rows); a 204's reply is `true`. */
  readonly reply?: (reply: Reply extends Listing<infer Row> ? Row[] : Reply, request: GraphqlRequest) => unknown;
  /** Asked twice in one document (aliases), the read runs once. */
  readonly once?: true;
  /** A paged list's total, as a field of its own (`gamesTotal`) with the list's arguments but the page. */
  readonly total?: string;
  /** The GraphQL type it answers, where `reply` gives it a shape of its own (a type of the hand SDL, `[UserGame!]`). */
  readonly returns?: string;
  /** What it weighs in the query cost limit (`@cost`, query-limits.ts). */
  readonly cost?: number;
  /**
   * What it weighs beyond `cost` by its arguments (literals, or the request's variables): what it may
   * read, where that depends on what is asked (a report's periods and days).
   */
  readonly weigh?: (args: Readonly<Record<string, unknown>>) => number;
}

export interface Endpoint<
  Path extends string = string, Rules extends QueryRules | undefined = QueryRules | undefined, Reply = unknown, Body extends BodySpec | undefined = BodySpec | undefined,
  LocationPath extends string = string,
> {
  readonly method: Method;
  /** OpenAPI template: `{name}` for a path parameter. */
  readonly path: Path;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: EndpointAccess;
  /**
   * The game a staff operation acts on, for moderators limited to games (SPEC §2.12): the path's `id`
   * for `/api/games/{id}…` unless given; `none` for an operation on no game (invites, users,
   * languages); `new` for one that makes a game; otherwise read from the input (undefined: the target
   * does not exist, and the handler answers its 404). A `self` endpoint names the game of what it
   * reads too: its service lets a moderator limited to other games read it only as its user
   * (roles.ts, assertSelfOrStaff); the check before the handler is for staff endpoints.
   */
  readonly game?: 'none' | 'new' | ((input: EndpointInput<Path, Rules, Body>, services: AdminServices) => Promise<number | undefined> | number | undefined);
  /** Open to staff who must still enrol in two-factor sign-in (STAFF_2FA_REQUIRED, SPEC §2.12): enrolment itself and `me`. */
  readonly enrolment?: true;
  /** The game module that must be enabled (its service answers 403 module_disabled otherwise). */
  readonly module?: 'variables' | 'notification' | 'leaderboard';
  readonly query?: Rules;
  /** Headers it reads (documented; the handler reads them with `header`). */
  readonly headers?: readonly QueryParam[];
  readonly body?: Body;
  readonly ok: Success;
  /** Statuses beyond those the access, path, query and body imply (409, 429, …). */
  readonly errors?: readonly number[];
  /** False when the path names no stored entity to look up (no 404 from the path). */
  readonly lookup?: false;
  /** More replies of its own (304 for the config document). */
  readonly extraResponses?: Record<string, unknown>;
  readonly graphql?: GraphqlField<Reply>;
  /** What it does (REST and GraphQL); an endpoint with `koa` alone is served by REST only. */
  readonly handle?: (input: EndpointInput<Path, Rules, Body>, services: AdminServices) => Promise<Reply> | Reply;
  /** REST only, instead of `handle`: the route itself, for what needs Koa's request or response (an upload, a file). */
  readonly koa?: (ctx: AppContext, services: AdminServices) => Promise<void>;
  /** 201: the created thing's URL: the path of the endpoint that reads it, its parameters from the reply (`at`). */
  readonly location?: Location<Reply, LocationPath>;
  /** REST only: writes the reply itself (headers, a file, a 304) instead of the JSON body. */
  readonly respond?: (reply: Reply, request: { header(name: string): string | undefined; set(name: string, value: string): void; status(code: number): void; body(value: unknown, type?: string): void }) => void;
}

/** A created thing's URL: a path template of this API (a test holds it to a GET endpoint's) and its parameters from the reply. */
export interface Location<Reply, Path extends string = string> {
  readonly path: Path;
  /** The template's parameters (`location: { path: LANGUAGE, params: (language) => ({ id: language.id }) }`), their names checked by the compiler. */
  readonly params: (reply: Reply) => { readonly [Name in ParamNames<Path>]: string | number };
}

/** The URL a Location names for this reply (each parameter URL-encoded). */
export function locationOf<Reply>(location: Location<Reply>, reply: Reply): string {
  const params: Readonly<Record<string, string | number>> = location.params(reply);
  return location.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** Declares an endpoint, its path parameters, query and body typed from what it says. */
export const endpoint = <
  const Path extends string, Rules extends QueryRules | undefined = undefined, Reply = unknown, Body extends BodySpec | undefined = undefined,
  const LocationPath extends string = string,
>(spec: Endpoint<Path, Rules, Reply, Body, LocationPath>): Endpoint<Path, Rules, Reply, Body, LocationPath> => spec;

/** Any endpoint, as the builders of routes, operations and resolvers take them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of endpoints of different paths and queries
export type AnyEndpoint = Endpoint<string, any, any, any, any>;

/** `{name}` segments of an OpenAPI path template. */
export const pathParamsOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** The path parameters, checked: ids positive integers (400 naming the parameter), text as given. */
export function parsePathParams(template: string, values: Readonly<Record<string, unknown>>): Record<string, number | string> {
  return Object.fromEntries(
    pathParamsOf(template).map((name) => {
      const value = values[name];
      if ((TEXT_PARAMS as readonly string[]).includes(name)) return [name, value === undefined || value === null ? '' : String(value)];
      return [name, idParam(values, name)];
    }),
  );
}

/** The query's values, each read by its rule (a 400 naming the first parameter that breaks one). */
export function parseQuery<Rules extends QueryRules | undefined>(rules: Rules, values: Readonly<Record<string, unknown>>): ParsedQuery<Rules> {
  const entries = Object.entries((rules ?? {}) as QueryRules);
  return Object.fromEntries(entries.map(([key, rule]) => [key, rule.parse(values)])) as ParsedQuery<Rules>;
}

// Query rules: each documents its parameters and reads them.

/** SPEC §2.1's bounded lists: `limit` (default and bound per list) and `offset`. */
export function page(bounds: { defaultLimit: number; maxLimit: number; maxOffset?: number } = { defaultLimit: 1000, maxLimit: 1000 }): QueryRule<Page> {
  return {
    params: [
      limitParam(bounds.defaultLimit, bounds.maxLimit),
      { name: 'offset', schema: { type: 'integer', minimum: 0, ...(bounds.maxOffset !== undefined ? { maximum: bounds.maxOffset } : {}), default: 0 } },
    ],
    parse: (values) => pageQuery(values, bounds.defaultLimit, bounds.maxLimit, bounds.maxOffset),
  };
}

const limitParam = (defaultLimit: number, maxLimit: number): QueryParam => ({
  name: 'limit',
  schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
});

/** `limit` alone (a window, not a page). */
export function limit(bounds: { defaultLimit: number; maxLimit: number }): QueryRule<number> {
  return { params: [limitParam(bounds.defaultLimit, bounds.maxLimit)], parse: (values) => intQuery(values, 'limit', bounds.defaultLimit, 1, bounds.maxLimit) };
}

/** `search`: a case-insensitive substring. */
export function search(what: string): QueryRule<string | undefined> {
  return {
    params: [{ name: 'search', schema: { type: 'string' }, description: `case-insensitive substring of ${what} (\`%\`, \`_\`, \`\\\` literal)` }],
    parse: (values) => stringQuery(values, 'search'),
  };
}

/** A text parameter (absent or empty: undefined). */
export function textParam(name: string, schema: Schema = { type: 'string' }, description?: string): QueryRule<string | undefined> {
  return { params: [{ name, schema, ...(description ? { description } : {}) }], parse: (values) => stringQuery(values, name) };
}

/** An optional id parameter: a positive integer (400 naming it otherwise). */
export function idQuery(name: string, description?: string): QueryRule<number | undefined> {
  return {
    params: [{ name, schema: { type: 'integer', minimum: 1 }, graphql: 'SafeInt', ...(description ? { description } : {}) }],
    parse: (values) => (values[name] === undefined || values[name] === null ? undefined : idParam(values, name)),
  };
}

/** A flag (`true` | `false`), or its default when absent. */
export function flagParam(name: string, fallback: boolean, description: string): QueryRule<boolean> {
  return { params: [{ name, schema: { type: 'boolean', default: fallback }, description }], parse: (values) => flagQuery(values, name, fallback) };
}

/** An integer within bounds, or its default when absent. */
export function intParam(name: string, fallback: number, min: number, max: number): QueryRule<number> {
  return {
    params: [{ name, schema: { type: 'integer', minimum: min, maximum: max, default: fallback } }],
    parse: (values) => intQuery(values, name, fallback, min, max),
  };
}

// Replies, as the OpenAPI document names them.

// Replies, named by their reply schemas (src/admin/core/reply-schema.ts): the document's component is the schema's.

/** 200 with a list of the reply. */
export const list = (reply: AnySchema): Success => ({ status: 200, body: { type: 'array', items: { $ref: `#/components/schemas/${componentName(reply)}` } }, replies: [reply] });
/** 200 with one page of a list of the reply, and its total in `X-Total-Count` (the handler answers a Listing). */
export const paged = (reply: AnySchema): Success => ({ ...list(reply), paged: true });
/** 200 with one reply. */
export const one = (reply: AnySchema): Success => ({ status: 200, body: componentName(reply), replies: [reply] });
/** 201 with the created thing (and its URL in Location, unless `location` is false). */
export const made = (reply: AnySchema, location = true): Success => ({ status: 201, body: componentName(reply), replies: [reply], location });
/** 204, no body (GraphQL: true). */
export const gone: Success = { status: 204 };

/** The page a paged endpoint's request asks for (its `page` query rule). */
export const pageAskedFor = (input: { readonly query: unknown }): Page => (input.query as { page: Page }).page;

/** A paged endpoint's reply for its request: the page the query asks for, with the list's total. */
export function pageOfReply(input: { readonly query: unknown }, reply: unknown): Promise<{ rows: unknown[]; total: number }> {
  return pageAndTotal(reply as Listing<unknown>, pageAskedFor(input));
}
