import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startReplicatedTopology, TOPOLOGY_FILE } from './local-replicated';
import { isAlive, isPortOpen, stopPid, type Log } from './process-tools';
import { ensureStoreBinaries } from './store-binaries';

/** The development topology's fixed ports: a primary and two replicas, three Sentinels. */
const DATA_PORTS = [6380, 6381, 6382];
const SENTINEL_PORTS = [26380, 26381, 26382];

/**
 * `services up --replicated`: SPEC §1.10's local replicated store for development (a primary, two
 * replicas, three Sentinels, AOF always, min-replicas-to-write 1), daemons with their files under
 * `<dataDir>/replicated`; reused when its Sentinels answer already. Prints the settings to use it.
 */
export async function ensureReplicatedStore(dataDir: string, log: Log): Promise<void> {
  const dir = path.join(dataDir, 'replicated');
  const sentinels = SENTINEL_PORTS.map((port) => `127.0.0.1:${port}`).join(',');
  const running = await Promise.all(SENTINEL_PORTS.map((port) => isPortOpen('127.0.0.1', port)));
  if (running.every(Boolean)) {
    log(`replicated store: using the Sentinels that answer at ${sentinels}`);
  } else {
    const binaries = await ensureStoreBinaries(log);
    rmSync(dir, { recursive: true, force: true }); // a development store: started afresh, roles as configured here
    mkdirSync(dir, { recursive: true });
    await startReplicatedTopology({ binaries, dir, dataPorts: DATA_PORTS, sentinelPorts: SENTINEL_PORTS, detached: true });
    log(`replicated store: primary 127.0.0.1:${DATA_PORTS[0]}, replicas ${DATA_PORTS.slice(1).join(', ')}, Sentinels ${sentinels} (files in ${dir})`);
  }
  log(`use it with REDIS_SENTINELS=${sentinels} REDIS_SENTINEL_NAME=reservation REDIS_DURABILITY=replicated (then npm run migrate)`);
}

/** `services down --replicated`: stops the topology `ensureReplicatedStore` started. */
export async function stopReplicatedStore(dataDir: string): Promise<boolean> {
  const file = path.join(dataDir, 'replicated', TOPOLOGY_FILE);
  if (!existsSync(file)) return false;
  const { pids } = JSON.parse(readFileSync(file, 'utf8')) as { pids: Record<string, number> };
  await Promise.all(Object.values(pids).filter(isAlive).map((pid) => stopPid(pid)));
  rmSync(file);
  return true;
}
