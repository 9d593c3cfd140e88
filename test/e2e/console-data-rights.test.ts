import anyTest, { type TestFn } from 'ava';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { pseudonymOf } from '../../src/admin/player-data/player-data-service';
import { createTestApi, type TestApi } from '../helpers/api';
import { gameWithModules, launchChromium, screenshot, signedInTab } from '../helpers/console-browser';

/**
 * SPEC §2.14 in the console, in Debian's Chromium against the real HTTP role: a user's page exports
 * their data as a file, and erases them behind a danger-zone dialog that names the wallet's money,
 * refuses while money is held, closes the wallet, then erases once the username is typed.
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

test.serial('a user\'s page: "Export data" downloads their JSON file; "Erase user" names the money, is refused while it is held, closes the wallet, erases on the typed username', async (t) => {
  const { api, browser } = t.context;
  const game = await gameWithModules(api, 'Erase Slots');
  const player = await api.createUser('user', `gone_${process.pid}`);
  const ug = (await api.request('POST', `/api/users/${player.id}/games`, { token: api.users.admin.token, body: { game_id: game.id } })).body as { id: number };
  await api.request('POST', `/api/user-games/${ug.id}/topup`, { token: api.users.admin.token, body: { amount: 1250, currency: 'EUR' } });

  const { page } = await signedInTab(t, browser, api, api.users.admin.email);
  await page.goto(`/console/users/${player.id}`);
  await page.getByRole('heading', { name: `gone_${process.pid}` }).waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data' }).click()]);
  t.is(download.suggestedFilename(), `user-${player.id}-data.json`);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
  t.like(exported.user, { id: player.id, username: `gone_${process.pid}`, email: player.email });
  t.deepEqual(exported.games[0].wallets.map((w: { currency: string; available_balance: number }) => [w.currency, w.available_balance]), [['EUR', 1250]]);

  await page.getByRole('button', { name: 'Erase user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('erase-wallets').getByText('Erase Slots').waitFor();
  t.regex(await dialog.getByTestId('erase-wallets').innerText(), /Erase Slots: €12\.50 available/);
  const erase = dialog.getByRole('button', { name: `Erase gone_${process.pid}` });
  t.true(await erase.isDisabled(), 'not before the username is typed');
  await dialog.getByLabel(`Type gone_${process.pid} to confirm`).fill(`gone_${process.pid}`);
  await erase.click();
  await dialog.getByText('Balance must be 0 in every wallet: close them first').waitFor();
  await screenshot(page, 'erase-refused');

  await dialog.getByRole('button', { name: 'Close the EUR wallet in Erase Slots, taking out €12.50' }).click();
  await dialog.getByText('Erase Slots: empty').waitFor();
  await erase.click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('erased').waitFor();
  await page.getByRole('heading', { name: pseudonymOf(player.id) }).waitFor();
  t.false(await page.getByRole('button', { name: 'Erase user' }).isVisible(), 'no second erase is offered');

  const row = await api.database.db('users').where({ id: player.id }).first('username', 'erased_at');
  t.is(row.username, pseudonymOf(player.id));
  t.truthy(row.erased_at);
  const audit = await api.database.db('audit_log').whereIn('action', ['user.export', 'user_game.close', 'user.erase']).pluck('action');
  t.deepEqual([...new Set(audit)].sort(), ['user.erase', 'user.export', 'user_game.close']);
});
