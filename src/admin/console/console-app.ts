import { existsSync } from 'node:fs';
import path from 'node:path';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import { PAGE_POLICY } from '../http/static-page';
import type { AppState } from '../koa-types';

export const CONSOLE_PATH = '/console';
/** Where `npm run build:console` (Vite) writes the console; `npm run build` copies it to the same place in dist/. */
export const CONSOLE_DIR = path.resolve(__dirname, '../../../console/dist');
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
// The pages' policy, with images also from blob: (upload previews) and any http(s) URL (a game's image_url).
const CONSOLE_POLICY = PAGE_POLICY.replace("img-src 'self' data:", "img-src 'self' data: blob: http: https:");

/**
 * The admin web console (a single-page app over /graphql) under /console: its hashed assets with a
 * long cache, and index.html for every other path under it (the app routes in the browser), under
 * the pages' strict Content-Security-Policy (scripts from this server only; images also as blob:
 * for upload previews). Without a build, a 404 problem says how to make one.
 */
export function consoleApp(root = CONSOLE_DIR): Middleware<AppState> {
  const index = path.join(root, 'index.html');
  return async (ctx, next) => {
    if (ctx.path !== CONSOLE_PATH && !ctx.path.startsWith(`${CONSOLE_PATH}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
    }
    if (!existsSync(index)) throw new AppError('NOT_FOUND', 'the console is not built: run `npm run build:console` (npm start builds it when missing)');
    ctx.set('Content-Security-Policy', CONSOLE_POLICY);
    const asset = ctx.path.slice(CONSOLE_PATH.length + 1);
    if (asset.startsWith('assets/')) {
      try {
        await send(ctx, asset, { root, maxage: ONE_YEAR_MS, immutable: true });
        return;
      } catch {
        throw new AppError('NOT_FOUND', 'no such console asset');
      }
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
}
