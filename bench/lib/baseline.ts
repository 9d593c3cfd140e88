import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The engine the bench's 'baseline' scenario compares with by default: the last revision before issue 50 (round 4). */
export const BASELINE_REVISION = '556ab3f';

/** The revision's abbreviated commit, or null where git does not have it (a shallow clone). */
export function knownRevision(revision: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', `${revision}^{commit}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export interface BaselineCheckout {
  /** The checkout's folder: run its scripts with startNode(…, root). */
  readonly root: string;
  /** The revision's commit, abbreviated. */
  readonly commit: string;
  remove(): void;
}

/**
 * An earlier revision of this project checked out beside it (a detached git worktree in a temporary
 * folder, sharing this checkout's node_modules), so the benchmark runs both engines in one run on the
 * same machine. Null, with the reason logged, where git cannot give the revision.
 */
export function checkOutBaseline(revision: string, log: (message: string) => void): BaselineCheckout | null {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = knownRevision(revision);
  if (!commit) {
    log(`baseline: git knows no revision ${revision} here (a shallow clone?); the baseline comparison is skipped`);
    return null;
  }
  const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-')), 'tree');
  git('worktree', 'add', '--detach', root, commit);
  if (!existsSync(path.join(root, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return {
    root,
    commit,
    remove: () => {
      try {
        git('worktree', 'remove', '--force', root);
      } finally {
        rmSync(path.dirname(root), { recursive: true, force: true });
        git('worktree', 'prune');
      }
    },
  };
}
