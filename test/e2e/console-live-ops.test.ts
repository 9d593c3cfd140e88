import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'playwright-core';
import { startGrpcRole } from '../../src/grpc/grpc-role';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { createLogger } from '../../src/logging/logger';
import { createTestApi, type TestApi } from '../helpers/api';
import { createLeaderboardInConsole, gameWithModules, launchChromium, saveScoreInConsole, screenshot, signedInTab, unique, withSlowCpu } from '../helpers/console-browser';
import { reservationClient } from '../helpers/grpc-client';
import { until } from '../helpers/until';
import { startTestWorker, uniqueQueuePrefix } from '../helpers/worker';

/**
 * The console's live-ops pages in Debian's Chromium against the real HTTP role, a gRPC role and a sync
 * worker on the same Redis and MySQL: config history and rollback, leaderboard operators, rankings
 * around a player and of a past period, the audit log, and the ops charts.
 */
interface Context {
  api: TestApi;
  browser: Browser;
  grpc: RunningRole;
  stopWorker(): Promise<void>;
}
const test = anyTest as TestFn<Context>;
const DAY_MS = 86_400_000;
/** The API's clock (score saves and rankings): moved back a day to save scores in a past period. */
let shiftMs = 0;

test.before(async (t) => {
  const api = await createTestApi({ QUEUE_PREFIX: uniqueQueuePrefix(), GRPC_HOST: '127.0.0.1', GRPC_PORT: '0' }, { clock: () => Date.now() + shiftMs });
  const worker = await startTestWorker(api);
  const grpc = await startGrpcRole({ config: api.config.grpc, wallet: api.engine.wallet, redis: api.redis.redis, logger: createLogger('silent') });
  t.context = { api, browser: await launchChromium(), grpc, stopWorker: () => worker.stop() };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.grpc?.stop(1000);
  await t.context.stopWorker?.();
  await t.context.api?.close();
});

const tab = (t: { context: Context; teardown(fn: () => Promise<void>): void }, email: string) => signedInTab(t, t.context.browser, t.context.api, email);
const admin = (api: TestApi) => ({ token: api.users.admin.token });
const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr');

