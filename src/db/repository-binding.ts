import type { Knex } from 'knex';

/**
 * A repository module (functions that take a connection first: `findGame(db, id)`) with the
 * connection bound: `games.findGame(id)`. `Db` decides which functions it offers: bound to the pool
 * (`Knex`), those that take any connection; bound to a transaction (`Knex.Transaction`), those too and
 * the ones that need a transaction (a row lock held to its end). Constants and types are left out.
 */
export type Bound<Module, Db> = {
  readonly [Name in keyof Module as Module[Name] extends (db: infer Connection, ...args: never[]) => unknown
    ? Db extends Connection
      ? Name
      : never
    : never]: Module[Name] extends (db: never, ...args: infer Args) => infer Result ? (...args: Args) => Result : never;
};

export function bindRepository<Module extends object, Db extends Knex>(module: Module, db: Db): Bound<Module, Db> {
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === 'function') bound[name] = (...args: unknown[]) => (value as (...all: unknown[]) => unknown)(db, ...args);
  }
  return bound as Bound<Module, Db>;
}

/** Every repository of a map bound to one connection. */
export type BoundAll<Modules, Db> = { readonly [Name in keyof Modules]: Bound<Modules[Name], Db> };

export function bindAll<Modules extends Record<string, object>, Db extends Knex>(modules: Modules, db: Db): BoundAll<Modules, Db> {
  return Object.fromEntries(Object.entries(modules).map(([name, module]) => [name, bindRepository(module, db)])) as BoundAll<Modules, Db>;
}
