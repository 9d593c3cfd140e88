import { createHash } from 'node:crypto';
import type { VariableDefinition } from './variable-rules';

export interface ConfigDocument {
  /** The JSON text served as is. */
  readonly body: string;
  /** A strong ETag over the body and the live overrides: equal documents, equal tags, on every HTTP instance. */
  readonly etag: string;
  /** The names of the live overrides merged into the body (SPEC §2.12), in the order they apply. */
  readonly overrides: readonly string[];
}

function valueOf(variable: VariableDefinition): unknown {
  switch (variable.type) {
    case 'number':
      return variable.number_value;
    case 'string':
      return variable.string_value;
    case 'table':
      return Object.fromEntries(variable.items.map((item) => [item.key, item.number_value ?? item.string_value]));
    case 'vector': {
      const length = variable.items.length === 0 ? 0 : Math.max(...variable.items.map((item) => item.index)) + 1;
      const array: unknown[] = Array.from({ length }, () => null);
      for (const item of variable.items) array[item.index] = item.number_value ?? item.string_value;
      return array;
    }
  }
}

/** The bytes a variable's value takes in a config document (its key and separators aside). */
export function valueBytes(variable: VariableDefinition): number {
  return Buffer.byteLength(JSON.stringify(valueOf(variable)));
}

/** SPEC §2.4: a config document, as compact JSON in UTF-8, holds at most 1 MiB. */
export const MAX_CONFIG_DOCUMENT_BYTES = 1_048_576;

/** SPEC §2.4: the game's variables as one object; a table as an object, a vector as an array with null in the gaps. */
export function configDocumentBody(variables: readonly VariableDefinition[]): string {
  const document: Record<string, unknown> = {};
  for (const variable of variables) document[variable.key] = valueOf(variable);
  return JSON.stringify(document);
}

/** The document of these variables; `live` names the overrides already merged into them (their ids make the ETag differ). */
export function buildConfigDocument(variables: readonly VariableDefinition[], live: ReadonlyArray<{ id: number; name: string }> = []): ConfigDocument {
  const body = configDocumentBody(variables);
  const hash = createHash('sha256').update(body);
  if (live.length > 0) hash.update(`\n${live.map(({ id }) => id).join(',')}`);
  return { body, etag: `"${hash.digest('base64url').slice(0, 32)}"`, overrides: live.map(({ name }) => name) };
}

/** If-None-Match against the ETag: a list of tags, weak ones compared by their opaque part, or `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** SPEC §2.12's `Config-Overrides`: the live overrides' names, comma-separated, each percent-encoded as in a URI component (so a comma or a non-ASCII letter in a name survives). */
export const configOverridesHeader = (names: readonly string[]) => names.map(encodeURIComponent).join(', ');
