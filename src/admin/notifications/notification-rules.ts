import { AppError, type FieldViolation } from '../../errors';

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

type Record_ = Record<string, unknown>;
const isObject = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);
const chars = (value: string) => [...value].length;

class Violations {
  readonly list: FieldViolation[] = [];
  add(path: string, message: string): void {
    this.list.push({ path, message });
  }
  text(path: string, value: unknown, min: number, max: number): value is string {
    const ok = typeof value === 'string' && chars(value) >= min && chars(value) <= max;
    if (!ok) this.add(path, value === undefined ? 'is required' : `must be a string of ${min} to ${max} characters`);
    return ok;
  }
  array(path: string, value: unknown, min: number, max: number): value is unknown[] {
    const ok = Array.isArray(value) && value.length >= min && value.length <= max;
    if (!ok) this.add(path, value === undefined ? 'is required' : `must be an array of ${min} to ${max} items`);
    return ok;
  }
}

/** The macros a description may use: the three built-ins, then one per custom key, in order. */
export function macrosOf(customKeys: readonly string[]): string[] {
  return [...BUILT_IN_MACROS, ...customKeys].map((key) => `{{${key}}}`);
}

/**
 * The checked definition, or VALIDATION_FAILED listing every violation. `languageExists` answers for
 * the language ids used (a missing language is a 400 on its path, SPEC §2.5).
 */
export async function checkNotification(input: unknown, languageExists: (ids: number[]) => Promise<Set<number>>): Promise<NotificationDefinition> {
  if (!isObject(input)) {
    throw new AppError('VALIDATION_FAILED', 'the body must be a JSON object', { errors: [{ path: '', message: 'must be a JSON object' }] });
  }
  const v = new Violations();
  v.text('name', input.name, 1, LIMITS.name);
  const keys = checkCustomKeys(v, input.variables);
  await checkDescriptions(v, input.descriptions, keys, languageExists);
  checkEntries(v, input.entries, keys);
  if (v.list.length > 0) {
    throw new AppError('VALIDATION_FAILED', `invalid notification: ${v.list.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors: v.list });
  }
  const descriptions = (input.descriptions as Record_[]).map((d) => ({ language_id: d.language_id as number, description: d.description as string }));
  const entries = (input.entries as Record_[]).map((entry) => ({
    time_second: entry.time_second as number,
    image: entry.image as string,
    login: entry.login as string,
    variables: ((entry.variables as Record_[] | undefined) ?? []).map((pair) => ({ key: pair.key as string, value: pair.value as string })),
  }));
  return { name: input.name as string, descriptions, variables: keys.map((key) => ({ key })), entries };
}

/** The shared custom keys (valid ones only, in order); violations are recorded. */
function checkCustomKeys(v: Violations, variables: unknown): string[] {
  if (variables === undefined) return [];
  if (!v.array('variables', variables, 0, LIMITS.variables)) return [];
  const keys: string[] = [];
  variables.forEach((item, i) => {
    const key = isObject(item) ? item.key : undefined;
    const path = `variables[${i}].key`;
    if (typeof key !== 'string' || !CUSTOM_KEY.test(key) || chars(key) > LIMITS.keyChars) {
      v.add(path, key === undefined ? 'is required' : `must match [A-Za-z_][A-Za-z0-9_]* (at most ${LIMITS.keyChars} characters)`);
    } else if ((BUILT_IN_MACROS as readonly string[]).includes(key)) {
      v.add(path, `must not be ${key}: it is a built-in macro`);
    } else if (keys.includes(key)) {
      v.add(path, 'must be unique');
    } else {
      keys.push(key);
    }
  });
  return keys;
}

async function checkDescriptions(v: Violations, descriptions: unknown, keys: readonly string[], languageExists: (ids: number[]) => Promise<Set<number>>) {
  if (!v.array('descriptions', descriptions, 1, LIMITS.descriptions)) return;
  const allowed = new Set(macrosOf(keys));
  const seen = new Set<number>();
  const toCheck: Array<[number, string]> = [];
  descriptions.forEach((item, i) => {
    const path = `descriptions[${i}]`;
    const entry = isObject(item) ? item : {};
    const languageId = entry.language_id;
    if (typeof languageId !== 'number' || !Number.isSafeInteger(languageId) || languageId < 1) {
      v.add(`${path}.language_id`, languageId === undefined ? 'is required' : 'must be a positive integer');
    } else if (seen.has(languageId)) {
      v.add(`${path}.language_id`, 'must appear at most once');
    } else {
      seen.add(languageId);
      toCheck.push([languageId, `${path}.language_id`]);
    }
    if (v.text(`${path}.description`, entry.description, 1, LIMITS.text)) {
      for (const [macro] of (entry.description as string).matchAll(MACRO)) {
        if (!allowed.has(macro)) v.add(`${path}.description`, `uses the macro ${macro}, which is not one of ${[...allowed].join(', ')}`);
      }
    }
  });
  const existing = toCheck.length > 0 ? await languageExists(toCheck.map(([id]) => id)) : new Set<number>();
  for (const [id, path] of toCheck) if (!existing.has(id)) v.add(path, `names no language (${id})`);
}

function checkEntries(v: Violations, entries: unknown, keys: readonly string[]): void {
  if (!v.array('entries', entries, 1, LIMITS.entries)) return;
  entries.forEach((item, i) => {
    const path = `entries[${i}]`;
    const entry = isObject(item) ? item : {};
    const time = entry.time_second;
    if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0) {
      v.add(`${path}.time_second`, time === undefined ? 'is required' : 'must be an integer >= 0');
    }
    v.text(`${path}.image`, entry.image, 0, LIMITS.image);
    v.text(`${path}.login`, entry.login, 0, LIMITS.login);
    checkEntryValues(v, `${path}.variables`, entry.variables, keys);
  });
}

/** An entry holds exactly one value for every shared custom key, and nothing else. */
function checkEntryValues(v: Violations, path: string, values: unknown, keys: readonly string[]): void {
  if (values === undefined && keys.length === 0) return;
  if (!v.array(path, values, 0, LIMITS.variables)) return;
  const given = new Set<string>();
  values.forEach((pair, j) => {
    const item = isObject(pair) ? pair : {};
    const key = item.key;
    if (typeof key !== 'string' || !keys.includes(key)) v.add(`${path}[${j}].key`, 'must be one of the notification\'s variables');
    else if (given.has(key)) v.add(`${path}[${j}].key`, 'must be unique');
    else given.add(key);
    v.text(`${path}[${j}].value`, item.value, 0, LIMITS.text);
  });
  const missing = keys.filter((key) => !given.has(key));
  if (missing.length > 0) v.add(path, `must hold a value for ${missing.join(', ')}`);
}
