import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'playwright-core';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createTestApi, PASSWORD, type TestApi } from '../helpers/api';
import { createLeaderboardInConsole, gameWithModules, launchChromium, openConsole, saveScoreInConsole, screenshot, signedInTab, TINY_PNG, unique } from '../helpers/console-browser';
import { until } from '../helpers/until';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

/**
 * The admin console in Debian's Chromium (headless, through playwright-core) against the real HTTP
 * role, GraphQL, Redis, MySQL and a sync worker: what an admin or a moderator does in a day.
 */
interface Context {
  api: TestApi;
  browser: Browser;
  stopWorker(): Promise<void>;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix() });
  const worker = await startTestWorker(api);
  t.context = { api, browser: await launchChromium(), stopWorker: () => worker.stop() };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.stopWorker?.();
  await t.context.api?.close();
});

function withPage(t: { context: Context; teardown(fn: () => Promise<void>): void }, email: string): Promise<{ page: Page; urls: string[] }> {
  return signedInTab(t, t.context.browser, t.context.api, email);
}

test.serial('the sign-in page says what it is: the product, the console, and who it is for', async (t) => {
  const tab = await openConsole(t.context.browser, t.context.api);
  t.teardown(() => tab.close());
  await tab.page.goto('/console/login');
  await tab.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  t.true(await tab.page.getByText('Reservation engine · admin console').isVisible());
  t.true(await tab.page.getByText(/staff manage them here; a player sees the games they are connected to/).isVisible());
});

