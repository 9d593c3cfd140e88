import DataLoader from 'dataloader';
import type { Logger } from '../../logging/logger';
import type { AdminServices } from '../admin-services';
import { requestActor, type Actor } from '../core/actor';
import { assertRole, type Access } from '../core/roles';
import type { PublicUser } from '../users/users-repository';

/** What every resolver of one request sees (a type, not an interface: graphql-http wants an index signature). */
export type GraphQLContext = {
  readonly services: AdminServices;
  /** The client's address (login limits), as the REST routes see it. */
  readonly clientAddress: string;
  /** Who a write made for `caller` (none: a public field) is audited as: the caller, this request's id, the address. */
  actor(caller: PublicUser | undefined): Actor;
  readonly log: Logger;
  /**
   * The caller of a field that needs `access`: the bearer token is checked once per request, on the
   * first field that needs it (401 UNAUTHORIZED), then the role for each field (403 FORBIDDEN).
   */
  caller(access: Access, options?: { enrolment?: boolean }): Promise<PublicUser>;
  /**
   * The request's DataLoader for one list field and argument set (`name` says both): the loads of
   * every parent in the result are batched into one `load` call, one service call for all of them.
   */
  batch<Key, Item>(name: string, load: (keys: readonly Key[]) => Promise<ReadonlyArray<Item>>, cacheKey: (key: Key) => unknown): DataLoader<Key, Exclude<Item, Error>>;
  /**
   * A read made once per request however often the document asks for it (aliases): `key` names the
   * read and its arguments. Aliases still count in the query's cost; they only stop costing work.
   */
  once<Value>(key: string, read: () => Promise<Value>): Promise<Value>;
};

export function createGraphQLContext(deps: {
  services: AdminServices;
  authorization: string | undefined;
  clientAddress: string;
  requestId: string;
  log: Logger;
}): GraphQLContext {
  let authenticated: Promise<PublicUser> | null = null;
  const loaders = new Map<string, DataLoader<unknown, unknown>>();
  const reads = new Map<string, Promise<unknown>>();
  return {
    services: deps.services,
    clientAddress: deps.clientAddress,
    actor: (caller) => requestActor(caller, deps.requestId, deps.clientAddress),
    log: deps.log,
    async caller(access, options = {}) {
      authenticated ??= deps.services.auth.authenticate(deps.authorization);
      const user = await authenticated;
      assertRole(user, access);
      if (!options.enrolment) deps.services.auth.assertEnrolled(user);
      return user;
    },
    batch<Key, Item>(name: string, load: (keys: readonly Key[]) => Promise<ReadonlyArray<Item>>, cacheKey: (key: Key) => unknown) {
      type Value = Exclude<Item, Error>;
      let loader = loaders.get(name) as DataLoader<Key, Value> | undefined;
      if (!loader) {
        // An item that is an Error rejects its own load (DataLoader's rule): a game's refusal is that game's.
        loader = new DataLoader<Key, Value, unknown>(load as (keys: readonly Key[]) => Promise<ReadonlyArray<Value | Error>>, { cacheKeyFn: cacheKey });
        loaders.set(name, loader as DataLoader<unknown, unknown>);
      }
      return loader;
    },
    once<Value>(key: string, read: () => Promise<Value>) {
      let value = reads.get(key) as Promise<Value> | undefined;
      if (!value) {
        value = read();
        reads.set(key, value);
      }
      return value;
    },
  };
}
