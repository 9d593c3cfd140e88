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

test.serial('a moderator sets limits in major units; a raise waits; the engine refuses a bet over max_bet', async (t) => {
  const { api } = t.context;
  const ug = await wallet(api);
  const { page } = await tab(t, api.users.moderator.email);
  await page.goto(`/console/wallets/${ug.id}`);
  const form = page.getByRole('form', { name: 'Set limits' });
  await form.getByLabel('Max bet (EUR)').fill('5.005');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await form.getByText('EUR has 2 decimal places at most').waitFor();
  await form.getByLabel('Max bet (EUR)').fill('5');
  await form.getByLabel('Loss limit (EUR)').fill('20');
  await form.getByLabel('Per').selectOption('week');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Saved: the limits hold now.').waitFor();
  const rows = page.getByTestId('limits').locator('tbody tr');
  await rows.first().waitFor();
  t.regex(await rows.first().innerText(), /EUR\t€5\.00\t€20\.00 a week\t€0\.00/);
  t.like((await reserve(t, ug, 501)).reply, { status: 'rejected', reason: 'max_bet' });

  await form.getByLabel('Max bet (EUR)').fill('50');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText(/Saved\. A loosening waits until/).waitFor();
  await page.getByText(/max bet €50\.00, loss limit €20\.00 a week from/).waitFor();
  t.like((await reserve(t, ug, 501)).reply, { status: 'rejected', reason: 'max_bet' }, 'the raise waits');
  await screenshot(page, 'wallet-limits');
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
