/**
 * A JSON column holding a list of ids (an API key's games, a moderator's games), as ids: the driver
 * answers a JSON column as text or as parsed JSON, depending on the server. NULL stays null.
 */
export function jsonIds(stored: number[] | string | null | undefined): number[] | null {
  if (stored === null || stored === undefined) return null;
  return typeof stored === 'string' ? (JSON.parse(stored) as number[]) : stored;
}

/** Ids for a JSON column: null (every one) stays NULL. */
export const toJsonIds = (ids: readonly number[] | null): string | null => (ids === null ? null : JSON.stringify(ids));
