import { AppError, type FieldViolation } from '../../errors';

/** SPEC §2.4 and the seed's variable rules, checked in full: every violation is listed with its path. */
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

/** The fields each type may carry; any other one present is a violation. */
const FIELDS_OF: Record<VariableType, readonly string[]> = {
  number: ['number_value'],
  string: ['string_value'],
  table: ['table_value_type', 'items'],
  vector: ['table_value_type', 'items'],
};
const TYPED_FIELDS = ['number_value', 'string_value', 'table_value_type', 'items'] as const;

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && [...value].length >= min && [...value].length <= max;
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function checkValue(path: string, item: Record<string, unknown>, valueType: ItemValueType, errors: FieldViolation[]): void {
  const [wanted, other] = valueType === 'number' ? ['number_value', 'string_value'] : ['string_value', 'number_value'];
  if (item[other!] !== undefined) errors.push({ path: `${path}.${other}`, message: `must be absent: the items are of type ${valueType}` });
  const value = item[wanted!];
  if (value === undefined) errors.push({ path: `${path}.${wanted}`, message: 'is required' });
  else if (valueType === 'number' && !isFiniteNumber(value)) errors.push({ path: `${path}.${wanted}`, message: 'must be a finite number' });
  else if (valueType === 'string' && !isText(value, 0, MAX_STRING_CHARS)) {
    errors.push({ path: `${path}.${wanted}`, message: `must be a string of at most ${MAX_STRING_CHARS} characters` });
  }
}

function checkItems(type: 'table' | 'vector', items: unknown, valueType: ItemValueType | null, errors: FieldViolation[]): void {
  if (!Array.isArray(items)) {
    errors.push({ path: 'items', message: 'must be an array' });
    return;
  }
  if (items.length > MAX_ITEMS) errors.push({ path: 'items', message: `must have at most ${MAX_ITEMS} items` });
  const seen = new Set<string | number>();
  items.forEach((raw: unknown, i) => {
    const path = `items[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      errors.push({ path, message: 'must be an object' });
      return;
    }
    const item = raw as Record<string, unknown>;
    const [idField, otherIdField] = type === 'table' ? ['key', 'index'] : ['index', 'key'];
    if (item[otherIdField!] !== undefined) errors.push({ path: `${path}.${otherIdField}`, message: `must be absent: ${type} items use ${idField}` });
    const id = item[idField!];
    const valid =
      type === 'table'
        ? isText(id, 1, MAX_KEY_CHARS)
        : typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= MAX_VECTOR_INDEX;
    if (!valid) {
      const rule = type === 'table' ? `must be a non-empty string of at most ${MAX_KEY_CHARS} characters` : `must be an integer from 0 to ${MAX_VECTOR_INDEX}`;
      errors.push({ path: `${path}.${idField}`, message: id === undefined ? 'is required' : rule });
    } else if (seen.has(id as string | number)) {
      errors.push({ path: `${path}.${idField}`, message: `must be unique inside the ${type}` });
    } else {
      seen.add(id as string | number);
    }
    if (valueType) checkValue(path, item, valueType, errors);
  });
}

/** The checked definition, or a VALIDATION_FAILED listing every violation. */
export function checkVariable(input: unknown): VariableDefinition {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AppError('VALIDATION_FAILED', 'the body must be a JSON object', { errors: [{ path: '', message: 'must be a JSON object' }] });
  }
  const body = input as Record<string, unknown>;
  const errors: FieldViolation[] = [];
  if (!isText(body.key, 1, MAX_KEY_CHARS)) {
    errors.push({ path: 'key', message: body.key === undefined ? 'is required' : `must be a string of 1 to ${MAX_KEY_CHARS} characters` });
  }
  const type = body.type as VariableType;
  if (!VARIABLE_TYPES.includes(type)) {
    errors.push({ path: 'type', message: body.type === undefined ? 'is required' : `must be one of ${VARIABLE_TYPES.join(', ')}` });
  } else {
    for (const field of TYPED_FIELDS) {
      if (body[field] !== undefined && !FIELDS_OF[type].includes(field)) errors.push({ path: field, message: `must be absent for type ${type}` });
    }
    checkTypedFields(type, body, errors);
  }
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', `invalid variable: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });
  }
  return toDefinition(type, body);
}

function checkTypedFields(type: VariableType, body: Record<string, unknown>, errors: FieldViolation[]): void {
  if (type === 'number' && !isFiniteNumber(body.number_value)) {
    errors.push({ path: 'number_value', message: body.number_value === undefined ? 'is required' : 'must be a finite number' });
  }
  if (type === 'string' && !isText(body.string_value, 0, MAX_STRING_CHARS)) {
    errors.push({ path: 'string_value', message: body.string_value === undefined ? 'is required' : `must be a string of at most ${MAX_STRING_CHARS} characters` });
  }
  if (type === 'table' || type === 'vector') {
    const valueType = ITEM_VALUE_TYPES.includes(body.table_value_type as ItemValueType) ? (body.table_value_type as ItemValueType) : null;
    if (!valueType) {
      errors.push({ path: 'table_value_type', message: body.table_value_type === undefined ? 'is required' : 'must be number or string' });
    }
    if (body.items === undefined) errors.push({ path: 'items', message: 'is required' });
    else checkItems(type, body.items, valueType, errors);
  }
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
      const items = (body.items as Array<Record<string, unknown>>).map((item) => ({ key: item.key as string, ...itemValue(item, valueType) }));
      return { key, type, table_value_type: valueType, items };
    }
    case 'vector': {
      const valueType = body.table_value_type as ItemValueType;
      const items = (body.items as Array<Record<string, unknown>>)
        .map((item) => ({ index: item.index as number, ...itemValue(item, valueType) }))
        .sort((a, b) => a.index - b.index);
      return { key, type, table_value_type: valueType, items };
    }
  }
}

function itemValue(item: Record<string, unknown>, valueType: ItemValueType) {
  return valueType === 'number' ? { number_value: item.number_value as number } : { string_value: item.string_value as string };
}
