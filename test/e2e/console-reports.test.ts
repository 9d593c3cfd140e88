import anyTest, { type TestFn } from 'ava';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import type { OutboxEvent } from '../../src/sync/outbox-event';
import { applyOutboxBatch } from '../../src/sync/ledger-repository';
import { createTestApi, type TestApi } from '../helpers/api';
import { gameWithModules, launchChromium, PHONE, screenshot, signedInTab } from '../helpers/console-browser';

/**
 * SPEC §2.13 in the console, in Debian's Chromium against the real HTTP role: the Reports page (every
 * game over a preset period, totals, CSV) and a game's Reports tab (charts, periods, the zone
 * remembered), on a desktop and a phone.
 */
interface Context {
  api: TestApi;
  browser: Browser;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = { api: await createTestApi(), browser: await launchChromium() };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.api?.close();
});

let n = 0;
/** A confirmed round of `bet` won `win` (a reserve and its confirm) at an instant, as the sync writes it. */
function round(gameId: number, user: string, atMs: number, bet: number, win: number): OutboxEvent[] {
  n += 1;
  const base = { streamSub: 0, userId: user, gameId: String(gameId), currency: 'EUR', amount: String(bet), availableBalance: '0', reservedBalance: '0', transactionId: `e2e-${n}`, roundId: 'r', requestId: null, requestRoundId: null, topupId: null, comment: null, auditTrail: null, atMs };
  return [
    { ...base, eventId: `e2e-${n}-r`, streamId: `${atMs}-${2 * n}`, kind: 'reserve', winAmount: '0' },
    { ...base, eventId: `e2e-${n}-c`, streamId: `${atMs}-${2 * n + 1}`, kind: 'confirm', winAmount: String(win) },
  ];
}

test.serial('the Reports page: every game over a preset period with totals, a CSV download, a game\'s tab with charts; the time zone remembered; usable on a phone', async (t) => {
  const { api, browser } = t.context;
  const game = await gameWithModules(api, 'Report Slots');
  const now = Date.now();
  await applyOutboxBatch(api.database.db, [
    ...round(game.id, 'u1', now, 1000, 250),
    ...round(game.id, 'u2', now, 500, 0),
    ...round(game.id, 'u1', now - 86_400_000, 2000, 5000),
  ]);

  const { page } = await signedInTab(t, browser, api, api.users.admin.email);
  await page.goto('/console/reports');
  await page.getByLabel('Time zone').selectOption('UTC');
  await page.getByRole('button', { name: 'Today' }).click();
  const row = page.getByTestId('report-summary').locator('tbody tr', { hasText: 'Report Slots' });
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  t.deepEqual(cells.slice(1, 9), ['EUR', '2', '€15.00', '€2.50', '€12.50', '83.33 %', '16.67 %', '2'], cells.join(' | '));
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await row.locator('td', { hasText: '-€30.00' }).waitFor();
  t.true((await page.getByTestId('report-total').first().innerText()).includes('EUR'));
  await screenshot(page, 'reports');

  // The CSV: the same rows, money in major units.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  t.is(download.suggestedFilename(), 'games-summary.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  t.true(csv.startsWith('game_id,game_name,deleted,currency,bets_count,bets_amount,wins_amount,ggr,'), csv);
  t.true(csv.includes(`${game.id},Report Slots,false,EUR,1,20.00,50.00,-30.00,`), csv);

  // A game's tab: charts and periods; the zone chosen stays for the next visit.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await page.getByLabel('Time zone').selectOption('Asia/Kathmandu');
  await page.getByRole('link', { name: 'Report Slots' }).click();
  await page.waitForURL(`**/console/games/${game.id}/reports`);
  t.is(await page.getByLabel('Time zone').inputValue(), 'Asia/Kathmandu', 'the zone is remembered');
  await page.getByTestId('chart-ggr').waitFor();
  await page.getByTestId('chart-bets').waitFor();
  const periods = page.getByTestId('report-periods').locator('tbody tr');
  t.is(await periods.count(), 7, 'seven local days');
  t.true((await page.getByTestId('report-periods').innerText()).includes('Period (Asia/Kathmandu)'));
  const total = await page.getByTestId('report-total').innerText();
  t.true(total.includes('€35.00') && total.includes('-€17.50'), total);
  await screenshot(page, 'game-reports');
  await page.getByLabel('Group by').selectOption('hour');
  await periods.nth(100).waitFor();
  t.is(await periods.count(), 7 * 24);

  // A phone: nothing wider than the screen.
  const phone = await signedInTab(t, browser, api, api.users.admin.email, PHONE);
  await phone.page.goto(`/console/games/${game.id}/reports`);
  await phone.page.getByTestId('chart-ggr').waitFor();
  t.true(await phone.page.evaluate<boolean>('document.documentElement.scrollWidth <= 390'), 'the page fits a 390-pixel screen');
});

test.serial('a player sees no Reports, a moderator limited to another game gets no report of this one', async (t) => {
  const { api, browser } = t.context;
  const game = await gameWithModules(api, 'Hidden Report Game');
  const player = await signedInTab(t, browser, api, api.users.user.email);
  t.is(await player.page.getByRole('link', { name: 'Reports' }).count(), 0);
  const other = await gameWithModules(api, 'Their Game');
  const moderator = await api.createUser('moderator', `report_scope_${n}`);
  await api.request('PUT', `/api/users/${moderator.id}/game-scope`, { token: api.users.admin.token, body: { game_ids: [other.id] } });
  const scoped = await signedInTab(t, browser, api, moderator.email);
  await scoped.page.goto(`/console/games/${game.id}/reports`);
  await scoped.page.getByTestId('out-of-scope').waitFor();
  t.is(await scoped.page.getByTestId('report-periods').count(), 0);
  await scoped.page.goto('/console/reports');
  await scoped.page.getByTestId('report-summary').waitFor();
  t.false((await scoped.page.getByTestId('report-summary').innerText()).includes('Hidden Report Game'));
});
