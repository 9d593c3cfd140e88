import * as yup from 'yup';
import { AppError, type FieldViolation } from '../../errors';

/**
 * Stands in for a body that could not be read as JSON. The parse error waits for the body's own turn
 * in SPEC §2.1's order (token → role → path → entities → module → body): `validateBody` raises it, so
 * a request for a missing game with a broken body is still a 404. (The HTTP layer's body parser puts
 * it there; the services know only this marker.)
 */
export const MALFORMED_JSON = Symbol('malformed JSON body');

/**
 * Body validation: every violation listed with its path; fields are strictly typed (no "5" for 5),
 * and unknown fields are dropped, never stored.
 */
export function validateBody<S extends yup.AnyObjectSchema>(schema: S, body: unknown): yup.InferType<S> {
  if (body === MALFORMED_JSON) throw new AppError('BAD_REQUEST', 'the body is not valid JSON');
  const input = body === undefined || body === null ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError('VALIDATION_FAILED', 'the body must be a JSON object', { errors: [{ path: '', message: 'must be a JSON object' }] });
  }
  try {
    return schema.validateSync(input, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    throw invalidBody(violations(error));
  }
}

/** The 400 of a body that breaks rules: every violation listed with its path. */
export const invalidBody = (errors: FieldViolation[]) =>
  new AppError('VALIDATION_FAILED', `invalid body: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });

function violations(error: yup.ValidationError): FieldViolation[] {
  const leaves = error.inner.length > 0 ? error.inner : [error];
  return leaves.map((leaf) => ({ path: leaf.path ?? '', message: stripPath(leaf.message, leaf.path) }));
}

/** yup messages start with the path ("name is required"); the path is reported apart. */
function stripPath(message: string, path: string | undefined): string {
  return path && message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
}

// Field builders: strict (no coercion), with messages that read after the field's path.

/** The instants a date input may name: the years the database's DATETIME holds (1000 to 9999, UTC). */
export const EARLIEST_MS = Date.UTC(1000, 0, 1);
export const LATEST_MS = Date.UTC(10000, 0, 1);

/** An ISO 8601 timestamp (`2026-11-22T10:00:00.000Z`; a date alone is not one) in those years. */
export const isoTimestamp = () =>
  yup.string().strict()
    .test('iso', 'must be an ISO 8601 timestamp', (value) => value === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))))
    .test('range', 'must be in the years 1000 to 9999 (UTC)', (value) => {
      const at = value === undefined ? Number.NaN : Date.parse(value);
      return Number.isNaN(at) || (at >= EARLIEST_MS && at < LATEST_MS);
    });

export const text = (min: number, max: number) =>
  yup.string().strict().typeError('must be a string').min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`).max(max, `must be at most ${max} characters`);

/** An ISO 4217 currency code as the engine takes it: three upper-case letters. */
export const currencyCode = () => text(3, 3).matches(/^[A-Z]{3}$/, 'must be 3 upper-case letters, as in EUR');

/**
 * Text of min..max characters, counted in code points as JSON Schema's minLength and maxLength count
 * them (yup's min and max count UTF-16 units); `rule` is the message of every violation but absence.
 */
export const characters = (min: number, max: number, rule = `must be a string of ${min} to ${max} characters`) =>
  yup.string().strict().typeError(rule).nonNullable(rule)
    .test({ name: 'min', params: { min }, message: rule, test: (value) => value === undefined || [...value].length >= min })
    .test({ name: 'max', params: { max }, message: rule, test: (value) => value === undefined || [...value].length <= max })
    .defined('is required');

/** Per array and field: where each value first occurs (made once per validation, not once per item). */
const firstIndexes = new WeakMap<object, Map<string, Map<unknown, number>>>();

function firstIndexOf(items: unknown[], field: string, value: unknown): number {
  let byField = firstIndexes.get(items);
  if (!byField) firstIndexes.set(items, (byField = new Map()));
  let first = byField.get(field);
  if (!first) {
    first = new Map();
    items.forEach((item: unknown, i) => {
      const key = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
      if (key !== undefined && !first!.has(key)) first!.set(key, i);
    });
    byField.set(field, first);
  }
  return first.get(value) ?? -1;
}

/** Whether the item at `path` (`items[3].key`) repeats, in `field`, one of the items before it in `items`. */
export function repeatsAnEarlierItem(items: unknown, path: string, field: string, value: unknown): boolean {
  if (!Array.isArray(items) || value === undefined) return false;
  const index = Number(/\[(\d+)\][^[]*$/.exec(path)?.[1] ?? -1);
  const first = firstIndexOf(items, field, value);
  return first >= 0 && first < index;
}

/** The object a test's value sits in at `level` (0 its own object, 1 the one holding that, …; -1 the body). */
export const enclosing = (context: yup.TestContext, level: number): Record<string, unknown> => {
  const from = context.from ?? [];
  return (from.at(level)?.value ?? {}) as Record<string, unknown>;
};

export const integer = () => yup.number().strict().typeError('must be a number').integer('must be an integer');
/** The id of a stored row (a user, a game, a wallet): GraphQL's SafeInt. */
export const positiveId = () => integer().min(1, 'must be a positive integer').meta({ graphql: 'SafeInt' });
/** A number that JSON may give as Infinity (`1e999` parses so): refused as a value no column or document can hold. */
export const finiteNumber = () => yup.number().strict().typeError('must be a finite number').nonNullable('must be a finite number')
  .test('finite', 'must be a finite number', (value) => value === undefined || Number.isFinite(value));

/** A list of game ids (an API key's games, a moderator's scope): integers only, never "1" taken for 1. */
export const gameIdList = () => yup.array(integer().min(1, 'must be a game id').defined().meta({ graphql: 'SafeInt' })).strict().typeError('must be an array of game ids')
  .max(1000, 'must name at most 1000 games');

export const flag = () => yup.boolean().strict().typeError('must be true or false');

export const oneOf = <T extends string>(values: readonly T[]) =>
  yup.string().strict().typeError('must be a string').oneOf([...values], `must be one of ${values.join(', ')}`) as yup.StringSchema<T | undefined>;

/** The fields a partial update names (PUT keeps what it leaves out). */
export function namedFields<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
