import type { Knex } from 'knex';

/** One page of a bounded list (SPEC §2.1). */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** The query limited to the page, or whole without one. */
export function applyPage(query: Knex.QueryBuilder, page: Page | undefined): Knex.QueryBuilder {
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
