import { AppError } from '../../errors';

const POSITIVE_INTEGER = /^[1-9]\d{0,15}$/;

/**
 * A value as text: REST's path and query give strings (a repeated query parameter, its first), GraphQL's
 * arguments numbers and strings; one rule reads them all.
 */
function textOf(raw: unknown): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A path id: a positive integer (0, -1, 1.5 and abc are 400, before any entity is looked up). */
export function idParam(params: Readonly<Record<string, unknown>>, name: string): number {
  const raw = textOf(params[name]) ?? '';
  const value = Number(raw);
  if (!POSITIVE_INTEGER.test(raw) || !Number.isSafeInteger(value)) {
    throw new AppError('BAD_REQUEST', `${name} must be a positive integer`, { errors: [{ path: name, message: 'must be a positive integer' }] });
  }
  return value;
}

/** A query integer within bounds, or the default when absent; anything else is a 400 naming it. */
export function intQuery(query: Readonly<Record<string, unknown>>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === null) return fallback;
  const text = textOf(raw);
  const value = Number(text);
  if (typeof text !== 'string' || !/^-?\d+$/.test(text) || value < min || value > max) {
    throw new AppError('BAD_REQUEST', `${name} must be an integer from ${min} to ${max}`, {
      errors: [{ path: name, message: `must be an integer from ${min} to ${max}` }],
    });
  }
  return value;
}

export function stringQuery(query: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const raw = query[name];
  const text = Array.isArray(raw) ? raw[0] : raw;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** A query flag: `true` or `false` (GraphQL: a Boolean), or the default when absent; anything else is a 400 naming it. */
export function flagQuery(query: Readonly<Record<string, unknown>>, name: string, fallback: boolean): boolean {
  const raw = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
  if (raw === undefined || raw === null) return fallback;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new AppError('BAD_REQUEST', `${name} must be true or false`, { errors: [{ path: name, message: 'must be true or false' }] });
}

/** SPEC §2.1's bounded lists: `limit` 1–1000 (default 1000) and `offset` ≥ 0; anything else is a 400. */
export function pageQuery(query: Readonly<Record<string, unknown>>, defaultLimit = 1000, maxLimit = 1000, maxOffset = Number.MAX_SAFE_INTEGER): { limit: number; offset: number } {
  return {
    limit: intQuery(query, 'limit', defaultLimit, 1, maxLimit),
    offset: intQuery(query, 'offset', 0, 0, maxOffset),
  };
}

/** The bounds of the lists that differ from SPEC §2.1's default (REST and GraphQL take the same). */
export const USERS_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;
export const LEDGER_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;
export const RANKINGS_LIMIT = { defaultLimit: 50, maxLimit: 200 } as const;
/**
 * The audit log grows without end: an offset walks every entry it skips, so it stops at 10,000; past
 * that, `after_id` (the last id of the page read) pages by the primary key in constant time.
 */
export const AUDIT_PAGE = { defaultLimit: 100, maxLimit: 1000, maxOffset: 10_000 } as const;
