import { bodySchema, inputObject } from '../core/body-schema';
import * as yup from 'yup';
import { AppError, type FieldViolation } from '../../errors';
import { characters, enclosing, repeatsAnEarlierItem, validateBody } from '../core/validation';

/** SPEC §2.5 and the seed's notification rules; every violation is listed with its path. */
export const BUILT_IN_MACROS = ['time_second', 'image', 'login'] as const;
export const CUSTOM_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MACRO = /\{\{([^{}]*)\}\}/g;
/** Bounds of this service's own (the seed sets none). */
export const LIMITS = { name: 255, descriptions: 100, variables: 100, entries: 1000, text: 4096, image: 2048, login: 255, keyChars: 64 } as const;

export interface NotificationInput {
  readonly name?: unknown;
  readonly descriptions?: unknown;
  readonly variables?: unknown;
  readonly entries?: unknown;
}

export interface NotificationDefinition {
  readonly name: string;
  readonly descriptions: ReadonlyArray<{ language_id: number; description: string }>;
  readonly variables: ReadonlyArray<{ key: string }>;
  readonly entries: ReadonlyArray<{ time_second: number; image: string; login: string; variables: ReadonlyArray<{ key: string; value: string }> }>;
}

/** The macros a description may use: the three built-ins, then one per custom key, in order. */
export function macrosOf(customKeys: readonly string[]): string[] {
  return [...BUILT_IN_MACROS, ...customKeys].map((key) => `{{${key}}}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const keysOf = new WeakMap<object, string[]>();

/**
 * The custom keys a notification declares that are valid, each once, in order: the macros its texts
 * may use (worked out once per body, though every description and entry value asks).
 */
function customKeys(variables: unknown): string[] {
  if (!Array.isArray(variables)) return [];
  const known = keysOf.get(variables);
  if (known) return known;
  const keys: string[] = [];
  keysOf.set(variables, keys);
  for (const item of variables) {
    const key = isObject(item) ? item.key : undefined;
    if (typeof key === 'string' && CUSTOM_KEY.test(key) && [...key].length <= LIMITS.keyChars && !isBuiltIn(key) && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
const isBuiltIn = (key: string) => (BUILT_IN_MACROS as readonly string[]).includes(key);

/** An array of min..max items. */
const list = (min: number, max: number) => {
  const rule = `must be an array of ${min} to ${max} items`;
  return yup.array().strict().typeError(rule).nonNullable(rule).min(min, rule).max(max, rule);
};
const object = <Shape extends yup.ObjectShape>(shape: Shape) => yup.object(shape).strict().typeError('must be an object').nonNullable('must be an object');

const customKey = characters(0, LIMITS.keyChars, `must match [A-Za-z_][A-Za-z0-9_]* (at most ${LIMITS.keyChars} characters)`)
  .matches(CUSTOM_KEY, `must match [A-Za-z_][A-Za-z0-9_]* (at most ${LIMITS.keyChars} characters)`)
  .test('not a built-in', ({ value }) => `must not be ${String(value)}: it is a built-in macro`, (key) => key === undefined || !isBuiltIn(key))
  .test('unique', 'must be unique', function unique(this: yup.TestContext, key) {
    return !repeatsAnEarlierItem(enclosing(this, -1).variables, this.path, 'key', key);
  });

const description = inputObject('NotificationDescriptionInput', object({
  language_id: yup.number().strict().typeError('must be a positive integer').nonNullable('must be a positive integer').defined('is required')
    .integer('must be a positive integer').min(1, 'must be a positive integer').max(Number.MAX_SAFE_INTEGER, 'must be a positive integer').meta({ graphql: 'SafeInt' })
    .test('once', 'must appear at most once', function once(this: yup.TestContext, id) {
      return !repeatsAnEarlierItem(enclosing(this, -1).descriptions, this.path, 'language_id', id);
    }),
  description: characters(1, LIMITS.text).test('macros', function macros(this: yup.TestContext, text) {
    const allowed = new Set(macrosOf(customKeys(enclosing(this, -1).variables)));
    const unknown = [...new Set([...(text ?? '').matchAll(MACRO)].map(([macro]) => macro))].filter((macro) => !allowed.has(macro));
    return unknown.length === 0 || this.createError({ message: `uses the macro ${unknown.join(', ')}, which is not one of ${[...allowed].join(', ')}` });
  }),
}));

const NOT_A_KEY = 'must be one of the notification\'s variables';

/** An entry's values: exactly one for every custom key of the notification, and nothing else. */
const entryValues = list(0, LIMITS.variables)
  .of(inputObject('NotificationEntryValueInput', object({
    key: yup.string().strict().typeError(NOT_A_KEY).nonNullable(NOT_A_KEY).defined(NOT_A_KEY).test('known', NOT_A_KEY, function known(this: yup.TestContext, key) {
      return typeof key === 'string' && customKeys(enclosing(this, -1).variables).includes(key);
    }).test('unique', 'must be unique', function unique(this: yup.TestContext, key) {
      return !repeatsAnEarlierItem(enclosing(this, 1).variables, this.path, 'key', key);
    }),
    value: characters(0, LIMITS.text),
  })))
  .test('complete', function complete(this: yup.TestContext, values) {
    const keys = customKeys(enclosing(this, -1).variables);
    if (values === undefined) return keys.length === 0 || this.createError({ message: 'is required' });
    const given = new Set((Array.isArray(values) ? values : []).map((pair: unknown) => (isObject(pair) ? pair.key : undefined)));
    const missing = keys.filter((key) => !given.has(key));
    return missing.length === 0 || this.createError({ message: `must hold a value for ${missing.join(', ')}` });
  });

/**
 * SPEC §2.5 and the seed's notification rules as one declarative schema (the REST body, the GraphQL
 * input, the OpenAPI document's NotificationInput), but for the languages' existence, which the store
 * answers (checkNotification).
 */
export const notificationSchema = bodySchema({ component: 'NotificationInput' }, yup.object({
  name: characters(1, LIMITS.name),
  variables: list(0, LIMITS.variables).of(inputObject('NotificationVariableInput', object({ key: customKey }))),
  descriptions: list(1, LIMITS.descriptions).defined('is required').of(description),
  entries: list(1, LIMITS.entries).defined('is required').of(inputObject('NotificationEntryInput', object({
    time_second: yup.number().strict().typeError('must be an integer >= 0').nonNullable('must be an integer >= 0').defined('is required')
      .integer('must be an integer >= 0').min(0, 'must be an integer >= 0').max(Number.MAX_SAFE_INTEGER, 'must be an integer >= 0').meta({ graphql: 'SafeInt' }),
    image: characters(0, LIMITS.image),
    login: characters(0, LIMITS.login),
    variables: entryValues,
  }))),
}));

/**
 * The checked definition, or VALIDATION_FAILED listing every violation. `languageExists` answers for
 * the language ids used (a missing language is a 400 on its path, SPEC §2.5).
 */
export async function checkNotification(input: unknown, languageExists: (ids: number[]) => Promise<Set<number>>): Promise<NotificationDefinition> {
  let checked: yup.InferType<typeof notificationSchema> | null = null;
  let errors: FieldViolation[] = [];
  try {
    checked = validateBody(notificationSchema, input);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'VALIDATION_FAILED' && isObject(input))) throw error;
    errors = (error.details as { errors: FieldViolation[] }).errors;
  }
  errors = [...errors, ...(await missingLanguages((input as Record<string, unknown>).descriptions, languageExists))];
  if (errors.length > 0 || !checked) {
    throw new AppError('VALIDATION_FAILED', `invalid notification: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });
  }
  return {
    name: checked.name,
    descriptions: checked.descriptions.map(({ language_id, description }) => ({ language_id, description })),
    variables: (checked.variables ?? []).map(({ key }) => ({ key })),
    entries: checked.entries.map((entry) => ({
      time_second: entry.time_second, image: entry.image, login: entry.login,
      variables: (entry.variables ?? []).map(({ key, value }) => ({ key, value })),
    })),
  };
}

/** The descriptions' well-formed language ids (each first use) that name no language. */
async function missingLanguages(descriptions: unknown, languageExists: (ids: number[]) => Promise<Set<number>>): Promise<FieldViolation[]> {
  const used = new Map<number, string>();
  (Array.isArray(descriptions) ? descriptions : []).forEach((item: unknown, i) => {
    const id = isObject(item) ? item.language_id : undefined;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 && !used.has(id)) used.set(id, `descriptions[${i}].language_id`);
  });
  if (used.size === 0) return [];
  const existing = await languageExists([...used.keys()]);
  return [...used].filter(([id]) => !existing.has(id)).map(([id, path]) => ({ path, message: `names no language (${id})` }));
}
