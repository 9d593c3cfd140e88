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

/**
 * A list that pages and knows its total (SPEC §2.1's `X-Total-Count`): the caller's checks are done when
 * it is made, so a transport asks for a page, the total, or both, with nothing more to check.
 */
export interface Listing<Row> {
  rows(page: Page): Promise<Row[]>;
  total(): Promise<number>;
}

/** A filtered and ordered query as a listing: a page of its rows, and the count of the same filter. */
export function listingOf<Row>(query: Knex.QueryBuilder): Listing<Row> {
  return {
    rows: async (page) => (await query.clone().limit(page.limit).offset(page.offset)) as Row[],
    total: async () => {
      const counted = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string } | undefined;
      return Number(counted?.total ?? 0);
    },
  };
}

/** A listing whose rows are turned into replies (one call per page, so a batch stays one statement). */
export function mapListing<Row, Reply>(listing: Listing<Row>, toReplies: (rows: Row[]) => Reply[] | Promise<Reply[]>): Listing<Reply> {
  return { rows: async (page) => toReplies(await listing.rows(page)), total: () => listing.total() };
}

/**
 * A page and the list's total. A short page ends the list, so its total is known without a count
 * (unless it is empty past the first page, where the offset may run past the end).
 */
export async function pageAndTotal<Row>(listing: Listing<Row>, page: Page): Promise<{ rows: Row[]; total: number }> {
  const rows = await listing.rows(page);
  const ended = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  return { rows, total: ended ? page.offset + rows.length : await listing.total() };
}
