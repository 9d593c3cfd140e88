import type { AnyObjectSchema, AnySchema } from 'yup';
import type { Listing, Page } from '../../db/page';
import type { AdminServices } from '../admin-services';
import type { Actor } from '../core/actor';
import { componentName } from '../core/reply-schema';
import { endpoint, gone, list, made, one, page, paged, type AnyEndpoint, type BodyOf, type Endpoint } from './endpoint';

/** The service of a game's items: the five operations the endpoints call, `change` under its own name (`replace` or `update`). */
export type GameItemsService<Item, Verb extends string, Create, Change> = {
  list(gameId: number, page: Page): Promise<readonly Item[] | Listing<Item>>;
  /** One item: the `reply`'s shape, or the `oneReply`'s. */
  get(gameId: number, id: number): Promise<unknown>;
  create(actor: Actor, gameId: number, body: BodyOf<Create>): Promise<Item>;
  remove(actor: Actor, gameId: number, id: number): Promise<void>;
} & { readonly [V in Verb]: (actor: Actor, gameId: number, id: number, body: BodyOf<Change>) => Promise<Item> };

/**
 * The items a game module keeps (its variables, notifications, leaderboards, timed overrides), as five
 * endpoints under `/api/games/{id}/<items>`: a list, one item, create, change (PUT) and delete. REST
 * paths and GraphQL fields are named from `items` and `item` (`variables`, `variable`,
 * `createVariable`, `replaceVariable`, `deleteVariable`, the item's id argument `id` and the game's
 * `game_id`); reads have `readAccess`, writes are staff's, each behind its module.
 */
export interface GameItems<Item extends { readonly id: number; readonly game_id: number }, Verb extends string, Create extends AnyObjectSchema, Change extends AnyObjectSchema> {
  /** The GraphQL list field (`variables`), and the path below the game unless `path` says otherwise. */
  readonly items: string;
  /** The path below `/api/games/{id}/` (`config/overrides`). */
  readonly path?: string;
  /** The GraphQL name of one (`variable`: `createVariable`, …). */
  readonly item: string;
  /** The item's path parameter (`var_id`). */
  readonly param: string;
  readonly tag: string;
  readonly module: NonNullable<Endpoint['module']>;
  readonly readAccess: 'any' | 'staff';
  /** What the list, create and change answer (and one item, unless `oneReply`). */
  readonly reply: AnySchema;
  /** One item's reply where it holds more (a notification with its macros): GraphQL gives it as the `reply`'s type. */
  readonly oneReply?: AnySchema;
  /** The list pages (its total in X-Total-Count and a `<items>Total` field) or is a plain window. */
  readonly paged?: true;
  readonly create: { readonly body: Create; readonly summary: string; readonly description?: string };
  readonly change: { readonly verb: Verb; readonly body: Change; readonly summary: string };
  readonly summaries: { readonly list: string; readonly one: string; readonly remove: string };
  /** Statuses create and change may answer beyond those the rest implies (409: a key taken). */
  readonly errors?: readonly number[];
  readonly service: (services: AdminServices) => GameItemsService<Item, Verb, Create, Change>;
}

const capitalized = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/** A path parameter as parsePathParams checked it (every one of these templates is a positive integer). */
function idIn(params: object, name: string): number {
  const value: unknown = Reflect.get(params, name);
  if (typeof value !== 'number') throw new Error(`path parameter ${name} was not parsed as an id`);
  return value;
}

/** The five endpoints of a game's items. */
export function gameItemsEndpoints<
  Item extends { readonly id: number; readonly game_id: number }, Verb extends string, Create extends AnyObjectSchema, Change extends AnyObjectSchema,
>(spec: GameItems<Item, Verb, Create, Change>): AnyEndpoint[] {
  const { items, item, param, tag, module, readAccess, reply, errors, service } = spec;
  const collection = `/api/games/{id}/${spec.path ?? items}`;
  const one_ = `${collection}/{${param}}`;
  const listArgs = { id: 'game_id' };
  const itemArgs = { id: 'game_id', [param]: 'id' };
  const Name = capitalized(item);
  const gameId = (params: object) => idIn(params, 'id');
  const itemId = (params: object) => idIn(params, param);
  return [
    endpoint({
      method: 'get', path: collection, tag, summary: spec.summaries.list, access: readAccess, module,
      query: { page: page() }, ok: spec.paged ? paged(reply) : list(reply),
      graphql: { type: 'Query', field: items, params: listArgs, ...(spec.paged ? { total: `${items}Total` } : {}) },
      handle: ({ params, query }, services) => service(services).list(gameId(params), query.page),
    }),
    endpoint({
      method: 'get', path: one_, tag, summary: spec.summaries.one, access: readAccess, module, ok: one(spec.oneReply ?? reply),
      graphql: { type: 'Query', field: item, params: itemArgs, ...(spec.oneReply ? { returns: componentName(reply) } : {}) },
      handle: ({ params }, services) => service(services).get(gameId(params), itemId(params)),
    }),
    endpoint({
      method: 'post', path: collection, tag, summary: spec.create.summary, access: 'staff', module,
      body: spec.create.body, ok: made(reply), ...(errors ? { errors } : {}), ...(spec.create.description ? { description: spec.create.description } : {}),
      graphql: { type: 'Mutation', field: `create${Name}`, params: listArgs },
      handle: ({ actor, params, body }, services) => service(services).create(actor, gameId(params), body),
      location: { path: one_, params: (made: Item) => ({ id: made.game_id, [param]: made.id }) },
    }),
    endpoint({
      method: 'put', path: one_, tag, summary: spec.change.summary, access: 'staff', module,
      body: spec.change.body, ok: one(reply), ...(errors ? { errors } : {}),
      graphql: { type: 'Mutation', field: `${spec.change.verb}${Name}`, params: itemArgs },
      handle: ({ actor, params, body }, services) => service(services)[spec.change.verb](actor, gameId(params), itemId(params), body),
    }),
    endpoint({
      method: 'delete', path: one_, tag, summary: spec.summaries.remove, access: 'staff', module, ok: gone,
      graphql: { type: 'Mutation', field: `delete${Name}`, params: itemArgs },
      handle: ({ actor, params }, services) => service(services).remove(actor, gameId(params), itemId(params)),
    }),
  ];
}
