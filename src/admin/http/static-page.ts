import type { AppContext } from '../koa-types';

// The pages' libraries set inline styles and load fonts and icons as data: URLs; everything else comes
// from this server, and scripts only from files (no inline script).
export const PAGE_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:",
  "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

/** A page of this server's own (the queue dashboard's sign-in) under a strict Content-Security-Policy. */
export function serveHtmlPage(ctx: AppContext, html: string): void {
  ctx.set('Content-Security-Policy', PAGE_POLICY);
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
}

/** A page's start script (served as a file, so the policy needs no inline script). */
export function serveStartScript(ctx: AppContext, script: string): void {
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.body = script;
}
