/**
 * GraphQL documents built to make a server work hard before anything runs (SPEC §2.9: any document up
 * to the 1 MiB body limit is judged within 100 ms): fragment bombs, duplicate fields for the overlap
 * rule, long texts, many arguments, variables, directives and operations. `outcome` is what the server
 * must answer: refused before execution, or run. The benchmark times them, the tests check outcomes.
 */
export interface AdversarialDocument {
  readonly name: string;
  readonly query: string;
  readonly outcome: 'refused' | 'runs';
  /** What the refusal names (a limit, a rule), when refused. */
  readonly because?: RegExp;
}

const repeat = (n: number, item: (i: number) => string, separator = ' ') => Array.from({ length: n }, (_, i) => item(i)).join(separator);
const MIB = 1024 * 1024;

/**
 * Each fragment spreads the next twice: 2^n selections once spread, in about 50 bytes per level. On
 * Query it ends in `me { id }`; on User (under `me`) in the scalar `id`, which costs nothing.
 */
export const fragmentBomb = (levels: number, on: 'Query' | 'User' = 'Query') => {
  const fragments = repeat(levels, (i) => `fragment F${i} on ${on} { ...F${i + 1} ...F${i + 1} }`, '\n');
  const [root, leaf] = on === 'Query' ? ['{ ...F0 }', 'me { id }'] : ['{ me { ...F0 } }', 'id'];
  return `${root}\n${fragments}\nfragment F${levels} on ${on} { ${leaf} }`;
};

export function adversarialDocuments(): AdversarialDocument[] {
  return [
    { name: 'fragment bomb, 20 levels (1 KB)', query: fragmentBomb(20), outcome: 'refused', because: /selections once its fragments are spread/ },
    { name: 'fragment bomb, 40 levels of scalar leaves', query: fragmentBomb(40, 'User'), outcome: 'refused', because: /selections once its fragments are spread/ },
    { name: 'a 1 MiB comment', query: `{ me { id } } #${'x'.repeat(MIB - 64)}`, outcome: 'runs' },
    { name: 'a 1 MiB string argument', query: `{ games(search: "${'x'.repeat(MIB - 64)}") { id } }`, outcome: 'runs' },
    { name: 'more than 10,000 tokens', query: `{ ${repeat(3000, (i) => `a${i}: me { id }`)} }`, outcome: 'refused', because: /more that 10000 tokens/ },
    { name: 'one field 2,400 times (the overlap rule\'s pairs)', query: `{ ${repeat(2400, () => 'me { id }')} }`, outcome: 'refused', because: /selections once its fragments are spread|asked for/ },
    { name: 'one field 11 times at one level', query: `{ ${repeat(11, () => 'me { id }')} }`, outcome: 'refused', because: /"me" is asked for 11 times/ },
    { name: '490 aliases of one field', query: `{ ${repeat(490, (i) => `a${i}: me { id }`)} }`, outcome: 'runs' },
    { name: '33 fragments spread side by side', query: `{ ${repeat(33, (i) => `...F${i}`)} } ${repeat(33, (i) => `fragment F${i} on Query { me { id } }`)}`, outcome: 'refused', because: /spreads 33 fragments/ },
    { name: '11 fragments each asking for one response name', query: `{ ${repeat(11, (i) => `...R${i}`)} } ${repeat(11, (i) => `fragment R${i} on Query { me { id } }`)}`, outcome: 'refused', because: /"me" is asked for 11 times/ },
    { name: '33 spreads inside an inline fragment', query: `{ ... on Query { ${repeat(33, (i) => `...F${i}`)} } } ${repeat(33, (i) => `fragment F${i} on Query { me { id } }`)}`, outcome: 'refused', because: /spreads 33 fragments/ },
    { name: '10 × 10 × 8 duplicates in nested levels', query: `{ ${repeat(10, () => `game(id: 1) { ${repeat(10, () => `leaderboards { ${repeat(8, () => 'id')} }`)} }`)} }`, outcome: 'refused' },
    { name: '10 aliases of the config document', query: `{ ${repeat(10, (i) => `c${i}: config(game_id: 1) { document }`)} }`, outcome: 'refused', because: /may return 100010 objects/ },
    // Fields weighed by the work they do (@cost): a cheap field runs under many aliases, an expensive one is bounded.
    { name: '333 aliases of a config document\'s ETag', query: `{ ${repeat(333, (i) => `c${i}: config(game_id: 1) { etag }`)} }`, outcome: 'runs' },
    { name: '333 aliases of a config version\'s variables', query: `{ ${repeat(333, (i) => `v${i}: configVersion(game_id: 1, version: 1) { variables { key } }`)} }`, outcome: 'refused', because: /may return \d+ objects/ },
    { name: '3 rollbacks in one mutation', query: `mutation { ${repeat(3, (i) => `r${i}: rollbackConfig(game_id: 1, input: { version: 1 }) { version }`)} }`, outcome: 'refused', because: /may return \d+ objects/ },
    { name: '333 aliases of the ops timeline', query: `{ ${repeat(333, (i) => `t${i}: opsTimeline(minutes: 15) { points { at } }`)} }`, outcome: 'refused', because: /may return \d+ objects/ },
    { name: '333 aliases of the sync status', query: `{ ${repeat(333, (i) => `s${i}: syncStatus { outbox_entries }`)} }`, outcome: 'refused', because: /may return \d+ objects/ },
    { name: '2,400 unused variables', query: `query (${repeat(2400, (i) => `$v${i}: Int`)}) { me { id } }`, outcome: 'refused', because: /never used/ },
    { name: '1,400 directives on one field', query: `{ me ${repeat(1400, () => '@include(if: true)')} { id } }`, outcome: 'refused', because: /can only be used once/ },
    { name: '3,000 unknown arguments', query: `{ me(${repeat(3000, (i) => `a${i}: 1`)}) { id } }`, outcome: 'refused', because: /Unknown argument/ },
    { name: 'an object literal of 3,000 fields', query: `{ games(search: {${repeat(3000, (i) => `a${i}: 1`)}}) { id } }`, outcome: 'refused' },
    { name: 'a list literal of 9,000 items', query: `{ games(search: [${repeat(9000, (i) => String(i))}]) { id } }`, outcome: 'refused' },
    { name: '1,000 operations', query: repeat(1000, (i) => `query Q${i} { me { id } }`), outcome: 'refused', because: /operation/i },
    { name: '1,000 unknown fields', query: `{ ${repeat(1000, (i) => `f${i}`)} }`, outcome: 'refused', because: /Cannot query field/ },
  ];
}
