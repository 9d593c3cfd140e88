import type { Knex } from 'knex';
import { createReservationClient } from '../../client/src';
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

/**
 * `subscribers` WatchLedger streams (through client/) on the engine at `address`, from the ledger's end,
 * while `load` runs; then until every subscriber has the ledger's last move. A poller of MySQL notes
 * when each id was first seen committed, so the delay from commit to delivery is known within POLL_MS.
 */
export async function measureLedgerWatch(address: string, db: Knex, subscribers: number, load: () => Promise<LoadStats>): Promise<LedgerWatchStats> {
  const maxId = async () => Number((await db('ledger_entries').max({ id: 'id' }))[0]?.id ?? 0);
  const start = await maxId();
  /** Ascending (id, first seen at): the poller's log of the ledger's end. */
  const seen: Array<[number, number]> = [[start, performance.now()]];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const id = await maxId();
      if (id > seen.at(-1)![0]) seen.push([id, performance.now()]);
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

  const client = createReservationClient({ address, batching: false });
  const controller = new AbortController();
  const counts = Array.from({ length: subscribers }, () => 0);
  const commitDelays: number[] = [];
  const moveDelays: number[] = [];
  let last = start;
  const streams = counts.map(async (_, index) => {
    for await (const move of client.watchLedger({ afterSequence: start }, { signal: controller.signal })) {
      counts[index]! += 1;
      const now = performance.now();
      if (index === 0) {
        // One subscriber's delays stand for all: they read the same tail.
        commitDelays.push(Math.max(0, now - firstSeen(Number(move.sequence))));
        moveDelays.push(Date.now() - Date.parse(move.time));
      }
      if (Number(move.sequence) > last) last = Number(move.sequence);
    }
  });
  const stats = await load();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const end = await maxId();
    if (counts.every((count) => count > 0) && counts.every((count) => count === counts[0]) && last >= end && end === (await maxId())) break;
    if (Date.now() > deadline) throw new Error(`subscribers did not reach the ledger's end ${end} (at ${last}; counts ${counts.join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  controller.abort();
  polling = false;
  await Promise.allSettled(streams);
  await poller;
  await client.close();
  const delivered = counts.reduce((a, b) => a + b, 0);
  return {
    subscribers,
    eventsPerSecond: delivered / stats.seconds,
    eventsPerSubscriber: counts,
    commitToDeliveryMs: percentiles(commitDelays),
    moveToDeliveryMs: percentiles(moveDelays),
  };
}
