import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gameWithModules, screenshot, signedInTab, unique, useSharedChromium } from '../helpers/console-browser';

/**
 * SPEC §2.12's scoped moderators in the console, in Debian's Chromium: an admin limits a moderator to
 * one game on the user page; the moderator then sees only that game, cannot make one, and another
 * game's variables are refused to them.
 */
interface Context {
  api: TestApi;
  browser: Browser;
}
const test = anyTest as TestFn<Context>;

useSharedTestApi(test);
useSharedChromium(test);

test('an admin limits a moderator to one game; the moderator\'s console shows that game alone and the API refuses the others', async (t) => {
  const { api } = t.context;
  const mine = await gameWithModules(api, unique('Slots'));
  const other = await gameWithModules(api, unique('Poker'));
  const moderator = await api.createUser('moderator', unique('scoped').replace(/-/g, '_'));

  const admin = await signedInTab(t, t.context.browser, api, api.users.admin.email);
  await admin.page.goto(`/console/users/${moderator.id}`);
  const scope = admin.page.getByTestId('game-scope');
  await scope.getByText('Every game.').waitFor();
  await admin.page.getByLabel('Add a game').selectOption({ label: mine.name });
  await scope.getByRole('button', { name: `Remove ${mine.name}` }).waitFor();
  await admin.page.getByRole('button', { name: 'Save games' }).click();
  await admin.page.getByRole('status').getByText('acts on one game only').waitFor();
  await screenshot(admin.page, 'moderator-scope');
  t.deepEqual((await api.request('GET', `/api/users/${moderator.id}`, { token: api.users.admin.token })).body.game_scope, [mine.id]);

  const tab = await signedInTab(t, t.context.browser, api, moderator.email);
  await tab.page.getByTestId('game-scope-note').waitFor();
  await tab.page.getByRole('link', { name: mine.name }).first().waitFor();
  t.is(await tab.page.getByRole('link', { name: other.name }).count(), 0, 'the other game is not listed');
  t.is(await tab.page.getByText('New game').count(), 0, 'no game form for a scoped moderator');
  await tab.page.goto(`/console/games/${other.id}/variables`);
  await tab.page.getByRole('alert').getByText(new RegExp(`game ${other.id} is not one of the games`)).waitFor();
  await tab.page.goto(`/console/games/${mine.id}/variables`);
  await tab.page.getByRole('heading', { level: 1, name: 'Variables' }).waitFor();
  t.is(await tab.page.getByRole('alert').count(), 0);
});
