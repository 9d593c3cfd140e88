import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createPeriodPayouts } from '../../src/admin/leaderboards/period-payouts';
import { createLogger } from '../../src/logging/logger';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { screenshot, signedInTab, unique, useSharedChromium } from '../helpers/console-browser';

/**
 * SPEC §2.12's period rewards in the console, in Debian's Chromium: a moderator sets a board's reward
 * ranges in major units; a closed period's payouts show by rank with the players' names.
 */
interface Context {
  api: TestApi;
  browser: Browser;
}
const test = anyTest as TestFn<Context>;
let now = Date.parse('2026-12-10T12:00:00.000Z');

useSharedTestApi(test, {}, { clock: () => now });
useSharedChromium(test);

test('an admin sets reward ranges (a moderator sees them read-only); a closed period\'s payouts are listed by rank', async (t) => {
  const { api } = t.context;
  const gameId = (await api.services.games.create(COMMAND_ACTOR, { name: unique('Arena'), slug: unique('arena') })).id;
  await api.services.modules.connect(COMMAND_ACTOR, gameId, { module_key: 'leaderboard' });
  const board = await api.services.leaderboards.create(COMMAND_ACTOR, gameId, { key: 'daily', name: 'Daily top', period_type: 'daily', rewards: [{ rank_from: 1, rank_to: 1, amount: 2500, currency: 'EUR' }] });
  const names: string[] = [];
  for (const score of [30, 20, 20]) {
    const name = unique('p').replace(/-/g, '_');
    const user = await api.createUser('user', name);
    const ug = await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: gameId });
    now += 1;
    await api.services.leaderboards.saveScore(COMMAND_ACTOR, board.id, { user_game_id: ug.id, score });
    names.push(name);
  }

  const moderator = (await signedInTab(t, t.context.browser, api, api.users.moderator.email)).page;
  await moderator.goto(`/console/games/${gameId}/leaderboards/${board.id}`);
  await moderator.getByText('Only an admin sets or changes rewards').waitFor();
  t.true(await moderator.getByRole('button', { name: 'Save rewards' }).isDisabled(), 'a moderator cannot save rewards');
  const { page } = await signedInTab(t, t.context.browser, api, api.users.admin.email);
  await page.goto(`/console/games/${gameId}/leaderboards/${board.id}`);
  const form = page.getByRole('form', { name: 'Period rewards' });
  t.is(await form.getByLabel('Amount 1').inputValue(), '25.00', 'minor units shown in major units');
  await form.getByRole('button', { name: 'Add a range' }).click();
  // Every problem at its field at once, in words; nothing saved.
  await form.getByLabel('Amount 1').fill('1.234,50');
  await form.getByLabel('To rank 2').fill('');
  await form.getByLabel('Amount 2').fill('5.555');
  await form.getByRole('button', { name: 'Save rewards' }).click();
  await form.getByText('uses a comma for decimals: write 1234.50').waitFor();
  await form.getByText('EUR has 2 decimal places at most').waitFor();
  await form.getByText('must be a whole number, 1 or more').waitFor();
  t.is((await api.services.leaderboards.get(gameId, board.id)).rewards.length, 1, 'nothing saved');
  await form.getByLabel('Amount 1').fill('25');
  await form.getByLabel('To rank 2').fill('3');
  await form.getByLabel('Amount 2').fill('5');
  await form.getByRole('button', { name: 'Save rewards' }).click();
  await page.getByRole('status').getByText('Rewards saved.').waitFor();
  await page.getByText('No period has paid rewards yet.').waitFor();
  // Before the period closes: what it would pay now, per player, with the total and when it closes.
  const preview = page.getByTestId('payout-preview').locator('tbody tr');
  await preview.nth(2).waitFor();
  t.deepEqual((await preview.allInnerTexts()).map((row) => row.split('\t')), [['1', names[0], '€25.00'], ['2', names[1], '€5.00'], ['2', names[2], '€5.00']]);
  t.is(await page.getByTestId('preview-total').innerText(), 'If it closed now: 3 players paid, €35.00 in all.');
  t.regex(await page.getByTestId('period-state').innerText(), /^Open since .+; closes .+, then the worker pays it\.$/);
  t.deepEqual((await api.services.leaderboards.get(gameId, board.id)).rewards, [
    { rank_from: 1, rank_to: 1, amount: 2500, currency: 'EUR' }, { rank_from: 2, rank_to: 3, amount: 500, currency: 'EUR' },
  ]);

  now = Date.parse('2026-12-11T00:01:01.000Z'); // past the day's end and its grace
  await createPeriodPayouts({ store: api.workerStore(), wallet: api.engine.wallet, logger: createLogger('silent'), idempotencyTtlS: 86_400, clock: () => now }).run();
  await page.reload();
  const rows = page.getByTestId('payouts').locator('tbody tr');
  await rows.nth(2).waitFor();
  t.deepEqual((await rows.allInnerTexts()).map((row) => row.split('\t').slice(0, 3)), [
    ['1', names[0], '€25.00'], ['2', names[1], '€5.00'], ['2', names[2], '€5.00'],
  ]);
  t.is(await page.getByTestId('period-paid-state').first().innerText(), 'paid');
  await screenshot(page, 'leaderboard-rewards');
});
