/**
 * The API's rule messages in an admin's words, where the console shows them (issue 51, item 7): the
 * server speaks of fields by their JSON names and of types ("a string of 1 to 64 characters", "an
 * ISO 8601 timestamp", "after starts_at"); the console says what to type. A message it has no words
 * for is shown as the server wrote it.
 */

/** JSON field names as the console's labels call them. */
const FIELD_WORDS: Record<string, string> = {
  starts_at: 'the start',
  ends_at: 'the end',
  rank_from: 'the first rank',
  rank_to: 'the last rank',
  expires_at: 'the expiry',
  since: 'the start',
  until: 'the end',
};

const RULES: ReadonlyArray<[RegExp, (...groups: string[]) => string]> = [
  [/^must be a string of (\d+) to (\d+) characters$/, (min, max) => (min === '1' ? `must be filled in, ${max} characters at most` : `must be ${min} to ${max} characters long`)],
  [/^must be a string of at most (\d+) characters$/, (max) => `must be ${max} characters at most`],
  [/^must be an ISO 8601 timestamp$/, () => 'must be a date and time'],
  [/^must be (after|before|at least|at most) ([a-z_]+)$/, (relation, field) => `must be ${relation === 'at least' ? 'no less than' : relation === 'at most' ? 'no more than' : relation} ${FIELD_WORDS[field] ?? field.replace(/_/g, ' ')}`],
  [/^must be 3 upper-case letters$/, () => 'must be a currency code of 3 capital letters, such as EUR'],
];

/** A rule's message in an admin's words (or as written when the console has none). */
export function inAdminWords(message: string): string {
  for (const [rule, words] of RULES) {
    const match = rule.exec(message);
    if (match) return words(...match.slice(1));
  }
  return message;
}

/**
 * GraphQL's own refusal of a variable's value ("Variable \"$input\" got invalid value Infinity at
 * \"input.items[0].number_value\"; Float cannot represent non numeric value: Infinity") as a problem
 * at its field, in words: the path inside the input, and what the field takes.
 */
export function variableProblem(message: string): { path: string; message: string } | null {
  const match = /^Variable "\$\w+" got invalid value .* at "\w+\.([^"]+)"; (\w+) cannot represent/.exec(message);
  if (!match) return null;
  const [, path, type] = match;
  const takes: Record<string, string> = { Float: 'must be a number', Int: 'must be a whole number', SafeInt: 'must be a whole number', Money: 'must be an amount', Boolean: 'must be yes or no', String: 'must be text' };
  return { path: path!, message: takes[type!] ?? `must be a ${type}` };
}
