import Redis from 'ioredis';

/** What one look at a data node found (`INFO server` and `INFO replication`). */
export interface NodeState {
  readonly runId: string;
  readonly role: string;
  /** A replica's primary (`ip:port`), its link and its sync. */
  readonly primary: string | null;
  readonly linkUp: boolean;
  readonly syncing: boolean;
  /** The replication history it is on and how far it has got in it (a replica's processed offset, a primary's own). */
  readonly replId: string;
  readonly offset: number;
}

/**
 * Connections to the data nodes a Sentinel names, by address, each failing fast (500 ms) so one stopped
 * node never holds up a look at the others; credentials from REDIS_URL.
 */
export function dataNodeClients(url: string): { client(address: string): Redis; close(): void } {
  const credentials = new URL(url);
  const clients = new Map<string, Redis>();
  return {
    client(address) {
      let client = clients.get(address);
      if (!client) {
        const at = address.lastIndexOf(':');
        client = new Redis({
          host: address.slice(0, at), port: Number(address.slice(at + 1)), connectionName: 'reservation-replica-fence', maxRetriesPerRequest: 0,
          connectTimeout: 500, commandTimeout: 500, retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
          username: decodeURIComponent(credentials.username) || undefined,
          password: decodeURIComponent(credentials.password) || undefined,
        });
        client.on('error', () => undefined);
        clients.set(address, client);
      }
      return client;
    },
    close() {
      for (const client of clients.values()) client.disconnect();
    },
  };
}

export async function nodeState(node: Redis): Promise<NodeState> {
  const info = (await node.call('INFO', 'server', 'replication')) as string;
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
  const host = field('master_host');
  const role = field('role') ?? 'unknown';
  return {
    runId: field('run_id') ?? '',
    role,
    primary: host ? `${host}:${field('master_port')}` : null,
    linkUp: field('master_link_status') === 'up',
    syncing: field('master_sync_in_progress') === '1',
    replId: field('master_replid') ?? '',
    offset: Number(field(role === 'slave' ? 'slave_repl_offset' : 'master_repl_offset') ?? -1),
  };
}

export const priorityOf = async (node: Redis) => Number(((await node.config('GET', 'replica-priority')) as string[])[1]);
