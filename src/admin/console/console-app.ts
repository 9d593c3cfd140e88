import path from 'node:path';
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import { builtApp } from '../http/built-app';
import { PAGE_POLICY } from '../http/static-page';
import type { AppState } from '../koa-types';

export const CONSOLE_PATH = '/console';
/** Where `npm run build:console` (Vite) writes the console; `npm run build` copies it to the same place in dist/. */
export const CONSOLE_DIR = path.resolve(__dirname, '../../../console/dist');
// The pages' policy, with images also from blob: (upload previews) and any http(s) URL (a game's image_url).
const CONSOLE_POLICY = PAGE_POLICY.replace("img-src 'self' data:", "img-src 'self' data: blob: http: https:");

/**
 * The admin web console (a single-page app over /graphql) under /console: its hashed assets with a
 * long cache, and index.html for every other path under it (the app routes in the browser), under
 * the pages' strict Content-Security-Policy (scripts from this server only; images also as blob:
 * for upload previews). Without a build, a 404 problem says how to make one.
 */
export function consoleApp(root = CONSOLE_DIR): Middleware<AppState> {
  const app = builtApp('console', root, CONSOLE_POLICY, 'run `npm run build:console` (npm start builds it when missing)');
  return async (ctx, next) => {
    if (ctx.path !== CONSOLE_PATH && !ctx.path.startsWith(`${CONSOLE_PATH}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
    }
    const asset = ctx.path.slice(CONSOLE_PATH.length + 1);
    if (asset.startsWith('assets/')) await app.asset(ctx, asset);
    else await app.index(ctx);
  };
}
