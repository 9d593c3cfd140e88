import { fork } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { percentiles, type LoadStats } from './flows';

export interface LedgerWatchStats {
  readonly subscribers: number;
  /** Moves delivered to all subscribers together, per second of the load. */
  readonly eventsPerSecond: number;
  /** Per subscriber: each got every move (the same count). */
  readonly eventsPerSubscriber: number[];
  /** From the first poll (every POLL_MS) that saw the move committed in MySQL to its delivery. */
  readonly commitToDeliveryMs: LoadStats['latencyMs'];
  /** From the engine's move (its ledger time) to its delivery: the sync's lag included. */
  readonly moveToDeliveryMs: LoadStats['latencyMs'];
}

const POLL_MS = 10;
const WATCHERS = path.resolve(__dirname, '../servers/ledger-watchers.ts');

interface WatchersReport {
  counts: number[];
  last: number;
  delivered?: Array<[sequence: number, deliveredAtMs: number, movedAtMs: number]>;
}

/**
 * `subscribers` WatchLedger streams (through client/, in a process of their own: bench/servers/
 * ledger-watchers.ts) on the engine at `address`, from the ledger's end, while `load` runs; then until
 * every subscriber has the ledger's last move. A poller of MySQL notes when each id was first seen
 * committed (by its sequence), so the delay from commit to delivery is known within POLL_MS (both processes read the
 * same wall clock).
 */
export async function measureLedgerWatch(address: string, db: Knex, subscribers: number, load: () => Promise<LoadStats>): Promise<LedgerWatchStats> {
  const maxId = async () => Number((await db('ledger_entries').max({ id: 'seq' }))[0]?.id ?? 0); // the stream's sequence
  const start = await maxId();
  /** Ascending (id, first seen at): the poller's log of the ledger's end. */
  const seen: Array<[number, number]> = [[start, Date.now()]];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const id = await maxId();
      if (id > seen.at(-1)![0]) seen.push([id, Date.now()]);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const firstSeen = (id: number) => {
    let low = 0;
    let high = seen.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (seen[middle]![0] >= id) high = middle;
      else low = middle + 1;
    }
    return seen[low]![1];
  };

  const watchers = fork(WATCHERS, [address, String(start), String(subscribers)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let latest: WatchersReport = { counts: [], last: start };
  watchers.on('message', (message: WatchersReport) => {
    latest = message;
  });
  await new Promise<void>((resolve) => watchers.once('message', () => resolve()));
  const stats = await load();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const end = await maxId();
    const { counts, last } = latest;
    if (counts.length === subscribers && counts.every((count) => count > 0 && count === counts[0]) && last >= end && end === (await maxId())) break;
    if (Date.now() > deadline) throw new Error(`subscribers did not reach the ledger's end ${end} (at ${last}; counts ${counts.join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const final = await new Promise<WatchersReport>((resolve) => {
    watchers.on('message', (message: WatchersReport) => {
      if (message.delivered) resolve(message);
    });
    watchers.send('stop');
  });
  await new Promise((resolve) => watchers.once('exit', resolve));
  polling = false;
  await poller;
  const delivered = final.delivered ?? [];
  return {
    subscribers,
    eventsPerSecond: final.counts.reduce((a, b) => a + b, 0) / stats.seconds,
    eventsPerSubscriber: final.counts,
    commitToDeliveryMs: percentiles(delivered.map(([sequence, at]) => Math.max(0, at - firstSeen(sequence)))),
    moveToDeliveryMs: percentiles(delivered.map(([, at, moved]) => at - moved)),
  };
}