test.serial('config history: versions listed, two compared side by side, a rollback confirmed (and one cancelled) makes the config that version', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'History Game');
  const variables = `/api/games/${game.id}/variables`;
  const speed = await api.request('POST', variables, { ...admin(api), body: { key: 'speed', type: 'number', number_value: 1 } });
  await api.request('POST', variables, { ...admin(api), body: { key: 'title', type: 'string', string_value: 'Spring' } });
  await api.request('PUT', `${variables}/${speed.body.id}`, { ...admin(api), body: { key: 'speed', type: 'number', number_value: 2.5 } });
  const title = (await api.request('GET', variables, admin(api))).body.find((v: { key: string }) => v.key === 'title');
  await api.request('DELETE', `${variables}/${title.id}`, admin(api));

  const { page } = await tab(t, api.users.moderator.email);
  await page.goto(`/console/games/${game.id}/variables`);
  await page.getByRole('link', { name: 'Config history' }).click();
  await rowsOf(page, 'config-versions').nth(3).waitFor();
  const versionRows = (await rowsOf(page, 'config-versions').allInnerTexts()).map((row) => row.split('\t').slice(0, 3).join(' '));
  t.deepEqual(versionRows, ['4 delete title', '3 update speed', '2 create title', '1 create speed']);
  t.regex((await rowsOf(page, 'config-versions').first().innerText()), /alice_admin/, 'the author by name');
  t.is(await rowsOf(page, 'config-versions').first().getByRole('link', { name: 'alice_admin' }).getAttribute('href'), `/console/users/${api.users.admin.id}`);

  // By default the latest change: version 3 → 4, the title gone.
  const diff = page.getByTestId('config-diff');
  await diff.getByText('version 4').waitFor();
  t.regex(await diff.locator('tr.diff-changed, tr.diff-removed').first().innerText(), /"title": "Spring"/);
  // On a slow CPU the render that shows the new choices before their answer lasts long enough to be
  // read: the diff must not show the new labels over the old versions' rows (a CI failure, 2 of 3
  // runs at 20× before the console's queries knew which variables an answer was for).
  const changed = await withSlowCpu(page, 20, async () => {
    await page.getByLabel('From version').selectOption('1');
    await page.getByLabel('To version').selectOption('3');
    await until('the diff of versions 1 and 3', async () => (await diff.locator('thead').innerText()).replace(/\s+/g, ' ').trim() === 'version 1 version 3');
    return diff.locator('tr.diff-changed, tr.diff-added').allInnerTexts();
  });
  t.true(changed.some((row) => /"speed": 1\b.*\t.*"speed": 2\.5/s.test(row)), changed.join(' | '));
  t.true(changed.some((row) => row.includes('"title": "Spring"')), 'version 3 has the title version 1 had not');
  await screenshot(page, 'config-history');

  // The dialog takes the focus and Esc closes it, the focus back on the button that opened it.
  await page.getByRole('button', { name: 'Roll back to 2' }).click();
  await page.getByRole('dialog').getByText('Roll back to version 2?').waitFor();
  t.true(await page.evaluate<boolean>("document.activeElement !== null && document.activeElement.closest('dialog') !== null"), 'the focus is in the dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  t.is(await page.evaluate<string>('document.activeElement ? document.activeElement.textContent : ""'), 'Roll back to 2');

  // Cancelled: nothing changes.
  await page.getByRole('button', { name: 'Roll back to 2' }).click();
  await page.getByRole('dialog').getByText('Roll back to version 2?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  t.is((await api.request('GET', `/api/games/${game.id}/config/versions`, admin(api))).body.length, 4);

  // Confirmed: a new version 5, the document exactly version 2's, under a new ETag.
  const before = await api.request('GET', `/api/games/${game.id}/config`, admin(api));
  await page.getByRole('button', { name: 'Roll back to 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back', exact: true }).click();
  await page.getByRole('status').getByText('the config is now version 5').waitFor();
  await rowsOf(page, 'config-versions').first().filter({ hasText: 'rollback' }).waitFor();
  const after = await api.request('GET', `/api/games/${game.id}/config`, admin(api));
  const version2 = await api.request('GET', `/api/games/${game.id}/config/versions/2`, admin(api));
  t.deepEqual(after.body, { speed: 1, title: 'Spring' });
  t.deepEqual(after.body, version2.body.document);
  t.not(after.headers.get('etag'), before.headers.get('etag'));
});

