import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { gameWithModules, screenshot, signedInTab, useSharedChromium } from '../helpers/console-browser';

/**
 * SPEC §2.12's timed config overrides in the console, in Debian's Chromium: a live event made in the
 * form, seen on the timeline and in the config document game clients get, changed, and deleted.
 */
interface Context {
  api: TestApi;
  browser: Browser;
}
const test = anyTest as TestFn<Context>;

useSharedTestApi(test);
useSharedChromium(test);

/** A `datetime-local` value for an instant, in this machine's time zone (the browser's too). */
const localInput = (at: number) => new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

test('a moderator makes a live event; the timeline and the config document show it; a change and a delete follow at once', async (t) => {
  const { api } = t.context;
  const game = await gameWithModules(api, 'Events');
  const staff = { token: api.users.admin.token };
  for (const body of [{ key: 'speed', type: 'number', number_value: 1 }, { key: 'prices', type: 'table', table_value_type: 'number', items: [{ key: 'sword', number_value: 10 }] }]) {
    await api.request('POST', `/api/games/${game.id}/variables`, { ...staff, body });
  }
  const hour = 3_600_000;
  await api.request('POST', `/api/games/${game.id}/config/overrides`, { ...staff, body: { name: 'Weekend', starts_at: new Date(Date.now() + 20 * hour).toISOString(), ends_at: new Date(Date.now() + 44 * hour).toISOString(), variables: [{ key: 'speed', number_value: 3 }] } });
  const config = () => api.request('GET', `/api/games/${game.id}/config`, { token: api.users.user.token });

  const { page } = await signedInTab(t, t.context.browser, api, api.users.moderator.email);
  await page.goto(`/console/games/${game.id}/events`);
  await page.getByTestId('overrides').getByText('Weekend').waitFor();
  const form = page.getByRole('form', { name: 'New event' });
  // The API's rules, in an admin's words at their fields (not "must be after starts_at").
  await form.getByLabel('Name').fill('Winter sale');
  await form.getByLabel('Starts').fill(localInput(Date.now() + 8 * hour));
  await form.getByLabel('Ends').fill(localInput(Date.now() - hour));
  await form.getByRole('combobox', { name: /^Variable 1/ }).selectOption('speed');
  await form.getByLabel('Value 1').fill('2');
  await form.getByRole('button', { name: 'Make event' }).click();
  await form.getByText('must be after the start').waitFor();
  await form.getByLabel('Starts').fill(localInput(Date.now() - hour));
  await form.getByLabel('Ends').fill(localInput(Date.now() + 8 * hour));
  await form.getByRole('combobox', { name: /^Variable 1/ }).selectOption('prices');
  await form.getByLabel('Value 1').fill('{"sword": 5}');
  await form.getByRole('button', { name: 'Add a variable' }).click();
  await form.getByRole('combobox', { name: /^Variable 2/ }).selectOption('speed');
  await form.getByLabel('Value 2').fill('2');
  await form.getByRole('button', { name: 'Make event' }).click();

  await page.getByTestId('live-now').getByText('Winter sale').waitFor();
  const rows = page.getByTestId('overrides').locator('tbody tr');
  await rows.nth(1).waitFor();
  t.deepEqual((await rows.allInnerTexts()).map((row) => row.split('\t').filter((_, i) => i === 0 || i === 3 || i === 4)), [
    ['Weekend', 'upcoming', 'speed'], ['Winter sale', 'live', 'prices, speed'],
  ]);
  const timeline = page.getByTestId('timeline');
  t.is(await timeline.locator('.timeline-row', { has: page.locator('.timeline-bar.live') }).locator('.timeline-label').innerText(), 'Winter sale');
  // Names whole (not cut by their bars) and inside the chart, at the desktop's width and the phone's; days marked.
  const labelsFit = async () => timeline.evaluate((figure) => {
    const box = figure.getBoundingClientRect();
    return [...figure.querySelectorAll('.timeline-label')].map((label) => {
      const own = label.getBoundingClientRect();
      return { name: label.textContent, whole: label.scrollWidth <= label.clientWidth + 1, inside: own.left >= box.left - 1 && own.right <= box.right + 1 };
    });
  });
  t.deepEqual(await labelsFit(), [{ name: 'Winter sale', whole: true, inside: true }, { name: 'Weekend', whole: true, inside: true }]);
  t.true((await timeline.getByTestId('timeline-axis').locator('span').count()) >= 1, 'day ticks under the bars');
  await page.setViewportSize({ width: 390, height: 844 });
  t.deepEqual(await labelsFit(), [{ name: 'Winter sale', whole: true, inside: true }, { name: 'Weekend', whole: true, inside: true }], 'at a phone\'s width too');
  await page.setViewportSize({ width: 1280, height: 900 });
  t.is(await page.getByRole('form', { name: 'New event' }).getByLabel('Name').inputValue(), '', 'the form starts empty again');
  await screenshot(page, 'config-overrides');
  const live = await config();
  t.deepEqual(live.body, { speed: 2, prices: { sword: 5 } });
  t.is(live.headers.get('config-overrides'), 'Winter%20sale');

  await page.getByRole('button', { name: 'Edit Winter sale' }).click();
  const change = page.getByRole('form', { name: 'Change Winter sale' });
  t.is(await change.getByLabel('Value 1').inputValue(), '{"sword":5}', 'a table shows as {key: value}');
  await change.getByLabel('Value 2').fill('');
  await change.getByRole('button', { name: 'Save event' }).click();
  await change.getByText('must be a finite number').waitFor();
  t.deepEqual((await config()).body, { speed: 2, prices: { sword: 5 } }, 'a refused change changes nothing');
  await change.getByLabel('Value 2').fill('4');
  await change.getByRole('button', { name: 'Save event' }).click();
  await page.getByRole('form', { name: 'New event' }).waitFor();
  t.deepEqual((await config()).body, { speed: 4, prices: { sword: 5 } });

  await page.getByRole('button', { name: 'Delete Winter sale' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('live-now').getByText('No event is live now.').waitFor();
  t.deepEqual((await config()).body, { speed: 1, prices: { sword: 10 } });
});
