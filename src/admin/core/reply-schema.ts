import * as yup from 'yup';

/*
 * Builders of reply schemas: the one definition of what an endpoint answers. A service's reply type
 * is `ReplyOf` its schema (yup's inferred type, read-only), and the OpenAPI document's reply
 * component is derived from the same schema (src/admin/openapi/from-yup.ts), so the two cannot
 * drift. Every field is present (`defined`) unless a schema marks it optional; `null` only where a
 * field is nullable.
 */

type DeepReadonly<T> = T extends ReadonlyArray<infer U> ? ReadonlyArray<DeepReadonly<U>> : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A reply's type: what its schema infers, read-only all the way down (a service hands it out; nobody edits it). */
export type ReplyOf<S extends yup.ISchema<unknown>> = DeepReadonly<yup.InferType<S>>;

const described = <S extends yup.Schema>(schema: S, description: string | undefined): S => (description ? (schema.meta({ description }) as S) : schema);

export const idField = (description?: string) => described(yup.number().integer().min(1).defined().meta({ graphql: 'SafeInt' }), description);
export const countField = (min = 0, description?: string) => described(yup.number().integer().min(min).defined(), description);
export const textField = (description?: string) => described(yup.string().defined(), description);
export const numberField = () => yup.number().defined();
export const flagField = () => yup.boolean().defined();
export const timestampField = () => yup.string().defined().meta({ format: 'date-time', description: 'ISO 8601 UTC' });
/** Amounts in minor units: integers up to 2^53−1 (SPEC §2.7). */
export const moneyField = () => yup.number().integer().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).defined().meta({ graphql: 'Money' });
/**
 * Sums of amounts (reports, SPEC §2.13): exact at any size, so a BigInt in the service. REST writes it
 * in full as a JSON integer (exact-json.ts), GraphQL as Money text, CSV in decimal digits.
 */
export const exactMoneyField = () => yup.number().integer().defined().meta({ graphql: 'Money' }) as unknown as yup.Schema<bigint>;
export const enumField = <T extends string>(values: readonly T[]) => yup.string<T>().oneOf(values).defined();
export const listOf = <T>(item: yup.ISchema<T>) => yup.array(item).defined();
/** A nested object of a reply that is not a component of its own; `graphql`, the object type GraphQL gives it as. */
export const fieldsOf = <F extends yup.ObjectShape>(fields: F, graphql?: string) => yup.object(fields).defined().meta(graphql ? { graphql } : {});

/** A named reply shape: a component of the OpenAPI document, referenced (`$ref`) where another reply holds it. */
export const replySchema = <F extends yup.ObjectShape>(component: string, fields: F, description?: string) =>
  yup.object(fields).defined().meta({ component, ...(description ? { description } : {}) });

/** The component a reply schema is documented as (replySchema, enumComponent, handWrittenComponent). */
export function componentName(schema: yup.AnySchema): string {
  const name = (schema.describe() as { meta?: { component?: string } }).meta?.component;
  if (!name) throw new Error('a reply component needs its name (replySchema, enumComponent or handWrittenComponent)');
  return name;
}

/** A named enumeration (Role, ScoreOperator): a component of its own, referenced where a reply holds it. */
export const enumComponent = <T extends string>(component: string, values: readonly T[], description?: string) =>
  enumField(values).meta({ component, ...(description ? { description } : {}) });

/** A value whose shape yup does not express (a map of changes): its JSON Schema, given. */
export const shapedAs = <T extends NonNullable<unknown>>(jsonSchema: Record<string, unknown>) => yup.mixed<T>().defined().meta({ jsonSchema });

/**
 * A named reply shape yup does not express (a union of variants): a component whose JSON Schema is
 * written by hand, typed T; `holds`, the components it references by `$ref` (so they are documented too).
 */
export const handWrittenComponent = <T extends NonNullable<unknown>>(component: string, jsonSchema: Record<string, unknown>, holds: readonly yup.AnySchema[] = []) =>
  yup.mixed<T>().defined().meta({ component, jsonSchema, holds });
