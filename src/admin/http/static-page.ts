import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../koa-types';

/** A browser page's file from an installed package (no CDN: many networks have no internet). */
export interface PackageAsset {
  readonly packageName: string;
  readonly file: string;
  readonly type: string;
}

/** A file of an installed package, by its folder (UMD and dist builds are not in the packages' exports). */
const packageFile = (packageName: string, file: string) => path.join(path.dirname(require.resolve(`${packageName}/package.json`)), file);

// The pages' libraries set inline styles and load fonts and icons as data: URLs; everything else comes
// from this server, and scripts only from files (no inline script).
export const PAGE_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:",
  "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

/** A page of this server's own (explorer, API docs) under a strict Content-Security-Policy. */
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

/** One of `assets` by name; false for any other name (the caller answers 404). */
export function servePackageAsset(ctx: AppContext, assets: Record<string, PackageAsset>, name: string): boolean {
  const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
  if (!asset) return false;
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.type = `${asset.type}; charset=utf-8`;
  ctx.body = createReadStream(packageFile(asset.packageName, asset.file));
  return true;
}
