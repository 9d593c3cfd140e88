import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { openApiDocument } from '../../src/admin/openapi/openapi-document';
import { useSharedTestApi, type TestApi } from '../helpers/api';
import { openConsole, useSharedChromium } from '../helpers/console-browser';

// GET /docs: Swagger UI, bundled by Vite (api-docs/), draws every operation of /openapi.json in
// Debian's Chromium under the page's strict CSP, loading nothing from another host.
const test = anyTest as TestFn<{ api: TestApi; browser: Browser }>;
useSharedTestApi(test);
useSharedChromium(test);

const operationCount = () =>
  Object.values((openApiDocument() as { paths: Record<string, Record<string, unknown>> }).paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);

test('the API docs page draws every documented operation from this server alone', async (t) => {
  const tab = await openConsole(t.context.browser, t.context.api);
  t.teardown(() => tab.close());
  const { page } = tab;
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(`${message.text()} (${message.location().url})`);
  });
  await page.goto('/docs', { waitUntil: 'load' });
  await page.locator('.opblock').first().waitFor();
  t.is(await page.locator('.opblock').count(), operationCount());
  t.true(await page.getByRole('button', { name: /authorize/i }).first().isVisible());
  const origin = new URL(t.context.api.base).origin;
  t.deepEqual(tab.urls.filter((url) => !url.startsWith(origin) && !url.startsWith('data:')), [], 'nothing from another host');
  t.deepEqual(refused, [], 'no script error and no CSP refusal');
});
