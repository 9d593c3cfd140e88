import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import { createTestApi, type TestApi } from '../helpers/api';
import { launchChromium, screenshot, signedInTab, unique } from '../helpers/console-browser';
import { reservationClient } from '../helpers/grpc-client';
import { until } from '../helpers/until';

/**
 * SPEC §1.11 in the console, in Debian's Chromium against the real HTTP and gRPC roles: currencies
 * (their exponents, added and disabled), a wallet frozen and unfrozen with its banner, limits set in
 * major units, and a player's own banner; each felt by the engine's Reserve.
 */
interface Context {
  api: TestApi;
  browser: Browser;
  grpc: RunningRole;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const api = await createTestApi();
  const grpc = await startGrpcRole({ config: { ...api.config.grpc, host: '127.0.0.1', port: 0 }, wallet: api.engine.wallet, redis: api.redis.redis, logger: createLogger('silent') });
  t.context = { api, browser: await launchChromium(), grpc };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.grpc?.stop(1000);
  await t.context.api?.close();
});

const tab = (t: { context: Context; teardown(fn: () => Promise<void>): void }, email: string) => signedInTab(t, t.context.browser, t.context.api, email);

async function wallet(api: TestApi, currency = 'EUR', amount = 100_000) {
  const token = api.users.admin.token;
  const game = (await api.request('POST', '/api/games', { token, body: { name: unique('Roulette'), slug: unique('roulette') } })).body;
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { token, body: { game_id: game.id } })).body as { id: number; user_id: number; game_id: number };
  await api.request('POST', `/api/user-games/${ug.id}/topup`, { token, body: { amount, currency } });
  return ug;
}

function reserve(t: { context: Context }, ug: { user_id: number; game_id: number }, amount: number, currency = 'EUR') {
  const client = reservationClient(t.context.grpc.address!);
  return client.call('Reserve', { user_id: String(ug.user_id), game_id: String(ug.game_id), currency, request_id: unique('r'), round_id: 'r', amount: String(amount) })
    .finally(() => client.close());
}

test.serial('currencies: listed with their decimal places; an admin adds one and disables one, which the engine then refuses', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api, 'CHF');
  const { page } = await tab(t, api.users.admin.email);
  await page.getByRole('link', { name: 'Currencies' }).click();
  const rowOf = (code: string) => page.getByTestId('currencies').getByRole('cell', { name: code, exact: true });
  await page.getByLabel('Find a code').fill('KWD');
  await rowOf('KWD').waitFor();
  t.deepEqual(await page.getByTestId('currencies').locator('tbody tr').allInnerTexts(), ['KWD\t3\tenabled\tDisable']);

  await page.getByLabel('Code', { exact: true }).fill('XGC');
  await page.getByLabel('Decimal places').fill('4');
  await page.getByRole('button', { name: 'Add currency' }).click();
  await page.getByText('Currency XGC added.').waitFor();
  await page.getByLabel('Find a code').fill('XGC');
  await rowOf('XGC').waitFor(); // the list is read again after the add
  t.deepEqual(await page.getByTestId('currencies').locator('tbody tr').allInnerTexts(), ['XGC\t4\tenabled\tDisable']);

  await page.getByLabel('Find a code').fill('CHF');
  await page.getByRole('button', { name: 'Disable CHF' }).click();
  const confirm = page.getByRole('dialog');
  t.regex(await confirm.innerText(), /Every new bet and top-up in CHF is refused/);
  t.like((await reserve(t, ug, 10, 'CHF')).reply, { status: 'reserved' }, 'nothing changed before the confirmation');
  await confirm.getByRole('button', { name: 'Disable CHF' }).click();
  await page.getByText('CHF disabled.').waitFor();
  await screenshot(page, 'currencies');
  const refused = await reserve(t, ug, 10, 'CHF');
  t.is(refused.error?.code, 3);
  await page.getByRole('button', { name: 'Enable CHF' }).click();
  await page.getByText('CHF enabled.').waitFor();
  t.like((await reserve(t, ug, 10, 'CHF')).reply, { status: 'reserved' });
});

