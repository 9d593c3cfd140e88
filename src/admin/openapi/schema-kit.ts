/**
 * Small builders for the OpenAPI 3.1 document (its schemas are JSON Schema 2020-12), so each
 * endpoint reads as one line of facts: who may call it, what it takes, what it answers.
 */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const id = (description?: string): Schema => int({ minimum: 1, ...(description ? { description } : {}) });
export const timestamp = (): Schema => str({ format: 'date-time', description: 'ISO 8601 UTC' });
export const oneOfValues = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });

/**
 * An object whose listed properties are all present (`required` names every key unless told
 * otherwise), with no others: a reply that grows a field must be documented first.
 */
export function object(properties: Record<string, Schema>, options: { optional?: readonly string[]; open?: boolean } = {}): Schema {
  const required = Object.keys(properties).filter((key) => !options.optional?.includes(key));
  return { type: 'object', properties, required, ...(options.open ? {} : { additionalProperties: false }) };
}

export const JSON_TYPE = 'application/json';
export const PROBLEM_TYPE = 'application/problem+json';
