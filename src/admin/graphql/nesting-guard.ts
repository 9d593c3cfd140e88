/**
 * How deep `{`, `[` and `(` may nest in a document's text. graphql-js parses recursively, one frame
 * per level, so about 2000 levels overflow its stack (a 500 and an error log) while staying far below
 * the token limit. The query depth limit (10) counts selections; arguments' lists and objects, and
 * fragments, add a few levels more: 64 leaves every useful document alone.
 */
export const MAX_TEXT_NESTING = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const HASH = 0x23;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const OPENING = new Set([0x7b, 0x5b, 0x28]); // { [ (
const CLOSING = new Set([0x7d, 0x5d, 0x29]); // } ] )

/**
 * Whether the text nests brackets deeper than `limit`, outside strings, block strings and comments:
 * one pass over the text before it is parsed, so the parser never recurses that deep.
 */
export function nestsTooDeep(text: string, limit = MAX_TEXT_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === HASH) {
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== NEWLINE && text.charCodeAt(i + 1) !== RETURN) i += 1;
    } else if (code === QUOTE) {
      i = text.startsWith('"""', i) ? endOfBlockString(text, i + 3) : endOfString(text, i + 1);
    } else if (OPENING.has(code)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSING.has(code)) {
      depth = Math.max(0, depth - 1);
    }
  }
  return false;
}

/** The index of a string's closing quote (or the text's end), from just after its opening one. */
function endOfString(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 1;
    else if (code === QUOTE || code === NEWLINE || code === RETURN) return i;
  }
  return text.length;
}

/** The index of a block string's last closing quote (or the text's end); `\"""` does not close it. */
function endOfBlockString(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text.startsWith('\\"""', i)) i += 3;
    else if (text.startsWith('"""', i)) return i + 2;
  }
  return text.length;
}
