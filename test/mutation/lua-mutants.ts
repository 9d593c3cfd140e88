/**
 * Mutants of the Lua scripts (StrykerJS mutates TypeScript only): each changes one comparison or check
 * of one line, as a realistic bug would. A mutant the tests do not fail on is a check they do not hold.
 */
export interface LuaMutant {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly original: string;
  readonly replacement: string;
  /** The whole file with this one change. */
  readonly source: string;
}

/** Each operator and what it is mutated into: a boundary moved, a comparison negated, a condition dropped. */
const MUTATIONS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/<=/g, ['<', '>']],
  [/>=/g, ['>', '<']],
  [/(?<![<>~=])<(?![=<])/g, ['<=', '>=']],
  [/(?<![<>~=-])>(?![=>])/g, ['>=', '<=']],
  [/==/g, ['~=']],
  [/~=/g, ['==']],
  [/\band\b/g, ['or']],
  [/\bor\b/g, ['and']],
  [/\bnot /g, ['']],
];

/** Where a line's code ends: a `--` comment outside a string. */
function codeEnd(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '-' && line[i + 1] === '-') return i;
  }
  return line.length;
}

/** Whether position `at` of a line is inside a string literal. */
function inString(line: string, at: number): boolean {
  let quote: string | null = null;
  for (let i = 0; i < at; i += 1) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
  }
  return quote !== null;
}

/** Every mutant of a script: one per operator occurrence and replacement, in code (not comments, not strings). */
export function luaMutants(file: string, source: string): LuaMutant[] {
  const lines = source.split('\n');
  const mutants: LuaMutant[] = [];
  let inBlockComment = false;
  lines.forEach((line, index) => {
    if (inBlockComment) {
      if (line.includes(']]')) inBlockComment = false;
      return;
    }
    if (/^\s*--\[\[/.test(line)) {
      inBlockComment = !line.includes(']]');
      return;
    }
    const code = line.slice(0, codeEnd(line));
    for (const [pattern, replacements] of MUTATIONS) {
      for (const match of code.matchAll(pattern)) {
        if (inString(code, match.index)) continue;
        for (const replacement of replacements) {
          const mutated = line.slice(0, match.index) + replacement + line.slice(match.index + match[0].length);
          mutants.push({
            file, line: index + 1, original: line.trim(), replacement: mutated.trim(),
            source: [...lines.slice(0, index), mutated, ...lines.slice(index + 1)].join('\n'),
          });
        }
      }
    }
  });
  return mutants;
}
