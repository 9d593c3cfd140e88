import { bodySchema, inputObject } from '../core/body-schema';
import * as yup from 'yup';
import { characters, enclosing, finiteNumber, oneOf, repeatsAnEarlierItem, validateBody } from '../core/validation';

/** SPEC §2.4 and the seed's variable rules (variableSchema below). */
export const VARIABLE_TYPES = ['number', 'string', 'table', 'vector'] as const;
export const ITEM_VALUE_TYPES = ['number', 'string'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export type ItemValueType = (typeof ITEM_VALUE_TYPES)[number];

export const MAX_KEY_CHARS = 128;
export const MAX_STRING_CHARS = 65535;
/** Bounds of this service's own (the seed sets none): a config document stays a sane size. */
export const MAX_ITEMS = 10000;
export const MAX_VECTOR_INDEX = 65535;

export interface TableItem {
  readonly key: string;
  readonly number_value?: number;
  readonly string_value?: string;
}
export interface VectorItem {
  readonly index: number;
  readonly number_value?: number;
  readonly string_value?: string;
}

/** A variable definition as callers give it (REST body, GraphQL input): checked by `checkVariable`. */
export interface VariableInput {
  readonly key?: unknown;
  readonly type?: unknown;
  readonly number_value?: unknown;
  readonly string_value?: unknown;
  readonly table_value_type?: unknown;
  readonly items?: unknown;
}

export type VariableDefinition =
  | { readonly key: string; readonly type: 'number'; readonly number_value: number }
  | { readonly key: string; readonly type: 'string'; readonly string_value: string }
  | { readonly key: string; readonly type: 'table'; readonly table_value_type: ItemValueType; readonly items: readonly TableItem[] }
  | { readonly key: string; readonly type: 'vector'; readonly table_value_type: ItemValueType; readonly items: readonly VectorItem[] };

/** A string value of a variable or an item: any text up to `max` characters, required. */
const text = (max: number) => characters(0, max, `must be a string of at most ${max} characters`);

/** A number field: strict, finite (null is not a number). */

/**
 * A field this variant may not carry: a violation when present (`why` says which rule), left out of the
 * documented variant (its OpenAPI schema, from-yup.ts).
 */
const absent = (why: string) =>
  yup.mixed().meta({ absent: true }).test('absent', `must be absent${why}`, (value) => value === undefined);

/**
 * A field's schema under each variable type: `present` for `types` (given the type, and the items'
 * type when `dependencies` name it), absent for the others; unchecked while the type is not valid.
 */
const forTypes = (types: readonly VariableType[], present: (type: VariableType, valueType: unknown) => yup.Schema, dependencies = ['type']) =>
  yup.mixed().when(dependencies, ([type, valueType]: unknown[]) => {
    if (!VARIABLE_TYPES.includes(type as VariableType)) return yup.mixed();
    return types.includes(type as VariableType) ? present(type as VariableType, valueType) : absent(` for type ${String(type)}`);
  });

/** An item's id (a table's key, a vector's index): valid, and unique among the items before it. */
function itemId(type: 'table' | 'vector') {
  const field = type === 'table' ? 'key' : 'index';
  const valid = type === 'table'
    ? characters(1, MAX_KEY_CHARS, `must be a non-empty string of at most ${MAX_KEY_CHARS} characters`)
    : yup.number().strict().typeError(`must be an integer from 0 to ${MAX_VECTOR_INDEX}`).nonNullable(`must be an integer from 0 to ${MAX_VECTOR_INDEX}`)
      .integer(`must be an integer from 0 to ${MAX_VECTOR_INDEX}`).min(0, `must be an integer from 0 to ${MAX_VECTOR_INDEX}`).max(MAX_VECTOR_INDEX, `must be an integer from 0 to ${MAX_VECTOR_INDEX}`);
  return (valid.defined('is required') as yup.Schema).test('unique', `must be unique inside the ${type}`, function unique(this: yup.TestContext, id: unknown) {
    return !repeatsAnEarlierItem(enclosing(this, -1).items, this.path, field, id);
  });
}

/** An item's value under the items' type: the wanted field required, the other absent. */
const itemValue = (valueType: unknown, field: 'number_value' | 'string_value') => {
  if (!ITEM_VALUE_TYPES.includes(valueType as ItemValueType)) return yup.mixed();
  if ((valueType === 'number') !== (field === 'number_value')) return absent(`: the items are of type ${String(valueType)}`);
  return field === 'number_value' ? finiteNumber().defined('is required') : text(MAX_STRING_CHARS);
};

/** A table's or vector's items, each checked under the items' type. */
const items = (type: VariableType, valueType: unknown) => {
  const kind = type === 'vector' ? 'vector' : 'table';
  const [id, other] = kind === 'table' ? ['key', 'index'] : ['index', 'key'];
  const item = inputObject('VariableItemInput', yup.object({
    [id]: itemId(kind),
    [other]: absent(`: ${kind} items use ${id}`),
    number_value: itemValue(valueType, 'number_value'),
    string_value: itemValue(valueType, 'string_value'),
  }).strict().typeError('must be an object').nonNullable('must be an object'));
  return yup.array().strict().typeError('must be an array').nonNullable('must be an array').defined('is required')
    .max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`).of(item);
};

/**
 * SPEC §2.4 and the seed's variable rules as one declarative schema: the REST body and the GraphQL
 * input are checked by it (every violation listed with its path), and the OpenAPI document's
 * VariableInput is derived from it, one variant per type and item type (`variants`).
 */
export const variableSchema = bodySchema({ component: 'VariableInput' }, yup.object({
  key: characters(1, MAX_KEY_CHARS),
  type: oneOf(VARIABLE_TYPES).defined('is required'),
  number_value: forTypes(['number'], () => finiteNumber().defined('is required')),
  string_value: forTypes(['string'], () => text(MAX_STRING_CHARS)),
  table_value_type: forTypes(['table', 'vector'], () => oneOf(ITEM_VALUE_TYPES).defined('is required')),
  items: forTypes(['table', 'vector'], items, ['type', 'table_value_type']),
}).meta({
  variants: [
    { type: 'number' }, { type: 'string' },
    ...(['table', 'vector'] as const).flatMap((type) => ITEM_VALUE_TYPES.map((table_value_type) => ({ type, table_value_type }))),
  ],
}));

/** The checked definition, or a VALIDATION_FAILED listing every violation. */
export function checkVariable(input: unknown): VariableDefinition {
  const body = validateBody(variableSchema, input) as Record<string, unknown>;
  return toDefinition(body.type as VariableType, body);
}

/** Only the fields of the type, items reduced to their own fields, vector items by index. */
function toDefinition(type: VariableType, body: Record<string, unknown>): VariableDefinition {
  const key = body.key as string;
  switch (type) {
    case 'number':
      return { key, type, number_value: body.number_value as number };
    case 'string':
      return { key, type, string_value: body.string_value as string };
    case 'table': {
      const valueType = body.table_value_type as ItemValueType;
      const items = (body.items as Array<Record<string, unknown>>).map((item) => ({ key: item.key as string, ...valueOf(item, valueType) }));
      return { key, type, table_value_type: valueType, items };
    }
    case 'vector': {
      const valueType = body.table_value_type as ItemValueType;
      const items = (body.items as Array<Record<string, unknown>>)
        .map((item) => ({ index: item.index as number, ...valueOf(item, valueType) }))
        .sort((a, b) => a.index - b.index);
      return { key, type, table_value_type: valueType, items };
    }
  }
}

function valueOf(item: Record<string, unknown>, valueType: ItemValueType) {
  return valueType === 'number' ? { number_value: item.number_value as number } : { string_value: item.string_value as string };
}
