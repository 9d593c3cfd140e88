import { createHash } from 'node:crypto';

/** {field: [before, after]}: what one write changed (SPEC §2.11). */
export type Changes = Record<string, [unknown, unknown]>;

/** Fields whose values never reach the log: an entry shows that they changed, not what to. */
const SECRET_FIELDS = new Set(['password', 'password_hash', 'code', 'invite_code', 'token', 'access_token']);
export const REDACTED = '[redacted]';

const shown = (field: string, value: unknown) => (value === null || value === undefined || !SECRET_FIELDS.has(field) ? (value ?? null) : REDACTED);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` whose value differs from `before` (fields absent from `after` are unchanged). */
export function changedFields(before: object, after: object): Changes {
  const old = before as Record<string, unknown>;
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || same(old[field], value)) continue;
    changes[field] = [shown(field, old[field]), shown(field, value)];
  }
  return changes;
}

/** A create: every field as `[null, value]`. */
export const createdFields = (after: object): Changes => changedFields({}, after);

/** A delete: every field as `[value, null]`. */
export function deletedFields(before: object): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(before)) {
    if (value !== undefined && value !== null) changes[field] = [shown(field, value), null];
  }
  return changes;
}

/** SPEC §2.14: a changed value up to this size (as JSON) stands in an entry as it is. */
export const AUDITED_VALUE_BYTES = 4096;

/**
 * The changes as an entry keeps them: each value (before, after) larger than AUDITED_VALUE_BYTES as
 * JSON is kept as `{sha256, bytes}` of its JSON, so an entry stays small (a table variable's whole
 * definition, twice, was 2 MB an entry) while a reader can still tell whether two values are the same.
 */
export function boundedChanges(changes: Changes): Changes {
  let bounded: Changes | null = null;
  for (const [field, pair] of Object.entries(changes)) {
    const kept = pair.map(boundedValue) as [unknown, unknown];
    if (kept[0] !== pair[0] || kept[1] !== pair[1]) (bounded ??= { ...changes })[field] = kept;
  }
  return bounded ?? changes;
}

function boundedValue(value: unknown): unknown {
  // A string's JSON is at most 6 bytes a UTF-16 unit (`\u0001`): a short one needs no measuring.
  if (value === null || typeof value !== 'object' && (typeof value !== 'string' || value.length * 6 <= AUDITED_VALUE_BYTES)) return value;
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  return bytes <= AUDITED_VALUE_BYTES ? value : { sha256: createHash('sha256').update(json).digest('hex'), bytes };
}
