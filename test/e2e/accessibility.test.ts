import anyTest, { type TestFn } from 'ava';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import { createTestApi, type TestApi } from '../helpers/api';
import { DESKTOP, gameWithModules, launchChromium, openConsole, PHONE, screenshot, signedInTab } from '../helpers/console-browser';

/**
 * Every page of the console, at a desktop and at a 390×844 phone: axe-core's WCAG 2.1 A and AA rules
 * find no serious or critical violation, and on the phone no page is wider than the screen and the
 * folded menu reaches every section and Sign out.
 */
interface Context {
  api: TestApi;
  browser: Browser;
  paths: Record<string, string>;
}
const test = anyTest as TestFn<Context>;

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's violations on the page as it stands (run in the page, which its CSP does not govern). */
async function violations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  // Strings, not functions: this file is type-checked without the DOM's types.
  return page.evaluate<Violation[]>(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) })))`);
}

const serious = (found: Violation[]) => found.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** Opens a console page and waits until it has drawn its data (its title, and nothing loading). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`/console${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

test.before(async (t) => {
  const api = await createTestApi();
  const admin = api.users.admin.token;
  const game = await gameWithModules(api, 'Accessible Game');
  await api.request('POST', `/api/games/${game.id}/variables`, { token: admin, body: { key: 'lives', type: 'number', number_value: 3 } });
  await api.request('POST', `/api/games/${game.id}/notifications`, {
    token: admin,
    body: { name: 'Welcome', descriptions: [{ language_id: 1, description: 'Hello {{login}}' }], entries: [{ time_second: 0, image: '', login: 'all' }] },
  });
  const board = await api.services.leaderboards.create(COMMAND_ACTOR, game.id, { key: 'top', name: 'Top' });
  const connection = await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: admin, body: { game_id: game.id } });
  await api.request('POST', `/api/user-games/${connection.body.id}/topup`, { token: admin, body: { amount: 123456, comment: 'welcome' } });
  await api.request('POST', '/api/invites', { token: admin, body: { role: 'user', max_uses: 2 } });
  await api.services.apiKeys.create(COMMAND_ACTOR, { name: 'slots servers', game_ids: [game.id] });
  const hour = 3_600_000;
  await api.services.configOverrides.create(COMMAND_ACTOR, game.id, { name: 'Double lives', starts_at: new Date(Date.now() - hour).toISOString(), ends_at: new Date(Date.now() + hour).toISOString(), variables: [{ key: 'lives', number_value: 6 }] });
  // The wallet page with its controls drawn: a freeze banner and a limits table with a pending change.
  await api.request('POST', `/api/user-games/${connection.body.id}/freeze`, { token: admin, body: { reason: 'chargeback review' } });
  await api.request('PUT', `/api/user-games/${connection.body.id}/limits`, { token: admin, body: { currency: 'EUR', max_bet: 500, loss_limit: 10_000, loss_period: 'week' } });
  await api.request('PUT', `/api/user-games/${connection.body.id}/limits`, { token: admin, body: { currency: 'EUR', max_bet: 900, loss_limit: 10_000, loss_period: 'week' } });
  // Reports with figures: a round confirmed now, as the sync writes it.
  const round = { streamSub: 0, userId: String(api.users.user.id), gameId: String(game.id), currency: 'EUR', amount: '700', availableBalance: '0', reservedBalance: '0', transactionId: 'a11y-round', roundId: 'r', requestId: null, requestRoundId: null, topupId: null, comment: null, auditTrail: null, atMs: Date.now() };
  await applyOutboxBatch(api.database.db, [
    { ...round, eventId: 'a11y-r', streamId: `${round.atMs}-1`, kind: 'reserve', winAmount: '0' },
    { ...round, eventId: 'a11y-c', streamId: `${round.atMs}-2`, kind: 'confirm', winAmount: '300' },
  ]);
  const paths = {
    games: '/games',
    reports: '/reports',
    gameReports: `/games/${game.id}/reports`,
    game: `/games/${game.id}`,
    variables: `/games/${game.id}/variables`,
    config: `/games/${game.id}/config`,
    events: `/games/${game.id}/events`,
    notifications: `/games/${game.id}/notifications`,
    leaderboards: `/games/${game.id}/leaderboards`,
    leaderboard: `/games/${game.id}/leaderboards/${board.id}`,
    users: '/users',
    user: `/users/${api.users.user.id}`,
    wallet: `/wallets/${connection.body.id}`,
    invites: '/invites',
    ops: '/ops',
    audit: '/audit',
    currencies: '/currencies',
    apiKeys: '/api-keys',
    twoFactor: '/two-factor',
  };
  t.context = { api, browser: await launchChromium(), paths };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.api?.close();
});

