import anyTest, { type TestFn } from 'ava';
import fc from 'fast-check';
import { createTestApi, type TestApi } from '../helpers/api';

// The console's account of what saving a wallet's limits does (console/src/format/limit-change.ts):
// each rule by hand, then random pairs of limit sets put through the real server, whose answer (what
// holds now, what waits) must be what the console said before the save.
type LimitChangeModule = typeof import('../../console/src/format/limit-change.js', { with: { 'resolution-mode': 'import' } });
type LimitSet = import('../../console/src/format/limit-change.js', { with: { 'resolution-mode': 'import' } }).LimitSet;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { planLimits } = require('../../console/src/format/limit-change') as LimitChangeModule;
const test = anyTest as TestFn;

const set = (max_bet: string | null, loss_limit: string | null, loss_period: string | null = loss_limit === null ? null : 'week'): LimitSet => ({ max_bet, loss_limit, loss_period });
const NONE = set(null, null);

test('each change says whether it applies at once or waits, and what becomes of a waiting change', (t) => {
  const current = set('5000', '20000', 'week');
  const summary = (asked: LimitSet, waiting: LimitSet | null = null) => {
    const plan = planLimits(current, asked, waiting);
    return [...plan.changes.map((change) => `${change.limit} ${change.why} ${change.waits ? 'waits' : 'now'}`), plan.pending];
  };
  t.deepEqual(summary(set('4000', '20000', 'week')), ['max_bet a lower limit now', 'none']);
  t.deepEqual(summary(set('6000', '20000', 'week')), ['max_bet a higher limit waits', 'none']);
  t.deepEqual(summary(set(null, '20000', 'week')), ['max_bet a removal waits', 'none']);
  t.deepEqual(summary(set('5000', '15000', 'day')), ['loss_limit a lower limit now', 'loss_period another period waits', 'none'],
    'the issue\'s case: the lower amount holds at once (in the period that holds); the other period waits');
  t.deepEqual(summary(set('5000', '15000', 'week')), ['loss_limit a lower limit now', 'none']);
  t.deepEqual(summary(set('5000', null)), ['loss_limit a removal waits', 'none']);
  t.deepEqual(summary(current), ['none'], 'the limits that hold now change nothing');
  t.deepEqual(planLimits(NONE, set('100', null), null).changes.map((c) => c.why), ['a first limit']);
  t.deepEqual(planLimits(NONE, set(null, null, 'month'), null).changes, [], 'a period without a loss limit is nothing');
  const waiting = set(null, '20000', 'week');
  t.deepEqual(summary(current, waiting), ['dropped'], 'saving what holds now cancels the waiting change');
  t.deepEqual(summary(set('4000', '20000', 'week'), waiting), ['max_bet a lower limit now', 'dropped'], 'a decrease cancels a pending increase');
  t.deepEqual(summary(set('9000', '20000', 'week'), waiting), ['max_bet a higher limit waits', 'replaced']);
  t.deepEqual(summary(waiting, waiting), ['max_bet a removal waits', 'kept'], 'asking again for the waiting change keeps it');
});

const limitSet = fc.record({
  max_bet: fc.option(fc.constantFrom('100', '500', '900'), { nil: null }),
  loss_limit: fc.option(fc.constantFrom('0', '1000', '5000'), { nil: null }),
  loss_period: fc.constantFrom('day', 'week', 'month'),
}).map((s): LimitSet => ({ ...s, loss_period: s.loss_limit === null ? null : s.loss_period }));

test('against the real server: what holds and what waits after a save is what the plan said', async (t) => {
  const api: TestApi = await createTestApi();
  t.teardown(() => api.close());
  const token = api.users.admin.token;
  const game = (await api.request('POST', '/api/games', { token, body: { name: 'Plan', slug: `plan-${Date.now()}` } })).body as { id: number };
  const ug = (await api.request('POST', `/api/users/${api.users.user.id}/games`, { token, body: { game_id: game.id } })).body as { id: number };
  let currency = 0;
  await fc.assert(
    fc.asyncProperty(limitSet, fc.option(limitSet, { nil: null }), limitSet, async (first, loosening, asked) => {
      // A fresh currency per case: its wallet starts without limits. `first` holds at once (a first
      // limit); `loosening`, when given, is asked next and may leave a change waiting.
      const code = `Q${String.fromCharCode(65 + Math.floor(currency / 26) % 26)}${String.fromCharCode(65 + (currency++ % 26))}`;
      await api.request('POST', '/api/currencies', { token, body: { code, exponent: 2 } });
      const put = async (body: LimitSet) => {
        // REST takes minor units as numbers (the console sends GraphQL's Money strings).
        const number = (value: string | null) => (value === null ? null : Number(value));
        const answer = await api.request('PUT', `/api/user-games/${ug.id}/limits`, { token, body: { currency: code, max_bet: number(body.max_bet), loss_limit: number(body.loss_limit), loss_period: body.loss_period } });
        if (answer.status !== 200) throw new Error(`PUT limits: ${answer.status} ${JSON.stringify(answer.body)}`);
      };
      const read = async () => {
        const rows = (await api.request('GET', `/api/user-games/${ug.id}/limits`, { token })).body as Array<LimitSet & { currency: string; max_bet: string | number | null; loss_limit: string | number | null; pending: (LimitSet & { effective_at: string }) | null }>;
        const row = rows.find((r) => r.currency === code);
        const norm = (s: LimitSet | null | undefined): LimitSet | null => (s ? { max_bet: s.max_bet == null ? null : String(s.max_bet), loss_limit: s.loss_limit == null ? null : String(s.loss_limit), loss_period: s.loss_limit == null ? null : s.loss_period } : null);
        return { current: norm(row) ?? NONE, pending: norm(row?.pending) };
      };
      await put(first);
      if (loosening) await put(loosening);
      const before = await read();
      const plan = planLimits(before.current, asked, before.pending);
      await put(asked);
      const after = await read();
      // What applies at once holds now; what waits does not, and waits as the whole of what was asked.
      const expectedNow = { ...before.current };
      for (const change of plan.changes.filter((c) => !c.waits)) {
        if (change.limit === 'max_bet') expectedNow.max_bet = change.to;
        // A first loss limit comes with its period; a lower one keeps the period that holds.
        else if (change.limit === 'loss_limit') Object.assign(expectedNow, { loss_limit: change.to, loss_period: change.from === null ? asked.loss_period : expectedNow.loss_period });
      }
      t.deepEqual(after.current, expectedNow, JSON.stringify({ before, asked, plan }));
      const waits = plan.changes.some((c) => c.waits);
      if (waits) t.deepEqual(after.pending, asked, 'a loosening waits as the whole of what was asked');
      else t.is(after.pending, null, plan.pending === 'dropped' ? 'the waiting change was dropped' : 'nothing waits');
    }),
    { numRuns: 30 },
  );
});
