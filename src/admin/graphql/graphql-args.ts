import type { Page } from '../../db/page';
import { intQuery, pageQuery } from '../http/params';

/** A resolver's arguments, as GraphQL coerced them. */
export type Args = Readonly<Record<string, unknown>>;

// GraphQL checked the types; the rules of REST's query parameters (a limit within its bounds) are
// checked by the same functions, which read GraphQL's numbers as REST's text.

/** Lists inside an object (a game's leaderboards): a smaller default page than REST's top-level lists. */
export const NESTED_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/** `limit` and `offset` within REST's bounds for the same list. */
export function pageArgs(args: Args, bounds: { defaultLimit: number; maxLimit: number; maxOffset?: number } = { defaultLimit: 1000, maxLimit: 1000 }): Page {
  return pageQuery(args, bounds.defaultLimit, bounds.maxLimit, bounds.maxOffset);
}

/** An integer argument within bounds, or the fallback when absent: REST's query rule (a 400 naming it). */
export function intArg(args: Args, name: string, fallback: number, min: number, max: number): number {
  return intQuery(args, name, fallback, min, max);
}

/** The key of a batched field's loader: the field and its arguments. */
export const batchName = (field: string, args: Args) => `${field}(${JSON.stringify(args)})`;