test.serial('a wallet frozen from its page shows the banner to staff and player, the engine refuses bets, and Unfreeze (confirmed) lifts it', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api);
  const { page } = await tab(t, api.users.admin.email);
  await page.goto(`/console/wallets/${ug.id}`);
  t.is(await page.getByLabel('Reason to freeze').getAttribute('placeholder'), null, 'no example that looks like a value inside the field');
  await page.getByText('Staff and the player read it, e.g. chargeback review.').waitFor(); // the example is a hint under it
  await page.getByLabel('Reason to freeze').fill('chargeback review');
  await page.getByRole('button', { name: 'Freeze', exact: true }).click();
  await page.getByTestId('freeze-banner').waitFor();
  t.regex(await page.getByTestId('freeze-banner').innerText(), /This wallet is frozen: chargeback review \(since .+\)\. New bets are refused/);
  t.like((await reserve(t, ug, 10)).reply, { status: 'rejected', reason: 'frozen' });
  await screenshot(page, 'wallet-frozen');

  const player = await tab(t, api.users.user.email);
  await player.page.goto(`/console/wallets/${ug.id}`);
  await player.page.getByTestId('freeze-banner').waitFor();
  t.is(await player.page.getByRole('button', { name: 'Freeze' }).count(), 0, 'a player cannot freeze or unfreeze');

  await page.getByRole('button', { name: 'Unfreeze this wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze' }).click();
  await page.getByTestId('freeze-banner').waitFor({ state: 'detached' });
  t.like((await reserve(t, ug, 10)).reply, { status: 'reserved' });
});

test.serial('a wallet of a frozen player offers the player\'s Unfreeze, not a second freeze form', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api);
  const token = api.users.admin.token;
  const username = ((await api.request('GET', `/api/users/${ug.user_id}`, { token })).body as { username: string }).username;
  await api.request('POST', `/api/users/${ug.user_id}/freeze`, { token, body: { reason: 'age check' } });
  t.teardown(async () => {
    await api.request('DELETE', `/api/users/${ug.user_id}/freeze`, { token });
  });
  const { page } = await tab(t, api.users.admin.email);
  await page.goto(`/console/wallets/${ug.id}`);
  await page.getByRole('button', { name: `Unfreeze ${username}` }).waitFor();
  t.is(await page.getByLabel('Reason to freeze').count(), 0, 'no freeze form while the player is frozen');
  await page.getByRole('button', { name: `Unfreeze ${username}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze' }).click();
  await page.getByTestId('freeze-banner').waitFor({ state: 'detached' });
  await page.getByLabel('Reason to freeze').waitFor(); // the wallet's own control again
  t.like((await reserve(t, ug, 10)).reply, { status: 'reserved' });
});

test.serial('a game\'s Players tab lists its players with what each wallet holds and a frozen marker, and leads to the wallet; the Users list marks a frozen player', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api, 'EUR', 123_450);
  const token = api.users.admin.token;
  const username = ((await api.request('GET', `/api/users/${ug.user_id}`, { token })).body as { username: string }).username;
  await api.request('POST', `/api/user-games/${ug.id}/freeze`, { token, body: { reason: 'chargeback review' } });
  const { page } = await tab(t, api.users.admin.email);
  await page.goto(`/console/games/${ug.game_id}`);
  await page.getByRole('link', { name: 'Players' }).click();
  const row = page.getByTestId('players').locator('tbody tr', { hasText: username });
  await row.waitFor();
  t.deepEqual(await row.locator('td').allInnerTexts(), [username, `${username}@example.com`, 'Wallet frozen', '€1,234.50']);
  await page.getByLabel('Search players').fill('no-such-player');
  await page.getByText('No players match "no-such-player".').waitFor();
  await page.getByLabel('Search players').fill(username);
  await row.getByRole('link', { name: `${username}'s wallet` }).click();
  await page.waitForURL(`**/console/wallets/${ug.id}`);

  await api.request('POST', `/api/users/${ug.user_id}/freeze`, { token, body: { reason: 'age check' } });
  t.teardown(async () => {
    await api.request('DELETE', `/api/users/${ug.user_id}/freeze`, { token });
  });
  await page.goto('/console/users');
  await page.getByLabel('Search users').fill(username);
  await page.getByRole('row', { name: new RegExp(username) }).getByTestId('frozen-marker').waitFor();
});

