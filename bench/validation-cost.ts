/**
 * What checking the largest management bodies costs (the declarative yup rules of variables and
 * notifications; the HTTP role's event loop is busy that long): a table and a vector of 10,000 items,
 * a notification of 1,000 entries × 35 values (just under the 1 MiB body limit) and of 1,000 × 100.
 *   npm run bench:validation -- [--rounds 5]
 */
import { parseArgs } from 'node:util';
import { checkNotification } from '../src/admin/notifications/notification-rules';
import { checkVariable } from '../src/admin/variables/variable-rules';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);

const items = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
const notification = (keys: number) => {
  const variables = items(keys, (i) => ({ key: `k${i}` }));
  return {
    name: 'n', variables, descriptions: [{ language_id: 1, description: 'x' }],
    entries: items(1000, (i) => ({ time_second: i, image: '', login: '', variables: variables.map(({ key }) => ({ key, value: 'x' })) })),
  };
};
const bodies: Array<[string, () => unknown]> = [
  ['variable: table of 10,000 items', () => checkVariable({ key: 't', type: 'table', table_value_type: 'number', items: items(10000, (i) => ({ key: `k${i}`, number_value: i })) })],
  ['variable: vector of 10,000 items', () => checkVariable({ key: 'v', type: 'vector', table_value_type: 'string', items: items(10000, (i) => ({ index: 9999 - i, string_value: `s${i}` })) })],
  ['notification: 1,000 entries x 35 values (0.96 MB)', () => checkNotification(notification(35), async (ids) => new Set(ids))],
  ['notification: 1,000 entries x 100 values (past the body limit)', () => checkNotification(notification(100), async (ids) => new Set(ids))],
];

async function main(): Promise<void> {
  for (const [name, check] of bodies) {
    const ms: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await check();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    console.log(`${name.padEnd(64)} median ${ms[Math.floor(rounds / 2)]!.toFixed(1)} ms (${ms.map((v) => v.toFixed(0)).join(', ')})`);
  }
}

void main();
