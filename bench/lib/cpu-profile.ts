import { readFileSync } from 'node:fs';

/** The parts of a V8 `.cpuprofile` this summary reads. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileLine {
  readonly name: string;
  readonly ms: number;
  readonly share: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  /** Self time per function, largest first. */
  readonly functions: readonly ProfileLine[];
  /** Self time per area: a package under node_modules, this project's src/, Node's internals, GC, idle. */
  readonly areas: readonly ProfileLine[];
}

/** A stack frame as the profile names it. */
export type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/**
 * Self time of a `.cpuprofile` by function and by area, counted from the first to the last sample in
 * a frame that `servesCalls` accepts (frames that only run while the server handles calls: the time it
 * served, without start-up and exit). With fewer than two such samples, the whole profile counts.
 */
export function summarizeCpuProfile(file: string, top: number, servesCalls: (frame: CallFrame) => boolean): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const inWindow = new Set(profile.nodes.filter((n) => servesCalls(n.callFrame)).map((n) => n.id));
  let first = profile.samples.findIndex((id) => inWindow.has(id));
  let last = profile.samples.findLastIndex((id) => inWindow.has(id));
  if (first < 0 || last <= first) [first, last] = [0, profile.samples.length - 1];
  const selfUs = new Map<number, number>();
  for (let i = first; i <= last; i += 1) {
    const nodeId = profile.samples[i]!;
    selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const fn = `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const area = areaOf(functionName, url);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const totalUs = [...byArea.values()].reduce((a, b) => a + b, 0);
  const lines = (map: Map<string, number>, limit: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / totalUs }));
  return { totalMs: totalUs / 1000, functions: lines(byFunction, top), areas: lines(byArea, Infinity) };
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, '');
}

function areaOf(functionName: string, url: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scopeOrName, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scopeOrName!.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName!;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[1] ?? url.slice(5)}`;
  const src = url.indexOf('/src/');
  if (src >= 0) return `src/${url.slice(src + 5).split('/')[0]}`;
  return url;
}
