import anyTest, { type TestFn } from 'ava';
import * as OTPAuth from 'otpauth';
import type { Browser } from 'playwright-core';
import { useSharedTestApi, PASSWORD, type TestApi } from '../helpers/api';
import { openConsole, screenshot, signedInTab, unique, useSharedChromium } from '../helpers/console-browser';

/**
 * SPEC §2.12's two-factor sign-in in the console, in Debian's Chromium: a moderator enrols (the
 * secret read off the page, the code computed here as an authenticator app would), keeps the
 * recovery codes, then signs in with password and code; a wrong code is refused in place.
 */
interface Context {
  api: TestApi;
  browser: Browser;
}
const test = anyTest as TestFn<Context>;

useSharedTestApi(test);
useSharedChromium(test);

/** The code of the step after now: the server allows one step of drift, and a step used at enrolment is not accepted again. */
const nextCode = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + 30_000 });
const currentCode = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() });

test('a moderator enrols with the QR page, gets recovery codes once, and then signs in with password and code', async (t) => {
  const { api } = t.context;
  const moderator = await api.createUser('moderator', unique('twofa').replace(/-/g, '_'));
  const { page } = await signedInTab(t, t.context.browser, api, moderator.email);
  await page.getByRole('link', { name: new RegExp(`${moderator.email.split('@')[0]}`) }).click();
  await page.getByTestId('two-factor-state').getByText(/^Off/).waitFor();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: /QR code of your two-factor secret/ }).waitFor();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  t.regex(secret, /^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(currentCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('is wrong or was used already').waitFor();
  await screenshot(page, 'two-factor-enrol');
  await page.getByLabel('Code from the app').fill(currentCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await codes.first().waitFor();
  t.is(await codes.count(), 10);
  await page.getByTestId('two-factor-state').getByText(/^On/).waitFor();
  await page.getByTestId('recovery-codes-left').getByText('10 recovery codes are left.').waitFor();
  const shown = await codes.allInnerTexts();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as a file' }).click()]);
  t.is(download.suggestedFilename(), 'recovery-codes.txt');
  const { readFile } = await import('node:fs/promises');
  t.deepEqual((await readFile((await download.path())!, 'utf8')).trim().split('\n'), shown, 'the file holds the codes shown');
  await screenshot(page, 'two-factor-recovery-codes');

  // New codes for a recovery code: the old ones stop working; the count is ten again.
  await page.getByRole('form', { name: 'Make new recovery codes' }).getByLabel('A current code or a recovery code').fill(shown[0]!);
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  await page.getByTestId('recovery-codes').getByText('New recovery codes: the old ones no longer work.').waitFor();
  const renewed = await codes.allInnerTexts();
  t.is(renewed.length, 10);
  t.false(renewed.some((code) => shown.includes(code)));
  await page.getByTestId('recovery-codes-left').getByText('10 recovery codes are left.').waitFor();

  const tab = await openConsole(t.context.browser, api);
  t.teardown(() => tab.close());
  await tab.page.goto('/console/login');
  await tab.page.getByLabel('Email').fill(moderator.email);
  await tab.page.getByLabel('Password').fill(PASSWORD);
  await tab.page.getByRole('button', { name: 'Sign in' }).click();
  const step = tab.page.getByRole('form', { name: 'Second step' });
  await step.waitFor();
  await step.getByLabel('Code').fill('12');
  await step.getByRole('button', { name: 'Verify' }).click();
  await tab.page.getByRole('alert').getByText('wrong code').waitFor();
  await screenshot(tab.page, 'two-factor-sign-in');
  await step.getByLabel('Code').fill(nextCode(secret));
  await tab.page.getByRole('alert').getByText('wrong code').waitFor({ state: 'detached' }); // the banner goes once the form is edited
  await step.getByRole('button', { name: 'Verify' }).click();
  await tab.page.waitForURL('**/console/games');
  t.pass();
});