test.serial('leaderboards: the operator chosen in the form rules saves; rankings around a player and of a past period', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Operator Game');
  const players: Array<{ name: string; userGameId: number }> = [];
  for (let i = 0; i < 7; i++) {
    const name = unique(`p${i}`).replace('-', '_');
    const user = await api.createUser('user', name);
    const connection = await api.request('POST', `/api/users/${user.id}/games`, { ...admin(api), body: { game_id: game.id } });
    players.push({ name, userGameId: connection.body.id });
  }
  const { page } = await tab(t, api.users.moderator.email);
  const leaderboardId = await createLeaderboardInConsole(page, game.id, { key: 'daily-best', name: 'Daily best', period: 'daily', operator: 'best' });
  t.like((await api.request('GET', `/api/games/${game.id}/leaderboards/${leaderboardId}`, admin(api))).body, { operator: 'best', period_type: 'daily' });

  // best: 50 is kept, a lower 40 is not.
  const first = players[0]!;
  for (const score of ['50', '40']) {
    await saveScoreInConsole(page, first.name, score);
    await rowsOf(page, 'rankings').first().filter({ hasText: first.name }).waitFor();
  }
  t.regex(await rowsOf(page, 'rankings').first().innerText(), new RegExp(`1\\s+${first.name}\\s+50`));

  // Yesterday's period, saved through the API with its clock a day back; today's scores after it.
  shiftMs = -DAY_MS;
  try {
    await api.request('POST', `/api/leaderboards/${leaderboardId}/scores`, { ...admin(api), body: { user_game_id: players[6]!.userGameId, score: 999 } });
  } finally {
    shiftMs = 0;
  }
  for (const [i, player] of players.slice(1).entries()) {
    await api.request('POST', `/api/leaderboards/${leaderboardId}/scores`, { ...admin(api), body: { user_game_id: player.userGameId, score: 100 - i * 10 } });
  }
  // Today, highest first: p1 100, p2 90, p3 80, p4 70, p5 60, p0 50 (saved first), p6 50.
  await page.getByLabel('Around a player').selectOption({ label: players[5]!.name });
  await until('rankings around a player', async () => (await rowsOf(page, 'rankings').count()) === 7 && (await rowsOf(page, 'rankings').first().innerText()).startsWith('1'));
  // A window of 10 over 7 rows is all of them; a smaller one is centred on the player, ranks in the whole ordering.
  const around = await api.request('GET', `/api/leaderboards/${leaderboardId}/rankings?around_user_game_id=${players[5]!.userGameId}&limit=3`, admin(api));
  t.deepEqual(around.body.items.map((row: { rank: number }) => row.rank), [4, 5, 6]);
  t.regex(await page.getByTestId('rankings').locator('tr[aria-current="true"]').innerText(), new RegExp(`^5\\s+${players[5]!.name}\\s+60$`), "the player's row, marked");

  const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
  const pastRankings = await api.request('GET', `/api/leaderboards/${leaderboardId}/rankings?period_start=${yesterday}T00:00:00.000Z`, admin(api));
  t.deepEqual(pastRankings.body.items.map((row: { score: number }) => row.score), [999], "the API ranks yesterday's period");
  await page.getByLabel('Around a player').selectOption({ label: 'the top' });
  const periodInput = page.getByLabel('Period start');
  await periodInput.fill(yesterday);
  t.is(await periodInput.inputValue(), yesterday);
  await until("yesterday's rankings", async () => (await rowsOf(page, 'rankings').count()) === 1).catch(async (error: Error) => {
    const shown = await page.getByTestId('rankings').innerText();
    const problem = await page.locator('.problem').allInnerTexts();
    throw new Error(`${error.message}; the table shows ${JSON.stringify(shown)}, problems ${JSON.stringify(problem)}`);
  });
  t.regex(await rowsOf(page, 'rankings').first().innerText(), new RegExp(`1\\s+${players[6]!.name}\\s+999`));
  await page.getByLabel('Period start').fill('');
  await until("today's rankings again", async () => (await rowsOf(page, 'rankings').count()) === 7);
  await page.getByLabel('Around a player').selectOption({ label: players[5]!.name });
  await screenshot(page, 'leaderboard-around');
});

