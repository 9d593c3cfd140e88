import type { Page } from '../../db/page';
import { idParam, intQuery, pageQuery } from '../http/params';

/** A resolver's arguments, as GraphQL coerced them. */
export type Args = Readonly<Record<string, unknown>>;

// GraphQL checked the types; the rules of REST's path and query parameters (a positive id, a limit
// within its bounds) are checked by the same functions, on the values as text.
const asText = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** An id argument: a positive integer, else BAD_REQUEST naming it (SPEC §2.1's path parameters). */
export function idArg(args: Args, name: string): number {
  return idParam({ [name]: asText(args[name]) }, name);
}

export function optionalIdArg(args: Args, name: string): number | undefined {
  return args[name] === undefined || args[name] === null ? undefined : idArg(args, name);
}

/** Lists inside an object (a game's leaderboards): a smaller default page than REST's top-level lists. */
export const NESTED_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/** `limit` and `offset` within REST's bounds for the same list. */
export function pageArgs(args: Args, bounds: { defaultLimit: number; maxLimit: number; maxOffset?: number } = { defaultLimit: 1000, maxLimit: 1000 }): Page {
  return pageQuery({ limit: asText(args.limit), offset: asText(args.offset) }, bounds.defaultLimit, bounds.maxLimit, bounds.maxOffset);
}

export function limitArg(args: Args, bounds: { defaultLimit: number; maxLimit: number }): number {
  return intArg(args, 'limit', bounds.defaultLimit, 1, bounds.maxLimit);
}

/** An integer argument within bounds, or the fallback when absent: REST's query rule (a 400 naming it). */
export function intArg(args: Args, name: string, fallback: number, min: number, max: number): number {
  return intQuery({ [name]: asText(args[name]) }, name, fallback, min, max);
}

/** The key of a batched field's loader: the field and its arguments. */
export const batchName = (field: string, args: Args) => `${field}(${JSON.stringify(args)})`;