test.serial('a page asked for while signed out opens once signed in; the current tab is marked; a Tools menu reaches the docs, the explorer and the queue dashboard', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Where Game');
  const tab = await openConsole(t.context.browser, api);
  t.teardown(() => tab.close());
  const { page } = tab;
  await page.goto(`/console/games/${game.id}/notifications`);
  await page.waitForURL(`**/console/login?next=${encodeURIComponent(`/games/${game.id}/notifications`)}`);
  await page.getByLabel('Email').fill(api.users.admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/console/games/${game.id}/notifications`);

  const tabs = page.locator('nav.tabs');
  t.is(await tabs.getByRole('link', { name: 'Notifications' }).getAttribute('aria-current'), 'page');
  t.is(await tabs.getByRole('link', { name: 'Settings' }).getAttribute('aria-current'), null);
  await tabs.getByRole('link', { name: 'Variables' }).click();
  await page.waitForURL(`**/console/games/${game.id}/variables`);
  t.is(await tabs.getByRole('link', { name: 'Variables' }).getAttribute('aria-current'), 'page');
  t.is(await page.getByRole('banner').getByRole('link', { name: 'Games' }).getAttribute('aria-current'), 'true', 'the header marks the section');

  await page.getByText('Tools').click();
  const tools = page.locator('details.dropdown');
  t.deepEqual(
    await tools.getByRole('link').evaluateAll((links) => links.map((link) => (link as unknown as { getAttribute(name: string): string }).getAttribute('href'))),
    ['/docs', '/graphql', '/admin/queues'],
  );

  // One sign-in: the explorer, opened from the menu, runs as the console's user ... (the operation is
  // named as the starting text's first one: GraphiQL may still send that name when run at once)
  await tools.getByRole('link', { name: 'GraphQL explorer' }).click();
  const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
  await editor.waitFor();
  await editor.evaluate((node) => (node as unknown as { CodeMirror: { setValue(value: string): void } }).CodeMirror.setValue('query Login { me { username } }'));
  await editor.click();
  await page.keyboard.press('Control+Enter');
  await page.locator('.graphiql-response .CodeMirror').filter({ hasText: 'alice_admin' }).waitFor();
  const stored = await page.evaluate<string[]>('Object.keys(localStorage)');
  t.deepEqual(stored, [], 'the explorer keeps nothing');

  // (The queue dashboard with the same sign-in: queue-dashboard.test.ts, whose app serves it.)
});

test.serial('an admin creates a game: inline field errors, an image upload with preview, module toggles', async (t) => {
  const { api } = t.context;
  const { page } = await withPage(t, api.users.admin.email);
  const name = unique('Space Race');
  await page.getByText('New game').click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Slug').fill(name.toLowerCase().replace(/ /g, '-'));
  await page.getByLabel('Image URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Create game' }).click();
  await t.notThrowsAsync(page.locator('.field-error[data-path="image_url"]').waitFor());

  // A refused upload (text that calls itself a PNG) says why and leaves no preview behind.
  await page.getByLabel('Upload an image').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await page.locator('p.problem').first().waitFor();
  t.is(await page.locator('img.preview').count(), 0, 'no preview of a refused image');
  await page.getByLabel('Upload an image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await until('the uploaded image URL', async () => (await page.getByLabel('Image URL').inputValue()).startsWith('/uploads/images/'));
  t.true(await page.locator('img.preview').isVisible());
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/console\/games\/\d+$/);
  const id = Number(page.url().split('/').at(-1));

  const moduleKeys = async () => ((await api.request('GET', `/api/games/${id}/modules`, { token: api.users.admin.token })).body as Array<{ key: string }>).map((m) => m.key).sort();
  for (const module of ['Variables', 'Notification', 'Leaderboard']) {
    const toggle = page.getByRole('switch', { name: new RegExp(module) });
    await toggle.check();
    await until(`module ${module} on`, async () => (await toggle.isEnabled()) && (await moduleKeys()).includes(module.toLowerCase()));
  }
  const game = await api.request('GET', `/api/games/${id}`, { token: api.users.admin.token });
  t.deepEqual(game.body.modules.map((m: { key: string }) => m.key).sort(), ['leaderboard', 'notification', 'variables']);
  t.regex(game.body.image_url, /^\/uploads\/images\/[0-9a-f]{32}\.png$/);

  await page.getByRole('switch', { name: /Notification/ }).uncheck();
  await until('module notification off', async () => !(await moduleKeys()).includes('notification'));
  t.false(await page.getByRole('switch', { name: /Notification/ }).isChecked());
  await screenshot(page, 'game');

  // A module that is off: its tab says so, its page says it once and offers staff the way to turn it on.
  const notificationsTab = page.getByRole('navigation', { name: 'Game pages' }).getByRole('link', { name: /Notifications/ });
  await until('the tab marked off', async () => (await notificationsTab.innerText()).includes('(off)'));
  await notificationsTab.click();
  await page.getByText('The notifications module is off for this game').waitFor();
  t.is(await page.getByRole('button', { name: /New notification/ }).count(), 0, 'nothing to create while it is off');
  t.is(await page.locator('p.problem').count(), 0, 'no error banner: one notice');
  await page.getByRole('button', { name: 'Enable notifications' }).click();
  await page.getByRole('button', { name: /New notification/ }).waitFor();
  t.true((await moduleKeys()).includes('notification'));
  t.false((await notificationsTab.innerText()).includes('(off)'));

  // A duplicate slug (409) shows at its field, once: no banner repeats it, and editing the field clears it.
  await page.goto('/console/games');
  await page.getByText('New game').click();
  await page.getByLabel('Name').fill('Another');
  await page.getByLabel('Slug').fill(game.body.slug);
  await page.getByRole('button', { name: 'Create game' }).click();
  const taken = page.locator('.field-error[data-path="slug"]');
  t.is(await taken.innerText(), 'is already taken');
  t.is(await page.getByLabel('Slug').getAttribute('aria-invalid'), 'true');
  t.is(await page.locator('p.problem').count(), 0, 'no banner repeats the field error');
  await screenshot(page, 'games');
  await page.getByLabel('Slug').fill(`${game.body.slug}-2`);
  t.is(await taken.count(), 0, 'the message goes once the field is edited');
});

test.serial('each variable type changes the config document and its ETag; a rule broken shows under its field', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Config Game');
  const { page } = await withPage(t, api.users.admin.email);
  await page.goto(`/console/games/${game.id}/variables`);
  const etag = () => page.getByTestId('etag').textContent();
  const documentNow = async () => JSON.parse((await page.getByTestId('config-document').textContent()) ?? 'null') as Record<string, unknown>;
  await page.getByTestId('etag').waitFor();
  const etags = [await etag()];
  const create = async (key: string, fill: () => Promise<void>) => {
    await page.getByRole('button', { name: 'New variable' }).click();
    await page.getByLabel('Key', { exact: true }).fill(key);
    await fill();
    await page.getByRole('button', { name: 'Create variable' }).click();
    await page.getByTestId('config-document').getByText(`"${key}"`).waitFor();
    etags.push(await etag());
  };
  await create('speed', async () => {
    await page.getByLabel('Value').fill('1.5');
  });
  await create('title', async () => {
    await page.getByLabel('Type').selectOption('string');
    await page.getByLabel('Value').fill('Hello');
  });
  await create('prices', async () => {
    await page.getByLabel('Type').selectOption('table');
    for (const [i, [key, value]] of [['gold', '10'], ['silver', '5']].entries()) {
      await page.getByRole('button', { name: 'Add row' }).click();
      await page.getByLabel(`Item ${i + 1} key`).fill(key!);
      await page.getByLabel(`Item ${i + 1} value`).fill(value!);
    }
  });
  await create('levels', async () => {
    await page.getByLabel('Type').selectOption('vector');
    await page.getByLabel('Value type').selectOption('string');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 1 value').fill('easy');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 2 index').fill('2');
    await page.getByLabel('Item 2 value').fill('hard');
  });
  t.deepEqual(await documentNow(), { speed: 1.5, title: 'Hello', prices: { gold: 10, silver: 5 }, levels: ['easy', null, 'hard'] });
  t.is(new Set(etags).size, etags.length, `a new ETag after each change: ${etags.join(' ')}`);

  await page.getByRole('button', { name: 'New variable' }).click();
  await page.getByLabel('Key', { exact: true }).fill('dupes');
  await page.getByLabel('Type').selectOption('table');
  for (let i = 1; i <= 2; i++) {
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByLabel(`Item ${i} key`).fill('same');
    await page.getByLabel(`Item ${i} value`).fill(String(i));
  }
  await page.getByRole('button', { name: 'Create variable' }).click();
  await t.notThrowsAsync(page.locator('.field-error[data-path="items[1].key"]').waitFor());
  await screenshot(page, 'variables');
});

test.serial('a destructive action asks first, naming what it deletes: cancelled it changes nothing, confirmed it deletes; a role is changed only once confirmed; a game\'s delete sits in its danger zone', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Delete Game');
  const token = api.users.admin.token;
  await api.request('POST', `/api/games/${game.id}/variables`, { token, body: { key: 'speed', type: 'number', number_value: 1 } });
  const { page } = await withPage(t, api.users.admin.email);
  await page.goto(`/console/games/${game.id}/variables`);
  const listed = async () => (await api.request('GET', `/api/games/${game.id}/variables`, { token })).body.length as number;

  await page.getByRole('button', { name: 'Delete variable speed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete variable speed?' });
  await dialog.waitFor();
  t.regex(await dialog.innerText(), /config document/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.is(await listed(), 1, 'cancelled: the variable stays');

  await page.getByRole('button', { name: 'Delete variable speed' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Delete variable speed' }).waitFor({ state: 'detached' });
  t.is(await listed(), 0, 'confirmed: deleted');

  // A role picked is not applied until confirmed.
  const other = api.users.other;
  await page.goto(`/console/users/${other.id}`);
  await page.getByLabel('Role').selectOption('moderator');
  t.is((await api.request('GET', `/api/users/${other.id}`, { token })).body.role, 'user', 'picking a role changes nothing yet');
  await page.getByRole('button', { name: "Change otto_other's role to moderator" }).click();
  const roleDialog = page.getByRole('dialog', { name: "Change otto_other's role from user to moderator?" });
  await roleDialog.getByRole('button', { name: 'Change role to moderator' }).click();
  await roleDialog.waitFor({ state: 'detached' });
  t.is((await api.request('GET', `/api/users/${other.id}`, { token })).body.role, 'moderator', 'confirmed: changed');
  await api.request('PATCH', `/api/users/${other.id}`, { token, body: { role: 'user' } });

  await page.goto(`/console/games/${game.id}`);
  await page.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: `Delete game ${game.name}` }).click();
  const deleteGame = page.getByRole('dialog', { name: `Delete game ${game.name}?` });
  t.regex(await deleteGame.innerText(), /variables, notifications, leaderboards/);
  await page.keyboard.press('Escape');
  await deleteGame.waitFor({ state: 'detached' });
  t.is((await api.request('GET', `/api/games/${game.id}`, { token })).status, 200, 'Esc deleted nothing');
});

test.serial('a leaderboard is created and a saved score ranks at once', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Ranked Game');
  for (const user of [api.users.user, api.users.other]) {
    await api.request('POST', `/api/users/${user.id}/games`, { token: api.users.admin.token, body: { game_id: game.id } });
  }
  const { page } = await withPage(t, api.users.moderator.email);
  await createLeaderboardInConsole(page, game.id, { key: 'weekly-stars', name: 'Weekly stars', period: 'weekly' });

  const saveScore = (player: string, score: string) => saveScoreInConsole(page, player, score);

  const firstRow = () => page.getByTestId('rankings').locator('tbody tr').first().innerText();
  await saveScore('uma_user', '42');
  await page.getByTestId('rankings').locator('tbody tr').first().filter({ hasText: 'uma_user' }).waitFor();
  t.regex(await firstRow(), /1\s+uma_user\s+42/);
  await saveScore('otto_other', '50');
  await page.getByTestId('rankings').locator('tbody tr').first().filter({ hasText: 'otto_other' }).waitFor();
  t.regex(await firstRow(), /1\s+otto_other\s+50/);
  t.is(await page.getByTestId('rankings').locator('tbody tr').count(), 2);
  await screenshot(page, 'leaderboard');
});

test.serial('a top-up is typed in major units of a picked currency, confirmed by player, game and amount, shown in the balances at once and in the ledger once synced', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Wallet Game');
  const connection = await api.request('POST', `/api/users/${api.users.user.id}/games`, { token: api.users.admin.token, body: { game_id: game.id } });
  const { page } = await withPage(t, api.users.admin.email);
  await page.goto(`/console/wallets/${connection.body.id}`);
  const heading = await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Wallet Game' }).innerText();
  t.regex(heading, /^\w+'s wallet in Wallet Game$/, 'the wallet is named by its player and game');
  const player = heading.split("'s wallet")[0]!;
  t.is(await page.getByRole('link', { name: player }).getAttribute('href'), `/console/users/${api.users.user.id}`, 'a way back to the player');

  const amount = page.getByLabel('Amount (EUR)');
  await amount.fill('12.505');
  await page.getByRole('button', { name: 'Top up…' }).click();
  t.is(await page.locator('.field-error').first().innerText(), 'EUR has 2 decimal places at most');
  await amount.fill('1,234.5');
  t.is(await page.getByText('Credits €1,234.50').count(), 1, 'a preview of what it credits');
  await page.getByLabel('Comment').fill('welcome bonus');
  await page.getByRole('button', { name: 'Top up…' }).click();
  const dialog = page.getByRole('dialog', { name: `Credit €1,234.50 to ${player}'s wallet in Wallet Game?` });
  await dialog.waitFor();
  t.is((await api.request('GET', `/api/user-games/${connection.body.id}/transactions`, { token: api.users.admin.token })).body.length, 0, 'nothing is sent before the confirmation');
  await dialog.getByRole('button', { name: 'Credit €1,234.50' }).click();
  await page.getByRole('status').filter({ hasText: `Credited €1,234.50 to ${player}'s wallet in Wallet Game.` }).waitFor();
  await page.getByTestId('balances').getByText('€1,234.50').waitFor();
  t.regex((await page.getByTestId('balances').innerText()).replace(/\s+/g, ' '), /EUR Available €1,234.50 Reserved €0.00/);
  t.is(await amount.inputValue(), '', 'the form is cleared after a credit');

  // A currency with no minor unit takes whole amounts only, and is credited in its own units.
  await page.getByRole('region', { name: 'Top up' }).getByLabel('Currency').selectOption('JPY'); // the Limits form has a currency too
  await page.getByLabel('Amount (JPY)').fill('500');
  await page.getByRole('button', { name: 'Top up…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Credit ¥500/ }).click();
  await page.getByRole('status').filter({ hasText: 'Credited ¥500' }).waitFor();

  await until('the top-ups in the ledger', async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    return (await page.getByTestId('ledger').innerText()).includes('welcome bonus');
  }, 20_000, 250);
  const balances = await api.request('GET', `/api/user-games/${connection.body.id}/balance`, { token: api.users.admin.token });
  t.deepEqual(balances.body.map((b: { currency: string; available_balance: number }) => [b.currency, b.available_balance]).sort(), [['EUR', 123450], ['JPY', 500]], 'minor units: 1,234.50 EUR is 123450, 500 JPY is 500');
  t.regex(await page.getByTestId('ledger').locator('tbody tr').last().innerText(), /topup\s+€1,234.50/);
  // History: by kind, and the balances at an instant (the browser's zone), from the ledger.
  await page.getByLabel('Kind').selectOption('topup');
  await until('the top-ups only', async () => (await page.getByTestId('ledger').locator('tbody tr').allInnerTexts()).every((row) => row.includes('topup')));
  await page.getByLabel('Balances at').fill('2000-01-01T00:00:00');
  await page.getByTestId('balances-at').getByText('No move yet by then.').waitFor();
  // The ledger is cut at the instant, says so with the zone, and says when nothing is left.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  t.regex(await page.getByTestId('ledger-cut').innerText(), new RegExp(`ends at .+\\(${zone.replace('/', '\\/')}\\)`));
  await page.getByTestId('no-moves').getByText('No topup moves up to that instant.').waitFor();
  t.is(await page.getByTestId('ledger').locator('tbody tr').count(), 0);
  await page.getByLabel('Balances at').fill('2999-01-01T00:00:00');
  await page.getByText('is still to come: balances are known up to now').waitFor();
  t.is(await page.getByTestId('balances-at').count(), 0, 'no balances for an instant still to come');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByTestId('ledger').locator('tbody tr').first().waitFor();
  await page.getByLabel('Balances at').fill('2000-01-01T00:00:00');
  await page.getByTestId('balances-at').getByText('No move yet by then.').waitFor();
  await screenshot(page, 'wallet');

  // A disconnection names the money the wallet holds before it is confirmed; then the wallet page
  // says the wallet is gone and offers no top-up.
  const walletUrl = page.url();
  await page.getByRole('link', { name: player }).click();
  const row = page.getByRole('row').filter({ hasText: 'Wallet Game' });
  await row.getByText('€1,234.50').waitFor();
  await row.getByRole('button', { name: `Disconnect ${player} from Wallet Game` }).click();
  const confirm = page.getByRole('dialog', { name: `Disconnect ${player} from Wallet Game?` });
  t.regex(await confirm.innerText(), /The wallet holds (€1,234\.50 and ¥500|¥500 and €1,234\.50)/);
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await until('the connection gone', async () => (await page.getByRole('row').filter({ hasText: 'Wallet Game' }).count()) === 0);
  await page.goto(walletUrl);
  await page.locator('.problem').filter({ hasText: 'not found' }).first().waitFor();
  t.is(await page.getByRole('button', { name: 'Top up…' }).count(), 0);
});

test.serial("a player's first page says what they can see: their games, each with their wallet and leaderboards", async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, unique('Player Game'));
  await api.request('POST', `/api/users/${api.users.other.id}/games`, { token: api.users.admin.token, body: { game_id: game.id } });
  const { page } = await withPage(t, api.users.other.email);
  await page.getByRole('heading', { name: 'Your games' }).waitFor();
  t.true(await page.getByText('As a player you see the games you are connected to').isVisible());
  const row = page.getByTestId('your-games').locator('tr').filter({ hasText: game.name });
  await row.getByRole('link', { name: `Your wallet in ${game.name}` }).click();
  await page.getByRole('heading', { name: `otto_other's wallet in ${game.name}` }).waitFor();
  t.is(await page.getByRole('button', { name: 'Top up…' }).count(), 0, 'a player does not top up');
  t.is(await page.getByRole('link', { name: 'New game' }).count(), 0);
});