test.serial('a frozen player sees it on their home page', async (t) => {
  const { api } = t.context;
  await api.request('POST', `/api/users/${api.users.user.id}/freeze`, { token: api.users.admin.token, body: { reason: 'self-exclusion until June' } });
  t.teardown(async () => {
    await api.request('DELETE', `/api/users/${api.users.user.id}/freeze`, { token: api.users.admin.token });
  });
  const { page } = await tab(t, api.users.user.email);
  await page.getByTestId('freeze-banner').waitFor();
  t.regex(await page.getByTestId('freeze-banner').innerText(), /Your account is frozen: self-exclusion until June/);
});

test.serial('a moderator sets limits in major units, told before saving what applies at once and what waits; editing keeps the other limits; a waiting change can be cancelled', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api);
  const { page } = await tab(t, api.users.moderator.email);
  await page.goto(`/console/wallets/${ug.id}`);
  const form = page.getByRole('form', { name: 'Set limits' });
  const plan = form.getByTestId('limits-plan');
  const rows = page.getByTestId('limits').locator('tbody tr');
  await form.getByLabel('Max bet (EUR)').fill('5.005');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await form.getByText('EUR has 2 decimal places at most').waitFor();
  await form.getByLabel('Max bet (EUR)').fill('5');
  await form.getByLabel('Loss limit (EUR)').fill('200');
  await form.getByLabel('Per').selectOption('week');
  t.deepEqual(await plan.locator('li').allInnerTexts(), ['Max bet: none → €5.00 (a first limit: at once)', 'Loss limit: none → €200.00 a week (a first limit: at once)']);
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Saved: the limits hold now.').waitFor();
  await rows.first().waitFor();
  t.regex(await rows.first().innerText(), /EUR\t€5\.00\t€200\.00 a week\t€0\.00/);
  t.like((await reserve(t, ug, 501)).reply, { status: 'rejected', reason: 'max_bet' });

  // The form holds what holds now: raising one limit leaves the other as it is.
  t.is(await form.getByLabel('Loss limit (EUR)').inputValue(), '200.00');
  await form.getByLabel('Max bet (EUR)').fill('50');
  t.deepEqual(await plan.locator('li').allInnerTexts(), ['Max bet: €5.00 → €50.00 (a higher limit: after the waiting time)']);
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText(/Saved\. A loosening waits until/).waitFor();
  await page.getByText(/max bet €50\.00, loss limit €200\.00 a week from/).waitFor();
  t.like((await reserve(t, ug, 501)).reply, { status: 'rejected', reason: 'max_bet' }, 'the raise waits');
  await screenshot(page, 'wallet-limits');

  // The case: tightening the loss limit keeps the max bet, and says it cancels the waiting raise.
  await form.getByLabel('Loss limit (EUR)').fill('150');
  t.deepEqual(await plan.locator('li').allInnerTexts(), [
    'Loss limit: €200.00 → €150.00 (a lower limit: at once)',
    'The waiting change (max bet €50.00, loss limit €200.00 a week) is cancelled.',
  ]);
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Saved: the limits hold now.').waitFor();
  const cells = async () => (await rows.first().locator('td').allInnerTexts()).slice(0, 5);
  await until('the table shows the new limits', async () => JSON.stringify(await cells()) === JSON.stringify(['EUR', '€5.00', '€150.00 a week', '€0.00', '']), 5000);
  t.like(await api.engine.wallet.limits(String(ug.user_id), String(ug.game_id), 'EUR'), { maxBet: 500, lossLimit: 15000 });

  // A waiting change, cancelled from its row (confirmed): the limits that hold stay.
  await form.getByLabel('Max bet (EUR)').fill('60');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText(/max bet €60\.00, loss limit €150\.00 a week from/).waitFor();
  await page.getByRole('button', { name: 'Cancel waiting change for EUR' }).click();
  t.regex(await page.getByRole('dialog').innerText(), /max bet €60\.00, loss limit €150\.00 a week will not apply/);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the change' }).click();
  await until('the waiting change is gone', async () => JSON.stringify(await cells()) === JSON.stringify(['EUR', '€5.00', '€150.00 a week', '€0.00', '']), 5000);
});

