import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which ava files cover a source file: first its namesakes (a test named after the file or its
 * feature's folder: `api-keys.test.ts` for src/admin/api-keys/api-keys-service.ts, which calls the
 * service over HTTP and imports none of it), then those whose imports reach it in the fewest steps (a
 * test that imports the file itself, then one that imports what imports it). Browser tests are left
 * out: they are slow, and what they reach the others reach closer.
 */
const IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, keep) : keep(full) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function coveringTests(root: string, target: string, limit: number): string[] {
  const sources = [...walk(path.join(root, 'src'), (f) => f.endsWith('.ts')), ...walk(path.join(root, 'test'), (f) => f.endsWith('.ts'))];
  const imports = new Map<string, string[]>();
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    imports.set(file, [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1]!)).filter((f): f is string => f !== null));
  }
  const wanted = path.resolve(root, target);
  const tests = sources.filter((f) => f.endsWith('.test.ts') && !f.includes(`${path.sep}e2e${path.sep}`) && !f.includes(`${path.sep}mutation${path.sep}`));
  const distance = (test: string): number => {
    const seen = new Set([test]);
    let frontier = [test];
    for (let steps = 1; frontier.length > 0; steps += 1) {
      const next: string[] = [];
      for (const file of frontier) {
        for (const imported of imports.get(file) ?? []) {
          if (imported === wanted) return steps;
          if (!seen.has(imported)) {
            seen.add(imported);
            next.push(imported);
          }
        }
      }
      frontier = next;
    }
    return Infinity;
  };
  const stem = path.basename(wanted, '.ts');
  const namesakes = new Set([stem, stem.replace(/-(service|repository|endpoints|replies|reads)$/, ''), path.basename(path.dirname(wanted))]);
  return tests
    .map((test) => ({ test, steps: namesakes.has(path.basename(test, '.test.ts')) ? 0 : distance(test) }))
    .filter(({ steps }) => steps !== Infinity)
    .sort((a, b) => a.steps - b.steps || a.test.localeCompare(b.test))
    .slice(0, limit)
    .map(({ test }) => path.relative(root, test));
}

/**
 * The ava files that exercise an engine script beyond the scripts' own (test/lua): the tests of what
 * calls it, found by its name in their text (a word: `limits` for lua/limits.lua names the wallet
 * controls' tests; `topup`, the balance's), ranked by how often they name it. A helper of lua/lib/
 * has no caller of its own: none.
 */
export function scriptCallerTests(root: string, script: string, limit: number): string[] {
  if (script.includes('/lib/')) return [];
  const name = path.basename(script, '.lua');
  const word = new RegExp(`\\b${name.replace(/[^\w]/g, '')}\\b`, 'g');
  return walk(path.join(root, 'test'), (f) => f.endsWith('.test.ts'))
    .filter((f) => !f.includes(`${path.sep}e2e${path.sep}`) && !f.includes(`${path.sep}mutation${path.sep}`) && !f.includes(`${path.sep}lua${path.sep}`))
    .map((test) => ({ test, mentions: (readFileSync(test, 'utf8').match(word) ?? []).length }))
    .filter(({ mentions }) => mentions > 0)
    .sort((a, b) => b.mentions - a.mentions || a.test.localeCompare(b.test))
    .slice(0, limit)
    .map(({ test }) => path.relative(root, test));
}
