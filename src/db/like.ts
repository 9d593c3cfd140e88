/** A LIKE pattern matching `text` anywhere, with %, _ and \ in it taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