test.serial('the audit log shows limits in major units of their currency, says a raise waits and until when, in the reader\'s zone', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api, 'EUR', 123_450);
  const token = api.users.admin.token;
  await api.request('PUT', `/api/user-games/${ug.id}/limits`, { token, body: { currency: 'EUR', max_bet: 500, loss_limit: null, loss_period: null } });
  await api.request('PUT', `/api/user-games/${ug.id}/limits`, { token, body: { currency: 'EUR', max_bet: 5000, loss_limit: null, loss_period: null } });
  const { page } = await tab(t, api.users.admin.email);
  await page.goto('/console/audit');
  await page.getByLabel('Action').selectOption('user_game.limits');
  await page.getByLabel('Target id').fill(String(ug.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  const rows = page.getByTestId('audit').locator('tbody tr');
  await until('the wallet\'s two limits entries', async () => (await rows.count()) === 2, 5000);
  const changes = await rows.locator('ul.changes').allInnerTexts();
  t.regex(changes[0]!, /max bet: €5\.00 → €50\.00/);
  t.regex(changes[0]!, /waits until \d/);
  t.regex(changes[1]!, /max bet: — → €5\.00/);
  t.notRegex(changes[1]!, /waits/);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.getByRole('columnheader', { name: `When (${zone})` }).waitFor();
});

test.serial('limits of a wallet with several currencies: every currency with limits or a balance is offered, none chosen for the admin; Edit starts from a row', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api, 'EUR');
  // USD limits on a wallet without USD money: still offered, and editable.
  t.is((await api.request('PUT', `/api/user-games/${ug.id}/limits`, { token: api.users.admin.token, body: { currency: 'USD', max_bet: 1000, loss_limit: null, loss_period: null } })).status, 200);
  const { page } = await tab(t, api.users.admin.email);
  await page.goto(`/console/wallets/${ug.id}`);
  const form = page.getByRole('form', { name: 'Set limits' });
  const currency = form.getByLabel('Currency');
  await currency.waitFor();
  t.deepEqual(await currency.locator('option:not([disabled])').allInnerTexts(), ['EUR', 'USD']);
  t.is(await currency.inputValue(), '', 'no currency is chosen for the admin');
  await form.getByText('Choose a currency to see and change its limits.').waitFor();
  t.is(await form.getByRole('button', { name: 'Save limits' }).count(), 0, 'nothing to save before a currency is chosen');

  await page.getByRole('button', { name: 'Edit USD limits' }).click();
  await until('Edit chose USD', async () => (await currency.inputValue()) === 'USD', 5000);
  t.is(await form.getByLabel('Max bet (USD)').inputValue(), '10.00');
  await form.getByLabel('Max bet (USD)').fill('');
  t.deepEqual(await form.getByTestId('limits-plan').locator('li').allInnerTexts(), ['Max bet: $10.00 → none (a removal: after the waiting time)']);
  await currency.selectOption('EUR');
  t.is(await form.getByLabel('Max bet (EUR)').inputValue(), '', 'another currency starts from its own limits');
});

