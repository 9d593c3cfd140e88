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
  // A type-ahead search, nothing preselected; text not yet added stops the save at the picker.
  const picker = admin.page.getByLabel('Add a game');
  t.is(await picker.inputValue(), '');
  await picker.fill(`${other.name} (${other.slug})`);
  await admin.page.getByRole('button', { name: 'Add game' }).click();
  await picker.fill(`${mine.name} (${mine.slug})`);
  await admin.page.getByRole('button', { name: 'Save games' }).click();
  await admin.page.getByText('Press "Add game" to add this game, or clear the field.').waitFor();
  t.deepEqual((await api.request('GET', `/api/users/${moderator.id}`, { token: api.users.admin.token })).body.game_scope, null, 'nothing saved');
  await scope.getByRole('button', { name: `Remove ${other.name} (${other.slug})` }).click();
  await admin.page.getByRole('button', { name: 'Add game' }).click();
  await scope.getByRole('button', { name: `Remove ${mine.name} (${mine.slug})` }).waitFor();
  await admin.page.getByRole('button', { name: 'Save games' }).click();
  await admin.page.getByRole('status').getByText('acts on one game only').waitFor();
  await admin.page.reload();
  await scope.getByRole('button', { name: `Remove ${mine.name} (${mine.slug})` }).waitFor(); // named after a reload too
  await screenshot(admin.page, 'moderator-scope');
  t.deepEqual((await api.request('GET', `/api/users/${moderator.id}`, { token: api.users.admin.token })).body.game_scope, [mine.id]);

  const tab = await signedInTab(t, t.context.browser, api, moderator.email);
  await tab.page.getByTestId('game-scope-note').waitFor();
  await tab.page.getByRole('link', { name: mine.name }).first().waitFor();
  t.is(await tab.page.getByRole('link', { name: other.name }).count(), 0, 'the other game is not listed');
  t.is(await tab.page.getByText('New game').count(), 0, 'no game form for a scoped moderator');
  // Another game's pages say so and offer nothing the API would refuse.
  await tab.page.goto(`/console/games/${other.id}`);
  await tab.page.getByTestId('out-of-scope').getByText(`You do not act on ${other.name}`).waitFor();
  t.is(await tab.page.getByRole('button', { name: /Save|Delete/ }).count(), 0, 'no Save or Delete on another game');
  t.true(await tab.page.getByRole('switch').first().isDisabled(), 'module switches are not offered');
  t.is(await tab.page.getByRole('link', { name: 'Variables' }).count(), 0, 'no staff tabs');
  const admin2 = { token: api.users.admin.token };
  t.is((await api.request('POST', `/api/games/${other.id}/variables`, { ...admin2, body: { key: 'speed', type: 'number', number_value: 1 } })).status, 201);
  t.is((await api.request('POST', `/api/games/${other.id}/config/overrides`, {
    ...admin2,
    body: { name: 'Happy hour', starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 3_600_000).toISOString(), variables: [{ key: 'speed', number_value: 3 }] },
  })).status, 201, 'an event is live on the other game');
  for (const page of ['variables', 'events', 'config']) {
    await tab.page.goto(`/console/games/${other.id}/${page}`);
    await tab.page.getByTestId('out-of-scope').waitFor();
    t.is(await tab.page.getByText('No event is live now').count(), 0, `${page}: nothing that pretends to know`);
    t.is(await tab.page.getByRole('alert').count(), 0, `${page}: no refusal shown, nothing asked that would be refused`);
  }
  await tab.page.goto(`/console/games/${mine.id}/variables`);
  await tab.page.getByRole('heading', { level: 1, name: 'Variables' }).waitFor();
  t.is(await tab.page.getByRole('alert').count(), 0);
});

test('connecting a player to a game: a type-ahead search with nothing preselected; text that names no game is said so, never sent', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, unique('Roulette'));
  const username = unique('player').replace(/-/g, '_');
  const player = await api.createUser('user', username);
  const admin = await signedInTab(t, t.context.browser, api, api.users.admin.email);
  await admin.page.goto(`/console/users/${player.id}`);
  const form = admin.page.getByRole('form', { name: 'Connect to a game' });
  const picker = form.getByLabel('Connect to a game');
  t.is(await picker.inputValue(), '', 'nothing preselected');
  await form.getByRole('button', { name: 'Connect' }).click();
  await form.getByText('Type part of a game\'s name or slug and pick it from the list.').waitFor();
  await picker.fill('no such game at all');
  await form.getByText('Pick a game from the list').waitFor();
  await form.getByRole('button', { name: 'Connect' }).click();
  t.deepEqual((await api.request('GET', `/api/users/${player.id}/games`, { token: api.users.admin.token })).body, [], 'nothing connected');
  await picker.fill(`${game.name} (${game.slug})`);
  await form.getByRole('button', { name: 'Connect' }).click();
  await admin.page.getByText(`Connected to ${game.name} (${game.slug}).`).waitFor();
  t.is(await picker.inputValue(), '', 'the picker is emptied for the next one');
  await admin.page.getByRole('link', { name: `${username}'s wallet in ${game.name}` }).waitFor();
});
