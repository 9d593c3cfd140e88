import type { Middleware } from 'koa';
import type { AppState } from '../koa-types';

/**
 * The server's icon (32×32 PNG: a blue ring around an amber dot), for the tab of every page it serves:
 * browsers ask for /favicon.ico whatever the page says, and a 404 there was an error in every page's
 * console. Made by a few lines of zlib (a ring and a dot), kept here as its bytes.
 */
const ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAlUlEQVR42u2XOw6AIBBE6T2HJ/NeXtDaGlpjou7sd0gkoZ15wLKf1mZb63b0t11iGgqjNTdDWI1NIN7mEESUuRjCImIG8HpHlY53NMN6EV/JBeBJ/NyXft0ohJr0bvwFItJGTo8CiPS9To/ewg8wH0B6EKZ9w/JERJ2K04pReTmmaEgoWrLyppSiLacYTGhGM4rhNHINcUI2NJv1MmUAAAAASUVORK5CYII=',
  'base64',
);

export const FAVICON_PATH = '/favicon.ico';

/** GET /favicon.ico: the icon, cached for a day. */
export function favicon(): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== FAVICON_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'image/png';
    ctx.body = ICON;
  };
}