test.serial('API keys: an admin makes one limited to a game (the secret shown once), a game server calls with it, and Revoke (confirmed) shuts it out', async (t) => {
  const { api } = t.context;
  const token = api.users.admin.token;
  const game = (await api.request('POST', '/api/games', { token, body: { name: 'Keyed Slots', slug: unique('keyed-slots') } })).body as { id: number; slug: string };
  const keyed = await startGrpcRole({
    config: { ...api.config.grpc, host: '127.0.0.1', port: 0, authTokens: ['bootstrap-for-console-test'] }, wallet: api.engine.wallet, redis: api.redis.redis,
    logger: createLogger('silent'), ledgerDb: api.database.db,
  });
  t.teardown(() => keyed.stop(500));
  const { page } = await tab(t, api.users.admin.email);
  await page.getByRole('link', { name: 'API keys' }).click();
  const form = page.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Name').fill('slots servers');
  // Text left in the picker is not a scope: the form refuses rather than make a key for every game.
  await form.getByLabel('Limit to a game').fill(`Keyed Slots (${game.slug})`);
  await form.getByRole('button', { name: 'Make key' }).click();
  await form.getByText('Press "Add game" to limit the key to this game, or clear the field.').waitFor();
  await form.getByLabel('Limit to a game').fill('');
  await form.getByRole('button', { name: 'Make key' }).click();
  await form.getByText('Add the games this key may act on, or tick "Every game".').waitFor();
  t.false(((await api.request('GET', '/api/api-keys', { token })).body as Array<{ name: string }>).some((key) => key.name === 'slots servers'), 'no key was made');
  await form.getByLabel('Limit to a game').fill(`Keyed Slots (${game.slug})`);
  await form.getByRole('button', { name: 'Add game' }).click();
  await page.getByTestId('key-scope').getByText(`Keyed Slots (${game.slug}) ×`).waitFor();
  await form.getByRole('button', { name: 'Make key' }).click();
  const secret = (await page.getByTestId('new-secret').locator('code').innerText()).trim();
  t.regex(secret, /^rsk_/);
  await screenshot(page, 'api-keys');
  t.regex(await page.getByTestId('api-keys').locator('tbody tr').first().innerText(), /slots servers\tKeyed Slots\t.+\tnever\tnot yet\tactive/);

  const call = (gameId: number) => {
    const client = reservationClient(keyed.address!, { token: `Bearer ${secret}` });
    return client.call('Reserve', { user_id: 'p', game_id: String(gameId), currency: 'EUR', request_id: unique('r'), round_id: 'r', amount: '1' }).finally(() => client.close());
  };
  await until('the key is accepted', async () => (await call(game.id)).reply?.status === 'rejected', 1000); // no funds: accepted, judged
  t.is((await call(game.id + 1)).error?.code, 7, 'another game: PERMISSION_DENIED');

  await page.getByRole('button', { name: 'Revoke slots servers' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('api-keys').getByText(/revoked/).waitFor();
  await until('the revoked key is refused', async () => (await call(game.id)).error?.code === 16, 1000);
});

test.serial('API keys: a key for every game only when ticked, with its consequence; a name an active key has is refused; an expired key is listed expired, with nothing to revoke', async (t) => {
  const { api } = t.context;
  const token = api.users.admin.token;
  const { page } = await tab(t, api.users.admin.email);
  await page.goto('/console/api-keys');
  const form = page.getByRole('form', { name: 'New API key' });
  const name = unique('ops');
  await form.getByLabel('Name').fill(name);
  const every = form.getByLabel(/Every game: this key may reserve, settle and read wallets of every game/);
  await every.check();
  await form.getByRole('button', { name: 'Make key' }).click();
  await page.getByTestId('new-secret').waitFor();
  const made = ((await api.request('GET', '/api/api-keys', { token })).body as Array<{ id: number; name: string; game_ids: number[] | null }>).find((key) => key.name === name)!;
  t.true(!made.game_ids || made.game_ids.length === 0, 'unscoped, as ticked');

  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/Every game/).check();
  await form.getByRole('button', { name: 'Make key' }).click();
  await form.getByText('An active key has this name already: give this one a name of its own.').waitFor();
  t.is(((await api.request('GET', '/api/api-keys', { token })).body as Array<{ name: string }>).filter((key) => key.name === name).length, 1);

  await api.database.db('api_keys').where({ id: made.id }).update({ expires_at: new Date(Date.now() - 60_000) });
  await page.reload();
  const row = page.getByTestId('api-keys').locator('tbody tr', { hasText: name });
  await until('the key is listed expired', async () => /\texpired /.test(await row.innerText()), 5000);
  t.is(await row.getByRole('button', { name: `Revoke ${name}` }).count(), 0);
});
