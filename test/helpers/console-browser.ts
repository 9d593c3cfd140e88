import { randomBytes } from 'node:crypto';
import type { TestFn } from 'ava';
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

/** One Chromium for a test file, in `t.context.browser`, closed after its last test. */
export function useSharedChromium<Context extends { browser: Browser }>(test: TestFn<Context>): void {
  test.before(async (t) => {
    t.context.browser = await launchChromium();
  });
  test.after.always(async (t) => {
    await t.context.browser?.close();
  });
}

/** The desktop the console's tests run at, and the phone (issue 37: a 390×844 viewport). */
export const DESKTOP = { width: 1280, height: 860 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A fresh tab (its own sessionStorage) on the test API; every URL it requests, and every GraphQL operation it sends, is kept. */
export async function openConsole(
  browser: Browser,
  api: TestApi,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; urls: string[]; operations: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: api.base, viewport, ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const urls: string[] = [];
  const operations: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') {
      operations.push((JSON.parse(request.postData() ?? '{}') as { query?: string }).query ?? '');
    }
  });
  return { page, urls, operations, close: () => context.close() };
}

/** The console's operations that have no name (each is `query Name …` or `mutation Name …`: logs and traces name them). */
export const anonymousOperations = (operations: readonly string[]) =>
  operations.filter((operation) => !/^\s*(query|mutation)\s+[A-Za-z_]\w*/.test(operation));

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
 * docs/console/, the pictures the docs show.
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

export const unique = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

/** A game with every module on, made through the API (the UI's game form has its own test). */
export async function gameWithModules(api: TestApi, name: string): Promise<{ id: number; name: string; slug: string }> {
  const token = api.users.admin.token;
  const game = await api.request('POST', '/api/games', { token, body: { name, slug: unique(name.toLowerCase().replace(/\W+/g, '-')) } });
  for (const module_key of ['variables', 'notification', 'leaderboard']) {
    await api.request('POST', `/api/games/${game.body.id}/modules`, { token, body: { module_key } });
  }
  return { id: game.body.id, name, slug: game.body.slug };
}

/** A signed-in tab, closed when the test ends. */
export async function signedInTab(
  t: { teardown(fn: () => Promise<void>): void },
  browser: Browser,
  api: TestApi,
  email: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; urls: string[]; operations: string[] }> {
  const tab = await openConsole(browser, api, viewport);
  t.teardown(async () => {
    await tab.close();
    const anonymous = anonymousOperations(tab.operations);
    if (anonymous.length > 0) throw new Error(`the console sent operations without a name: ${anonymous.join(' | ')}`);
  });
  await signIn(tab.page, email);
  return tab;
}

/**
 * Runs `steps` with the tab's CPU slowed `rate` times (Chromium's throttling), so a page's brief wrong
 * state (a render that shows new choices over an older answer) lasts long enough to be read.
 */
export async function withSlowCpu<T>(page: Page, rate: number, steps: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await steps();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** Creates a leaderboard through the game's Leaderboards page and opens it; answers its id. */
export async function createLeaderboardInConsole(page: Page, gameId: number, fields: { key: string; name: string; period: string; operator?: string }): Promise<number> {
  await page.goto(`/console/games/${gameId}/leaderboards`);
  await page.getByText('New leaderboard').click();
  await page.getByLabel('Key').fill(fields.key);
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Period').selectOption(fields.period);
  if (fields.operator) await page.getByLabel('Operator').selectOption(fields.operator);
  await page.getByRole('button', { name: 'Create leaderboard' }).click();
  await page.getByRole('link', { name: fields.name }).click();
  await page.waitForURL(/leaderboards\/\d+$/);
  return Number(page.url().split('/').at(-1));
}

/** Saves a score through a leaderboard page's form (the player by username). */
/** Saves a score through the console's form and waits until the server has answered the save. */
export async function saveScoreInConsole(page: Page, player: string, score: string): Promise<void> {
  await page.locator('select[name="user_game_id"]').selectOption({ label: player });
  await page.getByLabel('Score', { exact: true }).fill(score);
  // A save that leaves the rankings as they were (a lower score under `best`) shows nothing new: wait
  // for its reply, so a test that moves the server's clock next does not move this save with it.
  const saved = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('saveScore'));
  await page.getByRole('button', { name: 'Save score' }).click();
  await saved;
}
