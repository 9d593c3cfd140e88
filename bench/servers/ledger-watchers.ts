/**
 * WatchLedger subscribers in a process of their own (the bench's 'watch' scenario), so the load
 * generator's event loop does not delay their reads: `ledger-watchers.ts <address> <after> <count>`.
 * Through IPC it reports each subscriber's count and the first one's delivery times; it stops on 'stop'.
 */
import { createReservationClient } from '../../client/src';

const [address, after, countText] = process.argv.slice(2) as [string, string, string];
const client = createReservationClient({ address, batching: false });
const controller = new AbortController();
const counts = Array.from({ length: Number(countText) }, () => 0);
/** The first subscriber's moves: [sequence, delivered at (ms since the epoch), the move's time (ms)]. */
const delivered: Array<[number, number, number]> = [];
let last = Number(after);

const streams = counts.map(async (_, index) => {
  for await (const move of client.watchLedger({ afterSequence: after }, { signal: controller.signal })) {
    counts[index]! += 1;
    const sequence = Number(move.sequence);
    if (index === 0) delivered.push([sequence, Date.now(), Date.parse(move.time)]);
    if (sequence > last) last = sequence;
  }
});

const report = setInterval(() => process.send?.({ counts, last }), 100);
process.on('message', async (message) => {
  if (message !== 'stop') return;
  clearInterval(report);
  controller.abort();
  await Promise.allSettled(streams);
  process.send?.({ counts, last, delivered }, () => {
    void client.close().finally(() => process.exit(0));
  });
});
process.send?.({ counts, last });
