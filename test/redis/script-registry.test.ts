import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { ANY_KEYS, LUA_DIR, SCRIPT_KEY_COUNTS, registerScripts, scriptSource } from '../../src/redis/script-registry';
import { createTestRedis } from '../helpers/redis';

const scriptFiles = readdirSync(LUA_DIR)
  .filter((file) => file.endsWith('.lua'))
  .map((file) => path.basename(file, '.lua'))
  .sort();

test('every script in lua/ is registered, and nothing is registered without a file', (t) => {
  t.deepEqual(scriptFiles, Object.keys(SCRIPT_KEY_COUNTS).sort());
});

for (const name of scriptFiles) {
  test(`the header of lua/${name}.lua documents exactly the key count the registry declares`, (t) => {
    const source = readFileSync(path.join(LUA_DIR, `${name}.lua`), 'utf8');
    const header = /^--\[\[([\s\S]*?)\]\]/.exec(source)?.[1];
    t.truthy(header, 'the script starts with a --[[ header ]]');
    const expected: number | typeof ANY_KEYS = SCRIPT_KEY_COUNTS[name as keyof typeof SCRIPT_KEY_COUNTS];
    const body = source.slice(source.indexOf(']]'));
    if (expected === ANY_KEYS) {
      t.regex(header!, /^KEYS\[1\.\.n\]/m, 'a script of any number of keys says so: KEYS[1..n]');
      const documented = new Set([...header!.matchAll(/^KEYS\[(\d+)\]/gm)].map((match) => Number(match[1])));
      const fixed = [...body.matchAll(/KEYS\[(\d+)\]/g)].map((match) => Number(match[1]));
      t.true(fixed.every((index) => documented.has(index)), 'the keys it reads at a fixed place are documented');
    } else {
      const documented = new Set([...header!.matchAll(/^KEYS\[(\d+)\]/gm)].map((match) => Number(match[1])));
      t.deepEqual([...documented].sort(), Array.from({ length: expected }, (_, i) => i + 1));
      const used = [...body.matchAll(/KEYS\[(\d+)\]/g)].map((match) => Number(match[1]));
      t.true(used.every((index) => index <= expected), `the body uses only KEYS[1..${expected}]`);
    }
    t.regex(header!, /Returns/);
  });
}

test('every registered script loads into Redis (its helpers and the script compile together)', async (t) => {
  const { redis, cleanup } = await createTestRedis();
  t.teardown(cleanup);
  registerScripts(redis);
  for (const name of scriptFiles) {
    const sha = await redis.script('LOAD', scriptSource(name as keyof typeof SCRIPT_KEY_COUNTS));
    t.regex(String(sha), /^[0-9a-f]{40}$/, name);
  }
});
