import { readFileSync } from 'node:fs';
import path from 'node:path';
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'playwright-core';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { openConsole, useSharedChromium } from '../helpers/console-browser';

// SPEC §2.10: the GraphQL explorer keeps nothing in the browser's storage (it shares its origin with
// the console) and its starting text holds no credentials. In Debian's Chromium.
const test = anyTest as TestFn<{ api: TestApi; browser: Browser }>;
useSharedTestApi(test);
useSharedChromium(test);

/** The editor's starting text, as the explorer's build takes it. */
const EXPLORER_DEFAULT_QUERY = readFileSync(path.resolve(__dirname, '../../explorer/src/default-query.graphql'), 'utf8');

/** The query editor's text (GraphiQL's CodeMirror). */
const editorText = (page: Page) =>
  page.locator('.graphiql-query-editor .CodeMirror').first().evaluate((node) => (node as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue());

test('the explorer starts without credentials and keeps nothing in localStorage or sessionStorage, a login typed in it included', async (t) => {
  const { api } = t.context;
  const tab = await openConsole(t.context.browser, api);
  t.teardown(() => tab.close());
  const { page } = tab;
  await page.goto('/graphql', { waitUntil: 'load' });
  await page.locator('.graphiql-query-editor .CodeMirror').first().waitFor();

  const starting = await editorText(page);
  t.is(starting, EXPLORER_DEFAULT_QUERY);
  t.notRegex(starting, /password:\s*"|@example\.com|Bearer\s+\S{20,}/);

  // What a careless admin does: the password typed straight into the query, then run. (Named as the
  // starting text's first operation: GraphiQL may still send that name when run at once.)
  const secret = `hunter2-${Date.now()}`;
  await page.locator('.graphiql-query-editor .CodeMirror').first().evaluate((node, text) => {
    (node as unknown as { CodeMirror: { setValue(value: string): void } }).CodeMirror.setValue(text);
  }, `mutation Login { login(input: { email: "${api.users.admin.email}", password: "${secret}" }) { access_token } }`);
  await page.locator('.graphiql-query-editor .CodeMirror').first().click();
  await page.keyboard.press('Control+Enter'); // GraphiQL's run shortcut
  await page.locator('.graphiql-response .CodeMirror').filter({ hasText: 'UNAUTHORIZED' }).waitFor();

  // A string, not a function: the test's transpiler would wrap a named helper in one the page lacks.
  const stored = await page.evaluate(`({
    local: Object.keys(localStorage).map((key) => key + '=' + localStorage.getItem(key)),
    session: Object.keys(sessionStorage).map((key) => key + '=' + sessionStorage.getItem(key)),
  })`);
  t.deepEqual(stored, { local: [], session: [] });

  await page.reload({ waitUntil: 'load' });
  await page.locator('.graphiql-query-editor .CodeMirror').first().waitFor();
  t.is(await editorText(page), EXPLORER_DEFAULT_QUERY, 'a reload starts afresh');
});
