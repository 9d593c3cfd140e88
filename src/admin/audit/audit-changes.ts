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
