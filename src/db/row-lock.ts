import type { Knex } from 'knex';

/**
 * The query with FOR UPDATE when `forUpdate` (inside a transaction): the rows read stay locked until it
 * ends, so what an audited write records as "before" is what it changed.
 */
export function lockedIf<Q extends Knex.QueryBuilder>(query: Q, forUpdate: boolean): Q {
  return forUpdate ? (query.forUpdate() as Q) : query;
}
