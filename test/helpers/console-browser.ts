import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PASSWORD, type TestApi } from './api';
import { chromiumPath } from './browser';

const ROOT = path.resolve(__dirname, '../..');
const SHOTS = path.join(ROOT, '.data', 'console-screenshots');
const DOCS_SHOTS = path.join(ROOT, 'docs', 'console');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** A fresh tab (its own sessionStorage) on the test API; every URL it requests is kept. */
export async function openConsole(browser: Browser, api: TestApi): Promise<{ page: Page; urls: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: api.base, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return { page, urls, close: () => context.close() };
}

/** Signs in through the login page and waits for the games list. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/console/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/console/games');
}

/**
 * A screenshot of the page under .data/console-screenshots/; with UPDATE_SCREENSHOTS=1 also into
 * docs/console/, the pictures the README shows.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(DOCS_SHOTS, { recursive: true });
    copyFileSync(file, path.join(DOCS_SHOTS, `${name}.png`));
  }
}

/** A PNG of 1×1 pixel: the smallest file the upload's type sniffing accepts as an image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
