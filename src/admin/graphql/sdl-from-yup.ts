import type { AnyObjectSchema, AnySchema } from 'yup';
import { describeSchema, describeVariant, type Described } from '../openapi/from-yup';

/*
 * GraphQL types from the yup schemas the services already hold: a reply schema's object type (its
 * component name, as the OpenAPI document names it) and a request body's input type (the name its
 * schema gives GraphQL: `bodySchema`). A field's scalar is its schema's `graphql` meta where one is given
 * (SafeInt for ids, Money for amounts: reply-schema.ts and validation.ts set it), else by its yup type.
 */

/** A type definition of the SDL: its name and its text. */
export interface TypeDefinition {
  readonly name: string;
  readonly sdl: string;
}

const SCALARS: Record<string, string> = { string: 'String', boolean: 'Boolean', mixed: 'JSON', date: 'String' };

type Side = 'reply' | 'input';

/** An input object's field: its type, its schema's description, and the values it takes where the schema lists them (its description names each). */
interface InputField {
  readonly type: string;
  description?: string;
  readonly values: Set<string>;
}

/** An input field's description: its schema's, then the values it takes. */
const inputFieldNote = ({ description, values }: InputField): string | undefined =>
  note(description, [...values]);

/** A description: the schema's text as a sentence, then the values a field takes. */
const note = (text: string | undefined, values: readonly string[]): string | undefined =>
  [text && `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`, values.length > 0 && `One of: ${values.join(', ')}.`]
    .filter(Boolean).join(' ') || undefined;

/** The definitions met so far: reply objects and enums by their text, input objects by their fields (merged). */
export class SdlTypes {
  private readonly replies = new Map<string, string>();
  private readonly inputs = new Map<string, Map<string, InputField>>();

  /** A reply schema's GraphQL type name, its object type (and those it holds) defined. */
  reply(schema: AnySchema): string {
    return this.named(describeSchema(schema), 'reply', 'reply');
  }

  /**
   * A request body's GraphQL input type: the fields of its schema (of every variant, for a schema whose
   * fields depend on others), each nullable, as REST reads them: the service checks what is required.
   * Bodies that name the same input (a create and an update) share it: their fields are merged.
   */
  input(schema: AnyObjectSchema): string {
    const described = describeSchema(schema);
    const variants = described.meta?.variants?.map((value) => describeVariant(schema, value)) ?? [described];
    let name = '';
    for (const variant of variants) name = this.named(variant, 'input', 'body');
    return name;
  }

  /** Every definition, sorted by name. */
  definitions(): TypeDefinition[] {
    const inputs = [...this.inputs].map(([name, fields]) => ({
      name,
      sdl: `input ${name} {\n${[...fields].map(([field, input]) => `${descriptionLine(inputFieldNote(input), '  ')}  ${field}: ${input.type}`).join('\n')}\n}`,
    }));
    const replies = [...this.replies].map(([name, sdl]) => ({ name, sdl }));
    return [...replies, ...inputs].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The named type a described schema is. */
  private named(d: Described, side: Side, where: string): string {
    const hinted = d.meta?.graphql;
    if (d.type === 'object' && d.fields) return side === 'reply' ? this.replyObject(d, where) : this.inputObject(d, where);
    if (hinted) return hinted;
    if (d.meta?.jsonSchema && d.meta.component) return d.meta.component; // a hand-written component: the hand SDL's type of that name
    if (d.type === 'string' && d.meta?.component && side === 'reply') {
      const values = (d.oneOf ?? []).filter((value): value is string => typeof value === 'string');
      this.defineReply(d.meta.component, `${descriptionLine(d.meta.description, '')}enum ${d.meta.component} {\n${values.map((value) => `  ${value}`).join('\n')}\n}`);
      return d.meta.component;
    }
    if (d.type === 'number') return d.tests?.some((test) => test.name === 'integer') ? 'Int' : 'Float';
    const scalar = SCALARS[d.type];
    if (!scalar) throw new Error(`${where}: no GraphQL type for a yup ${d.type}`);
    return scalar;
  }

  /** A field's type: a list's items non-null; a reply's field non-null unless optional or nullable, every input field nullable. */
  private field(d: Described, side: Side, where: string): string {
    const listed = d.type === 'array' && !d.meta?.graphql; // a list hinted as a whole (JSON) is that type
    const type = listed ? `[${this.named(itemsOf(d, where), side, where)}!]` : this.named(d, side, where);
    return side === 'reply' && d.optional === false && !d.nullable ? `${type}!` : type;
  }

  private replyObject(d: Described, where: string): string {
    const name = d.meta?.component ?? d.meta?.graphql;
    if (!name) throw new Error(`${where}: a reply object needs its name (replySchema, or fieldsOf's GraphQL name)`);
    const lines = Object.entries(d.fields ?? {})
      .filter(([, field]) => !field.meta?.absent)
      .map(([field, described]) => {
        const cost = described.meta?.cost ? ` @cost(weight: ${described.meta.cost})` : '';
        return `${descriptionLine(replyFieldNote(described), '  ')}  ${field}: ${this.field(described, 'reply', `${name}.${field}`)}${cost}`;
      });
    this.defineReply(name, `${descriptionLine(d.meta?.description, '')}type ${name} {\n${lines.join('\n')}\n}`);
    return name;
  }

  private inputObject(d: Described, where: string): string {
    const name = d.meta?.graphql;
    if (!name) throw new Error(`${where}: an input object needs its GraphQL name (bodySchema, inputObject)`);
    const fields = this.inputs.get(name) ?? new Map<string, InputField>();
    this.inputs.set(name, fields);
    for (const [field, described] of Object.entries(d.fields ?? {})) {
      if (described.type === 'mixed' && !described.meta?.graphql) continue; // a field this variant does not carry
      const type = this.field(described, 'input', `${name}.${field}`);
      const known = fields.get(field) ?? { type, values: new Set<string>() };
      if (known.type !== type) throw new Error(`${name}.${field} is given two types: ${known.type} and ${type}`);
      known.description ??= described.meta?.description;
      const values = (described.oneOf ?? []).filter((value) => value !== undefined && value !== null);
      for (const value of values.length > 0 && described.nullable ? [...values, null] : values) known.values.add(String(value));
      fields.set(field, known);
    }
    return name;
  }

  /** A definition once: the same name given a different shape is an error. */
  private defineReply(name: string, sdl: string): void {
    const known = this.replies.get(name);
    if (known !== undefined && known !== sdl) throw new Error(`GraphQL type ${name} is given two different shapes:\n${known}\n${sdl}`);
    this.replies.set(name, sdl);
  }
}

/** A reply field's description: its schema's (or its hand-written JSON Schema's, its items'), then the values a text enum takes. */
function replyFieldNote(d: Described): string | undefined {
  const own = d.meta?.description ?? (d.meta?.jsonSchema?.description as string | undefined) ?? (d.innerType?.meta?.jsonSchema?.description as string | undefined);
  const values = d.meta?.component ? [] : (d.oneOf ?? []).filter((value): value is string => typeof value === 'string');
  return note(own, values);
}

function itemsOf(d: Described, where: string): Described {
  if (!d.innerType) throw new Error(`${where}: a list whose items yup does not describe`);
  return d.innerType;
}

/** A block string's description line (`"text"`), or nothing. */
export const descriptionLine = (text: string | undefined, indent: string): string => (text ? `${indent}${JSON.stringify(text)}\n` : '');
