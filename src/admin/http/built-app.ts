import { existsSync } from 'node:fs';
import path from 'node:path';
import { send } from '@koa/send';
import { AppError } from '../../errors';
import type { AppContext } from '../koa-types';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * A browser app that Vite built to `root` (the console, the GraphQL explorer): its index.html under
 * the given Content-Security-Policy, never cached, and its hashed assets with a year's cache. Without a
 * build, a 404 problem says how to make one (`howToBuild`).
 */
export function builtApp(what: string, root: string, policy: string, howToBuild: string) {
  const assertBuilt = () => {
    if (!existsSync(path.join(root, 'index.html'))) throw new AppError('NOT_FOUND', `the ${what} is not built: ${howToBuild}`);
  };
  return {
    async index(ctx: AppContext): Promise<void> {
      assertBuilt();
      ctx.set('Content-Security-Policy', policy);
      ctx.set('Cache-Control', 'no-cache');
      await send(ctx, 'index.html', { root });
    },
    /** `asset` is the path below the app's base, `assets/<hashed name>`; anything else is a 404. */
    async asset(ctx: AppContext, asset: string): Promise<void> {
      assertBuilt();
      if (!asset.startsWith('assets/')) throw new AppError('NOT_FOUND', `no such ${what} file`);
      ctx.set('Content-Security-Policy', policy);
      try {
        await send(ctx, asset, { root, maxage: ONE_YEAR_MS, immutable: true });
      } catch {
        throw new AppError('NOT_FOUND', `no such ${what} file`);
      }
    },
  };
}
