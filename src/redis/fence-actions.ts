import type Redis from 'ioredis';
import { priorityOf } from './data-nodes';

/** Where the priorities the fence lowered are noted (on the primary, a hash by node address), so any role can restore one. */
export const FENCE_NOTE_KEY = 'replica-fence';

/** The priority a fenced node gets back when neither this process nor the note knows its own (Valkey's default). */
export const DEFAULT_REPLICA_PRIORITY = 100;

/**
 * What the fence does to a node's `replica-priority`. Every fence is noted on the primary first (and
 * again after, should a racing role have cleared the note meanwhile): a role that stops between the
 * two leaves the priority for another to restore. A note is cleared only by the role that restores
 * the priority, so one left by a fence in flight stays.
 */
export function fenceActions(options: { client(address: string): Redis; noteKey: string; log(line: string): void }) {
  const { client, noteKey, log } = options;
  /** Priorities this process lowered, by node address. */
  const lowered = new Map<string, number>();
  return {
    lowered,
    /** Priority 0 until caught up; only with a primary to note the priority on. */
    async fence(address: string, primary: string): Promise<void> {
      const priority = await priorityOf(client(address));
      if (!(priority > 0)) return;
      await client(primary).hsetnx(noteKey, address, String(priority));
      lowered.set(address, priority);
      await client(address).config('SET', 'replica-priority', '0');
      await client(primary).hsetnx(noteKey, address, String(priority));
      log(`replica fence: ${address} may hold old data: replica-priority ${priority} -> 0 until it is a replica caught up`);
    },
    /** Its priority back (this process's memory, else the note), and the note cleared, once it is at 0. */
    async unfence(address: string, primary: string, noted: string | undefined): Promise<void> {
      const original = lowered.get(address) ?? Number(noted ?? 0);
      if (!(original > 0) || (await priorityOf(client(address))) !== 0) return;
      await client(address).config('SET', 'replica-priority', String(original));
      lowered.delete(address);
      if (noted !== undefined) await client(primary).hdel(noteKey, address);
      log(`replica fence: ${address} is a replica caught up: replica-priority 0 -> ${original}`);
    },
    /** With the primary gone and no replica promotable: a fenced replica that holds all the primary had a moment before. */
    async release(address: string): Promise<void> {
      if ((await priorityOf(client(address))) !== 0) return;
      const priority = lowered.get(address) ?? DEFAULT_REPLICA_PRIORITY;
      await client(address).config('SET', 'replica-priority', String(priority));
      lowered.delete(address);
      log(`replica fence: the primary is gone and no replica was promotable; ${address} held all it had: replica-priority 0 -> ${priority}`);
    },
  };
}