test.serial('notifications offer the macros as chips and the preview marks them, unknown ones flagged', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Notify Game');
  const { page } = await withPage(t, api.users.moderator.email);
  await page.goto(`/console/games/${game.id}/notifications`);
  await page.getByRole('button', { name: 'New notification' }).click();
  await page.getByLabel('Name').fill('Daily bonus');
  await page.getByRole('button', { name: 'Add variable' }).click();
  await page.getByLabel('Variable 1', { exact: true }).fill('prize');
  const description = page.getByLabel(/Description \(English\)/);
  await description.fill('Come back, ');
  await description.focus();
  await page.getByRole('button', { name: '{{login}}' }).click();
  await page.getByRole('button', { name: '{{prize}}' }).click();
  await description.press('End');
  await description.type(' {{nope}}');
  const preview = page.getByTestId('description-preview').first();
  await preview.locator('mark.unknown').waitFor(); // the preview follows the typing: wait for its last state
  t.deepEqual(await preview.locator('mark.macro:not(.unknown)').allInnerTexts(), ['{{login}}', '{{prize}}']);
  t.deepEqual(await preview.locator('mark.unknown').allInnerTexts(), ['{{nope}}']);

  await page.getByRole('button', { name: 'Create notification' }).click();
  await t.notThrowsAsync(page.locator('.field-error').filter({ hasText: '{{nope}}' }).waitFor());
  t.is(await page.locator('p.problem').count(), 0, 'the error shows at its field only');
  await description.fill('Come back, {{login}}: {{prize}} awaits');
  await page.getByLabel('Entry 1 login').fill('everyone');
  await page.getByLabel('Entry 1 prize').fill('100 coins');
  t.regex(await page.getByTestId('entry-preview').innerText(), /English: Come back, everyone: 100 coins awaits/, 'each entry previewed with its values');

  // A chip goes where the caret is, over a selection, and the caret after it.
  await description.fill('Hi  there');
  await description.evaluate((area: { setSelectionRange(start: number, end: number): void }) => area.setSelectionRange(3, 3));
  await page.getByRole('button', { name: '{{login}}' }).click();
  await until('the macro in the description', async () => (await description.inputValue()) === 'Hi {{login}} there', 5000);
  // The editor gives the focus back and places the caret after its render: wait for that state.
  await until('the caret is back in the description, after the macro', () => description.evaluate((area: { selectionStart: number; ownerDocument: { activeElement: unknown } }) =>
    area.ownerDocument.activeElement === area && area.selectionStart === 'Hi {{login}}'.length), 5000);
  await page.keyboard.type('!');
  t.is(await description.inputValue(), 'Hi {{login}}! there', 'the caret is after the macro');
  // Readable chips: dark text on their pale background (WCAG AA asks 4.5:1).
  const colors = await page.getByRole('button', { name: '{{login}}' }).evaluate((chip) => {
    const style = (globalThis as unknown as { getComputedStyle(element: unknown): { color: string; backgroundColor: string } }).getComputedStyle(chip);
    return [style.color, style.backgroundColor];
  });
  const luminance = (color: string) => {
    const [r, g, b] = color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((part) => {
      const v = Number(part) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = colors.map(luminance).sort((a, b) => b - a) as [number, number];
  const contrast = (light + 0.05) / (dark + 0.05);
  t.true(contrast >= 4.5, `chip contrast ${contrast.toFixed(1)}:1 (${colors.join(' on ')})`);
  await description.fill('Come back, {{login}}: {{prize}} awaits');

  await page.getByRole('button', { name: 'Create notification' }).click();
  await page.getByRole('status').filter({ hasText: 'Notification Daily bonus created.' }).waitFor();
  await page.getByText('Daily bonus', { exact: true }).waitFor();
  const stored = await api.request('GET', `/api/games/${game.id}/notifications`, { token: api.users.admin.token });
  t.like(stored.body[0], { name: 'Daily bonus', variables: [{ key: 'prize' }], entries: [{ login: 'everyone', variables: [{ key: 'prize', value: '100 coins' }] }] });
  await screenshot(page, 'notifications');
});

test.serial('a moderator sees only invites of role user and can offer no other role; an invite link registers', async (t) => {
  const { api } = t.context;
  const admin = api.users.admin.token;
  const forModerator = await api.request('POST', '/api/invites', { token: admin, body: { role: 'moderator', max_uses: 1 } });
  const forUser = await api.request('POST', '/api/invites', { token: admin, body: { role: 'user', max_uses: 2 } });
  const { page } = await withPage(t, api.users.moderator.email);
  await page.getByRole('link', { name: 'Invites' }).click();
  await page.getByTestId('invites').locator('tbody tr').first().waitFor();
  const roles = await page.getByTestId('invites').locator('tbody tr td:first-child').allInnerTexts();
  t.true(roles.length >= 1);
  t.true(roles.every((role) => role === 'user'), `a moderator saw ${roles.join(', ')}`);
  t.deepEqual(await page.getByLabel('Role').locator('option').allInnerTexts(), ['user']);
  t.false((await page.content()).includes(forModerator.body.code));
  await screenshot(page, 'invites');

  const tab = await openConsole(t.context.browser, api);
  t.teardown(() => tab.close());
  await tab.page.goto(`/console/register?code=${encodeURIComponent(forUser.body.code)}`);
  await tab.page.getByText('You are invited as').waitFor();
  const username = unique('newbie').replace('-', '_');
  await tab.page.getByLabel('Email').fill(`${username}@example.com`);
  await tab.page.getByLabel('Username').fill(username);
  await tab.page.getByLabel(/Password/).fill('a long enough password');
  await tab.page.getByRole('button', { name: 'Register' }).click();
  await tab.page.waitForURL('**/console/games');
  t.regex(await tab.page.locator('.who').innerText(), new RegExp(`${username} \\(user\\)`));
  t.is(await tab.page.getByRole('link', { name: 'Invites' }).count(), 0, 'a user has no invites page');
  const game = await gameWithModules(api, 'Open Game');
  await tab.page.goto(`/console/games/${game.id}`);
  await tab.page.locator('p.muted').filter({ hasText: 'Open Game' }).waitFor();
  t.is(await tab.page.getByRole('link', { name: 'Notifications' }).count(), 1);
  t.is(await tab.page.getByRole('link', { name: 'Variables' }).count(), 0, 'variables are for staff: no tab for a user');
});

test.serial('lists page with their totals, newest first, with their create action above them; a new invite shows its link beside its form and used-up ones are hidden', async (t) => {
  const { api } = t.context;
  const prefix = unique('paged');
  for (let i = 0; i < 55; i += 1) await api.services.games.create({ ...COMMAND_ACTOR }, { name: `${prefix} ${i}`, slug: `${prefix}-${i}` });
  const { page } = await withPage(t, api.users.admin.email);
  await page.getByLabel('Search games').fill(prefix);
  const pager = page.getByRole('navigation', { name: 'Pages of games' });
  await pager.getByText('1–50 of 55 games').waitFor();
  t.regex(await page.locator('main table tbody tr').first().innerText(), new RegExp(`${prefix} 54`), 'newest first');
  const newGame = await page.getByText('New game').boundingBox();
  const table = await page.locator('main table').boundingBox();
  t.true(newGame!.y < table!.y, 'the create action is above the list');
  await pager.getByRole('button', { name: 'Next' }).click();
  await pager.getByText('51–55 of 55 games').waitFor();
  t.true(await pager.getByRole('button', { name: 'Next' }).isDisabled());
  await page.getByLabel('Search games').fill(`${prefix} 1`);
  await t.notThrowsAsync(pager.getByText('1–11 of 11 games').waitFor(), 'a new search starts at its first page'); // 1, 10–19

  await page.goto('/console/invites');
  await page.getByLabel('Uses').fill('1');
  await page.getByLabel(/Expires in/).fill('5');
  await page.getByRole('button', { name: 'Create invite' }).click();
  const made = page.getByTestId('new-invite');
  await made.getByText('Invite created: a user invite for 1 use').waitFor();
  const link = await made.getByLabel("The new invite's link").inputValue();
  t.regex(link, /\/console\/register\?code=/);
  const code = new URL(link).searchParams.get('code')!;
  t.is(await page.getByLabel(/Expires in/).inputValue(), '72', 'the form is back to its defaults');
  const name = unique('used').replace('-', '_');
  t.is((await api.request('POST', '/api/auth/register', { body: { email: `${name}@example.com`, username: name, password: PASSWORD, invite_code: code } })).status, 201);
  await page.reload();
  await page.getByRole('heading', { name: 'Invites that can still register someone' }).waitFor();
  await page.waitForLoadState('networkidle');
  const rowCount = async () => page.getByTestId('invites').locator('tbody tr').count();
  const usable = await rowCount();
  await page.getByRole('switch', { name: 'Show used-up and expired' }).check();
  await page.getByRole('heading', { name: 'All invites' }).waitFor();
  await until('the used-up invite listed', async () => (await rowCount()) > usable);
  t.regex(await page.getByTestId('invites').locator('tbody tr').first().innerText(), /1 \/ 1/, 'the used-up invite, newest first');
});

test.serial('a refused token sends the tab back to login; tokens never appear in a URL or a log; the ops page shows the sync', async (t) => {
  const { api } = t.context;
  const { page, urls } = await withPage(t, api.users.admin.email);
  await page.getByRole('link', { name: 'Ops' }).click();
  await page.getByTestId('sync-status').waitFor();
  t.regex(await page.getByTestId('sync-status').innerText(), /Sync lag[\s\S]*Outbox[\s\S]*Queue/);
  t.is(await page.getByRole('link', { name: 'Open the queue dashboard' }).getAttribute('href'), '/admin/queues');

  // Evaluated in the page (strings: this file is type-checked without the DOM's types).
  const stored = JSON.parse(await page.evaluate<string>("sessionStorage.getItem('reservation-console.session')")) as { token: string };
  const { token } = stored;
  t.truthy(token);
  await page.evaluate(`sessionStorage.setItem('reservation-console.session', ${JSON.stringify(JSON.stringify({ ...stored, token: 'not.a.token' }))})`);
  await page.goto('/console/games');
  await page.waitForURL((url) => url.pathname === '/console/login');
  t.is(new URL(page.url()).searchParams.get('next'), '/games', 'signing in again comes back to the page');
  await t.notThrowsAsync(page.getByText('Signed out:').waitFor());

  t.deepEqual(urls.filter((url) => url.includes(token) || url.includes('not.a.token')), []);
  t.deepEqual(api.logs.filter((line) => line.includes(token)), []);
});
