import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LUA_LAYOUTS } from './lua-layouts';

export const LUA_DIR = path.resolve(__dirname, '../../lua');

/**
 * Scripts say which helpers they use: a line `-- include: a, b` names files of lua/lib (their own
 * includes come with them) or `layouts`, the chunk made from src/redis/shared-layouts.ts. A script's
 * source is its helpers, each once and after what it includes, then the script itself.
 */
const INCLUDE = /^-- include: (.+)$/m;
const GENERATED: Readonly<Record<string, string>> = { layouts: LUA_LAYOUTS };

/** Reads a file of lua/ by its path there: this checkout's by default (a bench reads another revision's). */
export type LuaReader = (file: string) => string;
const readCheckout: LuaReader = (file) => readFileSync(path.join(LUA_DIR, file), 'utf8');

function includesOf(source: string): string[] {
  const line = INCLUDE.exec(source)?.[1];
  return line ? line.split(',').map((name) => name.trim()) : [];
}

function helperSource(name: string, read: LuaReader): string {
  return GENERATED[name] ?? read(`lib/${name}.lua`);
}

/** The helpers these sources include, in an order where each comes after those it includes. */
export function helpersFor(sources: readonly string[], read: LuaReader = readCheckout): string[] {
  const ordered: string[] = [];
  const visit = (name: string, path: readonly string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new Error(`lua/lib: include cycle ${[...path, name].join(' → ')}`);
    for (const included of includesOf(helperSource(name, read))) visit(included, [...path, name]);
    ordered.push(name);
  };
  for (const source of sources) for (const name of includesOf(source)) visit(name, []);
  return ordered;
}

/** A script file's body (lua/<name>.lua), as written. */
export const scriptBody = (name: string, read: LuaReader = readCheckout): string => read(`${name}.lua`);

/** The helpers' code, joined, for scripts with these bodies. */
export const helpersSource = (bodies: readonly string[], read: LuaReader = readCheckout): string =>
  helpersFor(bodies, read)
    .map((name) => helperSource(name, read))
    .join('\n');

/** A script as sent to Redis: the helpers it includes, then its body. */
export function composedScript(name: string, read: LuaReader = readCheckout): string {
  const body = scriptBody(name, read);
  return `${helpersSource([body], read)}\n${body}`;
}
