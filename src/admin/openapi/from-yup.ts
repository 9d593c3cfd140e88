import type { AnyObjectSchema, AnySchema } from 'yup';
import { ref, type Schema } from './schema-kit';

/** The parts of yup's `describe()` this reads (yup 1.x). */
export interface Described {
  readonly type: string;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly oneOf?: readonly unknown[];
  readonly tests?: ReadonlyArray<{ readonly name?: string; readonly params?: Record<string, unknown> }>;
  readonly fields?: Record<string, Described>;
  readonly innerType?: Described;
  readonly meta?: {
    readonly description?: string; readonly format?: string; readonly component?: string; readonly jsonSchema?: Schema;
    /** The GraphQL type a scalar is given as (SafeInt, Money), or the input type a request object is (bodySchema). */
    readonly graphql?: string;
    /** What the field weighs in GraphQL's query cost limit (`@cost`). */
    readonly cost?: number;
    /** A field the variant it was resolved for may not carry (left out of the variant's schema). */
    readonly absent?: boolean;
    /** The components a hand-written one references (handWrittenComponent). */
    readonly holds?: readonly AnySchema[];
    /** Field values that pick a variant of a schema whose fields depend on them (`when`): one oneOf member each. */
    readonly variants?: ReadonlyArray<Record<string, string>>;
  };
}

const JSON_TYPES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean', object: 'object', array: 'array' };

/** A test's bound, named as JSON Schema names it for that type. */
const BOUNDS: Record<string, Record<string, string>> = {
  string: { min: 'minLength', max: 'maxLength', length: 'minLength' },
  number: { min: 'minimum', max: 'maximum', moreThan: 'exclusiveMinimum', lessThan: 'exclusiveMaximum' },
  array: { min: 'minItems', max: 'maxItems' },
};

/** How a schema is read: a request body's (unknown fields ignored) or a reply's (closed objects, components referenced). */
type Mode = 'request' | 'reply';

function fromDescription(d: Described, mode: Mode, top = false): Schema {
  if (d.meta?.component && !top) return ref(d.meta.component);
  if (d.meta?.jsonSchema) return d.meta.jsonSchema;
  const schema: Record<string, unknown> = {};
  const tests = d.tests ?? [];
  const isInteger = tests.some((test) => test.name === 'integer');
  const jsonType = isInteger ? 'integer' : JSON_TYPES[d.type];
  if (jsonType) schema.type = d.nullable ? [jsonType, 'null'] : jsonType;
  for (const test of tests) {
    const name = test.name ?? '';
    const bound = BOUNDS[d.type]?.[name];
    if (bound) {
      const value = Object.values(test.params ?? {})[0];
      schema[bound] = value;
      if (name === 'length') schema.maxLength = value;
    }
    if (name === 'matches') schema.pattern = (test.params?.regex as RegExp | undefined)?.source;
    if (name === 'email') schema.format = 'email';
  }
  const values = (d.oneOf ?? []).filter((value) => value !== undefined);
  if (values.length > 0) schema.enum = d.nullable ? [...values, null] : values;
  if (d.fields) {
    const fields = Object.entries(d.fields).filter(([, field]) => !field.meta?.absent);
    schema.properties = Object.fromEntries(fields.map(([name, field]) => [name, fromDescription(field, mode)]));
    const required = fields.filter(([, field]) => field.optional === false).map(([name]) => name);
    if (required.length > 0) schema.required = required;
    if (mode === 'reply') schema.additionalProperties = false;
  }
  if (d.innerType) schema.items = fromDescription(d.innerType, mode);
  if (d.meta?.format) schema.format = d.meta.format;
  if (d.meta?.description) schema.description = d.meta.description;
  return schema as Schema;
}

/**
 * The JSON Schema of a request body, derived from the yup schema the service validates it with (the
 * one source of the contract): types, required fields, lengths and bounds, patterns, enums. Rules a
 * custom test holds (a well-formed image URL, a macro in a description) are not in it: the document
 * may accept a body the service refuses with a 400 naming the rule, never the other way round.
 */
export function jsonSchemaOf(schema: AnyObjectSchema | AnySchema): Schema {
  const variants = describeSchema(schema).meta?.variants;
  if (!variants) return fromDescription(describeSchema(schema), 'request', true);
  // One member per variant: the schema resolved for those field values, which it then holds as constants.
  return {
    oneOf: variants.map((value) => {
      const variant = fromDescription(describeVariant(schema as AnyObjectSchema, value), 'request', true) as { properties: Record<string, Schema> };
      for (const [field, constant] of Object.entries(value)) variant.properties[field] = { type: 'string', enum: [constant] } as Schema;
      return variant as Schema;
    }),
  } as Schema;
}

/**
 * The document's reply components, derived from the reply schemas the services' types come from
 * (src/admin/core/reply-schema.ts): those given and every one they hold, each under its component
 * name, its objects closed (a reply that grows a field must be documented first), a component it holds
 * referenced by `$ref`. A name given two different shapes is an error.
 */
export function replyComponents(schemas: ReadonlyArray<AnySchema>): Record<string, Schema> {
  const components = new Map<string, Schema>();
  const visit = (d: Described) => {
    const name = d.meta?.component;
    if (name) {
      const made = fromDescription(d, 'reply', true);
      const known = components.get(name);
      if (known && JSON.stringify(known) !== JSON.stringify(made)) throw new Error(`reply component ${name} is given two different shapes`);
      if (known) return;
      components.set(name, made);
      for (const held of d.meta?.holds ?? []) visit(describeSchema(held));
    }
    for (const field of Object.values(d.fields ?? {})) visit(field);
    if (d.innerType) visit(d.innerType);
  };
  for (const schema of schemas) {
    if (!describeSchema(schema).meta?.component) throw new Error('a reply component needs its name (replySchema, enumComponent or handWrittenComponent)');
    visit(describeSchema(schema));
  }
  return Object.fromEntries([...components].sort(([a], [b]) => a.localeCompare(b)));
}

/** yup's description of a schema, as this reads it. */
export const describeSchema = (schema: AnySchema) => schema.describe() as unknown as Described;

/**
 * An object schema described for one variant: each field resolved for those values first (yup's own
 * describe of a resolved condition keeps only the generic parts, an array's items lost).
 */
export function describeVariant(schema: AnyObjectSchema, value: Record<string, string>): Described {
  const fields = Object.entries(schema.fields as Record<string, AnySchema>).map(([name, field]) => {
    const resolved = field.resolve({ value: value[name], parent: value }) as AnySchema;
    return [name, resolved.describe() as unknown as Described] as const;
  });
  return { ...describeSchema(schema), fields: Object.fromEntries(fields) };
}