test.serial("the audit page: an admin's filters and pages, each change as before → after; a moderator has no audit page", async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Audited Game');
  const renamed = unique('Renamed');
  await api.request('PUT', `/api/games/${game.id}`, { ...admin(api), body: { name: renamed } });
  const variables = `/api/games/${game.id}/variables`;
  const lives = await api.request('POST', variables, { ...admin(api), body: { key: 'lives', type: 'number', number_value: 3 } });
  await api.request('PUT', `${variables}/${lives.body.id}`, { token: api.users.moderator.token, body: { key: 'lives', type: 'number', number_value: 5 } });

  const { page } = await tab(t, api.users.admin.email);
  await page.getByRole('link', { name: 'Audit' }).click();
  const filter = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) {
      const field = page.getByLabel(label, { exact: true });
      if (['Action', 'Target type'].includes(label)) await field.selectOption(value);
      else await field.fill(value);
    }
    await page.getByRole('button', { name: 'Filter' }).click();
  };
  const rowTexts = () => rowsOf(page, 'audit').allInnerTexts();
  // The game and the actor are picked by name from what the search offers, never typed as ids.
  const gameLabel = `${renamed} (${game.slug})`;
  await page.getByLabel('Game', { exact: true }).fill(renamed);
  await page.locator(`datalist option[value="${gameLabel}"]`).waitFor({ state: 'attached' });
  await filter({ Game: gameLabel });
  await until("the game's entries", async () => (await rowTexts()).length === 7); // create, 3 module connects, update, 2 variable writes
  const actions = (await rowTexts()).map((row) => row.split('\t')[1]);
  t.deepEqual(actions, ['variable.update', 'variable.create', 'game.update', 'module.connect', 'module.connect', 'module.connect', 'game.create']);
  t.regex((await rowTexts())[0]!, /number value: 3\s*→\s*5/);
  t.regex((await rowTexts())[0]!, /mo_moderator \(moderator\)/, 'the actor by name');
  t.regex((await rowTexts())[0]!, new RegExp(`in ${renamed}`), 'the game by name');
  t.is(await rowsOf(page, 'audit').last().getByRole('link', { name: renamed }).first().getAttribute('href'), `/console/games/${game.id}`, 'the target links to its page');
  await screenshot(page, 'audit');

  // Text that names no game is said to be so, not sent as a filter that matches nothing.
  await page.getByLabel('Game', { exact: true }).fill('abc');
  await page.getByText('Pick a game from the list').waitFor();
  await page.getByLabel('Game', { exact: true }).fill(gameLabel);
  await filter({ Action: 'game.update' });
  await until('the filtered entry', async () => (await rowTexts()).length === 1);
  t.regex((await rowTexts())[0]!, new RegExp(`name: ${game.name}\\s*→\\s*${renamed}`));
  t.regex((await rowTexts())[0]!, /alice_admin \(admin\)/);
  await page.getByLabel('Actor', { exact: true }).fill('mo_moderator');
  await page.locator('datalist option[value^="mo_moderator ("]').waitFor({ state: 'attached' });
  const moderatorLabel = (await page.locator('datalist option[value^="mo_moderator ("]').getAttribute('value'))!;
  await filter({ Action: '', Actor: moderatorLabel, 'Target type': 'variable', 'Target id': String(lives.body.id) });
  await until("the moderator's one write", async () => (await rowTexts()).length === 1 && (await rowTexts())[0]!.includes('variable.update'));
  await filter({ Actor: '', 'Target type': '', 'Target id': '', Game: '', Until: '2000-01-01T00:00:00' });
  await until('nothing before 2000', async () => (await rowTexts()).length === 0);
  await page.getByText('No entries match.').waitFor();

  // Paging: 52 creates over pages of 50, newest first.
  for (let i = 0; i < 52; i++) await api.request('POST', variables, { ...admin(api), body: { key: `v${i}`, type: 'number', number_value: i } });
  await filter({ Until: '', Since: '2000-01-01T00:00:00', Action: 'variable.create', Game: gameLabel });
  await until('a full first page', async () => (await rowTexts()).length === 50);
  t.regex((await rowTexts())[0]!, /key: — → v51/);
  await page.getByRole('button', { name: 'Older' }).click();
  await until('the second page', async () => (await rowTexts()).length === 3); // v1, v0 and lives
  t.regex((await rowTexts()).at(-1)!, /key: — → lives/);
  t.true(await page.getByRole('button', { name: 'Older' }).isDisabled());

  const moderator = await tab(t, api.users.moderator.email);
  t.is(await moderator.page.getByRole('link', { name: 'Audit' }).count(), 0, 'the audit log is for admins');
});

test.serial('the ops page draws the last minutes live: gRPC calls/s and p99 from a real gRPC role, the sync lag and outbox from the worker', async (t) => {
  const { api, grpc } = t.context;
  const wallet = api.engine.newWallet();
  await api.engine.fund(wallet, 1_000_000);
  const client = reservationClient(grpc.address!);
  t.teardown(() => client.close());
  let calls = 0;
  const reserve = () => client.call('Reserve', { request_id: `ops-${calls++}`, user_id: wallet.userId, game_id: wallet.gameId, round_id: 'r', amount: '1', currency: 'EUR' });

  const { page } = await tab(t, api.users.moderator.email);
  await page.getByRole('link', { name: 'Ops' }).click();
  // uPlot makes each chart's canvas in an effect after the first render: wait for the fourth one.
  await page.getByTestId('ops-charts').locator('canvas').nth(3).waitFor();
  t.is(await page.getByTestId('ops-charts').locator('canvas').count(), 4, 'four charts drawn');
  // Calls keep coming (a bounded loop) until a whole 5 s bucket with calls reaches the chart.
  await until('calls on the chart', async () => {
    await Promise.all(Array.from({ length: 20 }, reserve));
    return /^[1-9][\d,.]* \/s$/.test((await page.getByTestId('chart-calls-now').innerText()).trim());
  }, 30_000, 200);
  t.regex(await page.getByTestId('chart-p99-now').innerText(), /^\d+\.\d\d ms$/);
  t.regex(await page.getByTestId('chart-outbox-now').innerText(), /^[\d,]+ entries$/, 'the worker sampled the outbox');
  t.regex(await page.getByTestId('chart-lag-now').innerText(), /^[\d,.]+ s$/);
  t.true(calls <= 20 * 200, `bounded: ${calls} calls`);
  await screenshot(page, 'ops');
});
