import test from 'ava';
import { BATCH_JOB, SYNC_QUEUE } from '../../src/sync/sync-queue';
import { PASSWORD } from '../helpers/api';
import { launchChromium, signIn } from '../helpers/console-browser';
import { dashboardApp } from '../helpers/queue-dashboard';
import * as OTPAuth from 'otpauth';

// /admin/queues in Debian's Chromium, as an admin opens it: its own sign-in, then bull-board under the
// page policy (scripts and styles from this server only), drawing the sync queue and its jobs.
test('an admin signs in on the queue dashboard and sees the sync queue with its delayed job, everything from this server, nothing refused', async (t) => {
  t.timeout(120_000);
  const app = await dashboardApp();
  t.teardown(() => app.close());
  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const page = await (await browser.newContext({ baseURL: app.base, viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  const urls: string[] = [];
  const failed: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(`${message.text()} (${message.location().url})`);
  });

  await page.goto('/admin/queues');
  await page.waitForURL('**/admin/queues/login');
  await page.getByLabel('Email').fill(app.api.users.admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/queues');
  await page.getByText(SYNC_QUEUE).first().waitFor();
  t.false(await page.getByText('Loading', { exact: true }).isVisible(), 'the board drew itself');

  await page.getByText(SYNC_QUEUE).first().click();
  await page.getByRole('link', { name: /delayed/i }).first().click();
  await page.getByText(BATCH_JOB).first().waitFor();
  t.regex(await page.locator('body').innerText(), /Will run at/, 'the delayed job is shown, with when it runs');

  const origin = new URL(app.base).origin;
  t.deepEqual(urls.filter((url) => !url.startsWith(origin) && !url.startsWith('data:')), [], 'nothing from another host');
  t.deepEqual(failed, [], 'no request refused or missing');
  t.deepEqual(refused, [], 'no script error and no CSP refusal');
});

test("signed in to the console, the Tools menu and the Ops page open the dashboard beside the console, with that sign-in and a link back", async (t) => {
  t.timeout(120_000);
  const app = await dashboardApp();
  t.teardown(() => app.close());
  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const context = await browser.newContext({ baseURL: app.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, app.api.users.admin.email);
  const opened = async (click: () => Promise<void>) => {
    const consoleUrl = page.url();
    const [dashboard] = await Promise.all([context.waitForEvent('page'), click()]);
    dashboard.setDefaultTimeout(15_000);
    await dashboard.waitForURL('**/admin/queues');
    await dashboard.getByText(SYNC_QUEUE).first().waitFor();
    t.is(await dashboard.getByRole('button', { name: 'Sign in' }).count(), 0, 'no second sign-in');
    t.is(page.url(), consoleUrl, 'the console stays in its tab');
    return dashboard;
  };
  const fromTools = await opened(async () => {
    await page.getByText('Tools').click();
    await page.getByRole('link', { name: 'Queue dashboard' }).click();
  });
  // bull-board's menu of links, in its header.
  const back = fromTools.getByText('Back to the console');
  await fromTools.bringToFront(); // a background tab draws no menu (its animation frames wait)
  // One click, then the menu's time to draw; again only if it did not (a second click at once would close it).
  for (let attempt = 0; attempt < 5 && !(await back.isVisible()); attempt++) {
    await fromTools.locator('header button[aria-haspopup="menu"]').click();
    await back.waitFor({ timeout: 3000 }).catch(() => undefined);
  }
  await back.click();
  await fromTools.waitForURL('**/console/ops');
  await fromTools.close();

  await page.getByRole('link', { name: 'Ops' }).click();
  const fromOps = await opened(() => page.getByRole('link', { name: 'Open the queue dashboard' }).click());
  await fromOps.close();
});

test('an admin with two-factor sign-in signs in on the queue dashboard: password, then a code (review item 16)', async (t) => {
  t.timeout(120_000);
  const app = await dashboardApp();
  t.teardown(() => app.close());
  const admin = await app.api.createUser('admin', `dash2fa_${process.pid}`);
  const setup = await app.api.request('POST', '/api/auth/2fa/setup', { token: admin.token });
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret), digits: 6, period: 30 });
  const confirmed = await app.api.request('POST', '/api/auth/2fa/confirm', { token: admin.token, body: { code: totp.generate() } });
  t.is(confirmed.status, 200);
  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const page = await (await browser.newContext({ baseURL: app.base })).newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/admin/queues/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').waitFor();
  await page.getByLabel('Code').fill(confirmed.body.recovery_codes[0]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/queues');
  await page.getByText(SYNC_QUEUE).first().waitFor();
  t.pass();
});
