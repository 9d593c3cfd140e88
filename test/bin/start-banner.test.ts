import test from 'ava';
import { startBanner } from '../../src/bin/start-banner';
import type { RunningRole } from '../../src/lifecycle/running-role';
import { testConfig } from '../helpers/test-config';

// What `npm start` prints once it serves: every role's address, and with the HTTP role the pages to
// open at PUBLIC_BASE_URL and how to log in (issue 37: it printed ports and a login call only).
const running: Array<Pick<RunningRole, 'name' | 'address'>> = [{ name: 'grpc', address: '127.0.0.1:50051' }, { name: 'http', address: '127.0.0.1:8080' }, { name: 'worker' }];

test('with the HTTP role the banner lists the console, the API docs, the GraphQL explorer and the queue dashboard at the public URL, then how to log in', (t) => {
  const config = testConfig({ PUBLIC_BASE_URL: 'https://ops.example.com/', ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'a long admin password' });
  const banner = startBanner(config, running);
  for (const url of ['https://ops.example.com/console', 'https://ops.example.com/docs', 'https://ops.example.com/graphql', 'https://ops.example.com/admin/queues']) {
    t.true(banner.includes(url), `${url} in:\n${banner}`);
  }
  t.regex(banner, /worker +\(no port: background jobs\)/);
  t.regex(banner, /Log in: POST https:\/\/ops\.example\.com\/api\/auth\/login \{"email":"admin@example\.com","password":"<ADMIN_PASSWORD>"\}/);
  t.false(banner.includes('a long admin password'), 'the password only when asked for');
  t.true(startBanner(config, running, true).includes('a long admin password'));
  t.regex(banner, /Sign in to the console as admin@example\.com\./);
});

test('the banner stands between two rules and blank lines, apart from the log lines around it', (t) => {
  const lines = startBanner(testConfig(), running).split('\n');
  t.is(lines[0], '');
  t.regex(lines[1]!, /^━{72}$/);
  t.regex(lines.at(-2)!, /^━{72}$/);
  t.is(lines.at(-1), '');
  t.is(lines[2], 'Serving:');
});

test('without the HTTP role there is nothing to open and no login line', (t) => {
  const banner = startBanner(testConfig(), [running[0]!]);
  t.regex(banner, /grpc +127\.0\.0\.1:50051/);
  t.false(/Open:|Log in/.test(banner), banner);
});