test.serial('the check finds what it is for: an image without a text alternative, a field without a name', async (t) => {
  const { api, browser } = t.context;
  const tab = await openConsole(browser, api);
  t.teardown(() => tab.close());
  await visit(tab.page, '/login');
  await tab.page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend', '<img src="/favicon.ico"><input type="text">')`);
  const ids = serious(await violations(tab.page)).map((v) => v.id).sort();
  t.true(ids.includes('image-alt') && ids.includes('label'), ids.join(', '));
});

for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.serial(`${device}: every page an admin sees has no serious or critical accessibility violation`, async (t) => {
    const { api, browser, paths } = t.context;
    const { page } = await signedInTab(t, browser, api, api.users.admin.email, viewport);
    const found: string[] = [];
    for (const [name, path] of Object.entries(paths)) {
      await visit(page, path);
      for (const v of serious(await violations(page))) found.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.slice(0, 3).join(', ')}`);
    }
    t.deepEqual(found, []);
  });

  test.serial(`${device}: the sign-in page, the registration page and a player's games page have none either`, async (t) => {
    const { api, browser } = t.context;
    const signedOut = await openConsole(browser, api, viewport);
    t.teardown(() => signedOut.close());
    const found: string[] = [];
    for (const path of ['/login', '/register?code=unknown']) {
      await visit(signedOut.page, path);
      for (const v of serious(await violations(signedOut.page))) found.push(`${path}: ${v.id} ${v.help} at ${v.targets.slice(0, 3).join(', ')}`);
    }
    const player = await signedInTab(t, browser, api, api.users.user.email, viewport);
    await visit(player.page, '/games');
    for (const v of serious(await violations(player.page))) found.push(`player /games: ${v.id} ${v.help} at ${v.targets.slice(0, 3).join(', ')}`);
    t.deepEqual(found, []);
  });
}

test.serial('phone: no page is wider than the screen; the folded menu reaches every section and Sign out', async (t) => {
  const { api, browser, paths } = t.context;
  const { page } = await signedInTab(t, browser, api, api.users.admin.email, PHONE);
  const wide: string[] = [];
  for (const [name, path] of Object.entries(paths)) {
    await visit(page, path);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    if (width > PHONE.width) wide.push(`${name}: ${width} px`);
    if (['games', 'audit', 'wallet', 'leaderboard'].includes(name)) await screenshot(page, `phone-${name}`);
  }
  t.deepEqual(wide, [], 'the page scrolls down, not sideways (wide tables scroll inside their box)');

  await visit(page, paths.games!);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  t.false(await signOut.isVisible(), 'folded behind Menu');
  await page.getByRole('button', { name: 'Menu' }).click();
  for (const section of ['Games', 'Users', 'Invites', 'Ops', 'Audit']) t.true(await page.getByRole('link', { name: section, exact: true }).isVisible(), section);
  t.true(await signOut.isVisible());
  await screenshot(page, 'phone-menu');
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await page.waitForURL('**/console/audit');
  t.false(await signOut.isVisible(), 'the menu folds again once a page is chosen');
});
