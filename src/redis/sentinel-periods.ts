import type Redis from 'ioredis';

/**
 * A Sentinel's periods (`SENTINEL DEBUG`): PING and INFO decide how old an INFO it may choose a replica
 * on; PUBLISH paces its hello messages and how long it waits before it turns a node that reports itself a
 * primary into a replica (four periods).
 */
export interface SentinelPeriods {
  readonly pingMs: number;
  readonly infoMs: number;
  readonly publishMs: number;
}

/** Valkey's defaults: what a Sentinel runs on after a restart, and what one that will not say is taken to run on. */
export const DEFAULT_SENTINEL_PERIODS: SentinelPeriods = { pingMs: 1000, infoMs: 10_000, publishMs: 2000 };

/**
 * What the roles set on every Sentinel (docs/operations.md, "Fencing"): an INFO of every node each
 * second, so a fence (priority 0) is in every Sentinel's view within a second, and a PING each half
 * second, so a replica that died stops counting 3 s after its last INFO rather than 30 s; hellos each
 * half second, so a resumed primary is turned into a replica 2 s after it reports itself one, not 8 s.
 */
export const TUNED_SENTINEL_PERIODS: SentinelPeriods = { pingMs: 500, infoMs: 1000, publishMs: 500 };

/**
 * How old a Sentinel's INFO of a replica may be for it to choose that replica (sentinelSelectSlave):
 * five PING periods while it sees the primary down, three INFO periods otherwise (a failover under way
 * whose primary came back). The larger of the two: 30 s on the defaults, 3 s tuned.
 */
export const infoValidityMs = (periods: SentinelPeriods): number => Math.max(5 * periods.pingMs, 3 * periods.infoMs);

const PARAMETERS = { pingMs: 'PING-PERIOD', infoMs: 'INFO-PERIOD', publishMs: 'PUBLISH-PERIOD' } as const;
const NAMES = Object.keys(PARAMETERS) as Array<keyof SentinelPeriods>;

/** The Sentinel's periods as it reports them; the defaults when it will not (an older Sentinel, a refusing ACL). */
export async function sentinelPeriods(sentinel: Redis): Promise<SentinelPeriods> {
  return (await readPeriods(sentinel)) ?? DEFAULT_SENTINEL_PERIODS;
}

async function readPeriods(sentinel: Redis): Promise<SentinelPeriods | null> {
  const reply = (await sentinel.call('SENTINEL', 'DEBUG').catch(() => null)) as string[] | null;
  if (!Array.isArray(reply)) return null;
  const value = (name: string, fallback: number) => {
    const at = reply.findIndex((field) => String(field).toUpperCase() === name);
    const parsed = at < 0 ? Number.NaN : Number(reply[at + 1]);
    return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
  };
  return Object.fromEntries(NAMES.map((name) => [name, value(PARAMETERS[name], DEFAULT_SENTINEL_PERIODS[name])])) as unknown as SentinelPeriods;
}

/** Sets TUNED_SENTINEL_PERIODS on a Sentinel that runs on others (a restart brings back the defaults); refusals are left as they are. */
export async function tuneSentinel(sentinel: Redis): Promise<void> {
  const periods = await readPeriods(sentinel);
  if (periods === null || NAMES.every((name) => periods[name] === TUNED_SENTINEL_PERIODS[name])) return;
  await sentinel.call('SENTINEL', 'DEBUG', ...NAMES.flatMap((name) => [PARAMETERS[name], TUNED_SENTINEL_PERIODS[name]])).catch(() => undefined);
}
