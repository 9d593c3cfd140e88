import test from 'ava';
import { createLogger } from '../../src/logging/logger';
import { createSignalHandler, SAME_STOP_WINDOW_MS } from '../../src/lifecycle/shutdown';

// One stop per stop: the copies of a signal that its relays deliver (npm, tsx) within the window are
// the same stop; a signal after it still means "now".
function harness() {
  let now = 1_000_000;
  const exits: number[] = [];
  let stops = 0;
  let finish!: () => void;
  const deadlines: Array<{ run: () => void; ms: number }> = [];
  const handler = createSignalHandler(createLogger('silent'), () => {
    stops += 1;
    return new Promise<void>((resolve) => (finish = resolve));
  }, { clock: () => now, exit: (code) => exits.push(code), deadlineMs: 25_000, schedule: (run, ms) => deadlines.push({ run, ms }) });
  return {
    handler, exits, deadlines, advance: (ms: number) => (now += ms), stops: () => stops,
    finished: async () => {
      finish();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

test('a signal and its relayed copies within the window are one graceful stop, exiting 0 once it is done', async (t) => {
  const h = harness();
  h.handler('SIGTERM');
  h.advance(3);
  h.handler('SIGTERM');
  h.advance(SAME_STOP_WINDOW_MS - 10);
  h.handler('SIGINT');
  t.is(h.stops(), 1);
  t.deepEqual(h.exits, []);
  await h.finished();
  t.deepEqual(h.exits, [0]);
});

test('a second signal after the window exits at once with 1', (t) => {
  const h = harness();
  h.handler('SIGINT');
  h.advance(SAME_STOP_WINDOW_MS);
  h.handler('SIGINT');
  t.deepEqual(h.exits, [1]);
  t.is(h.stops(), 1);
});

test('a stop that has not finished by its deadline exits 1; one that finished first is left alone', async (t) => {
  const stuck = harness();
  stuck.handler('SIGTERM');
  t.deepEqual(stuck.deadlines.map((d) => d.ms), [25_000]);
  stuck.deadlines[0]!.run(); // a client still waiting for a Redis that is gone
  t.deepEqual(stuck.exits, [1]);

  const done = harness();
  done.handler('SIGTERM');
  await done.finished();
  done.deadlines[0]!.run();
  t.deepEqual(done.exits, [0]);
});
