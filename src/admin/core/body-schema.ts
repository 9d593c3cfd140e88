import type { AnyObjectSchema } from 'yup';

/**
 * A request body's schema, named once where it is written: the OpenAPI component its JSON Schema is
 * documented as, and the GraphQL input type it is given as (a create and an update share one; each
 * field there is nullable, the service checks what is required). An endpoint declares the schema
 * itself (`body: createLanguageSchema`), which types its handler's body.
 */
export const bodySchema = <S extends AnyObjectSchema>(names: { readonly component: string; readonly graphql?: string }, schema: S): S =>
  schema.meta({ component: names.component, graphql: names.graphql ?? names.component }) as S;

/** An object inside a body (a leaderboard's reward), named as the GraphQL input type it is given as. */
export const inputObject = <S extends AnyObjectSchema>(graphql: string, schema: S): S => schema.meta({ graphql }) as S;
