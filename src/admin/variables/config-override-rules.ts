import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { AppError, type FieldViolation } from '../../errors';
import { characters, invalidBody, isoTimestamp, validateBody } from '../core/validation';
import { checkVariable, MAX_KEY_CHARS, type VariableDefinition } from './variable-rules';

/** SPEC §2.12: a game holds at most this many overrides, ended ones included until they are deleted. */
export const MAX_OVERRIDES_PER_GAME = 100;
/** The variables one override may name. */
export const MAX_OVERRIDE_VARIABLES = 1000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One overridden value: the key of an existing variable and the value fields of that variable's type. */
const overrideValue = yup.mixed<Record<string, unknown>>()
  .test('object', 'must be an object with the key of a variable and value fields of its type', (value) => value === undefined || isObject(value))
  .meta({
    graphql: 'VariableInput',
    jsonSchema: {
      type: 'object', required: ['key'],
      description: 'the key of one of the game\'s variables and the value fields of its type: number_value, string_value, or items (a table\'s or vector\'s)',
      properties: {
        key: { type: 'string', minLength: 1, maxLength: MAX_KEY_CHARS },
        number_value: { type: 'number' }, string_value: { type: 'string' }, items: { type: 'array', items: { type: 'object' } },
      },
    },
  });

/** POST and PUT bodies of an override (PUT replaces it whole). */
export const configOverrideSchema = bodySchema({ component: 'ConfigOverrideInput' }, yup.object({
  name: characters(1, 64),
  starts_at: isoTimestamp().defined('is required').meta({ description: 'ISO 8601' }),
  ends_at: isoTimestamp().defined('is required').meta({ description: 'ISO 8601, after starts_at' }).test('after', 'must be after starts_at', function after(value) {
    const starts = Date.parse(String(this.parent.starts_at));
    return value === undefined || Number.isNaN(starts) || Date.parse(value) > starts;
  }),
  variables: yup.array(overrideValue.defined('is required')).strict().typeError('must be an array').defined('is required')
    .min(1, 'must name at least one variable').max(MAX_OVERRIDE_VARIABLES, `must name at most ${MAX_OVERRIDE_VARIABLES} variables`)
    .meta({ description: 'each the key of one of the game\'s variables and value fields of its type (type and table_value_type may be left out)' }),
}));
export type ConfigOverrideInput = Partial<yup.InferType<typeof configOverrideSchema>>;

/** An override as checked, and as stored. */
export interface CheckedOverride {
  readonly name: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly variables: readonly VariableDefinition[];
}

/**
 * The body checked against the game's variables as they are now: each entry names an existing key
 * (once) and carries valid value fields of that variable's type (its `type` and items' type may be
 * left out; given, they must be the variable's). Every violation is listed with its path.
 */
export function checkOverride(body: unknown, variables: ReadonlyMap<string, VariableDefinition>): CheckedOverride {
  const input = validateBody(configOverrideSchema, body);
  const violations: FieldViolation[] = [];
  const seen = new Set<string>();
  const definitions = input.variables.map((entry, i) => {
    const path = `variables[${i}]`;
    const base = typeof entry.key === 'string' ? variables.get(entry.key) : undefined;
    if (!base) {
      violations.push({ path: `${path}.key`, message: typeof entry.key === 'string' ? `names no variable of this game ("${entry.key}")` : 'is required' });
      return undefined;
    }
    if (seen.has(base.key)) violations.push({ path: `${path}.key`, message: 'must be unique in the override' });
    seen.add(base.key);
    const baseItemType = 'table_value_type' in base ? base.table_value_type : undefined;
    for (const [field, expected] of [['type', base.type], ['table_value_type', baseItemType]] as const) {
      if (entry[field] !== undefined && entry[field] !== expected) violations.push({ path: `${path}.${field}`, message: `must be the variable's (${String(expected)})` });
    }
    try {
      return checkVariable({ ...entry, type: base.type, table_value_type: baseItemType });
    } catch (error) {
      if (!(error instanceof AppError) || !error.details?.errors) throw error;
      for (const violation of error.details.errors as FieldViolation[]) violations.push({ path: `${path}.${violation.path}`, message: violation.message });
      return undefined;
    }
  });
  if (violations.length > 0) throw invalidBody(violations);
  return { name: input.name, startsAt: new Date(input.starts_at), endsAt: new Date(input.ends_at), variables: definitions as VariableDefinition[] };
}
