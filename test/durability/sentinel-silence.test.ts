import net from 'node:net';
import test from 'ava';
import { SENTINEL_ANSWER_STALE_MS, watchPromotableReplicas } from '../../src/redis/sentinel-replicas';
import { until } from '../helpers/until';

// Issue 47, review item 16: the count of replicas a Sentinel could promote is trusted only while a
// Sentinel answers; once none has answered for SENTINEL_ANSWER_STALE_MS a barrier fails closed. A
// Sentinel is played here by a small RESP server (the real topology is tested in sentinel-replicas).

const bulk = (value: string) => `$${Buffer.byteLength(value)}\r\n${value}\r\n`;
const array = (items: string[]) => `*${items.length}\r\n${items.join('')}`;
const fields = (record: Record<string, string>) => array(Object.entries(record).flatMap(([k, v]) => [bulk(k), bulk(v)]));

/** Answers SENTINEL master / replicas for one primary and two promotable replicas (one of priority 0, not counted). */
function fakeSentinel(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString();
      for (;;) {
        const command = parseCommand(pending);
        if (!command) break;
        pending = pending.slice(command.length);
        const [name, sub] = command.words.map((w) => w.toLowerCase());
        if (name === 'sentinel' && sub === 'master') socket.write(fields({ name: 'm', ip: '127.0.0.1', port: '7000', flags: 'master', runid: 'f'.repeat(40) }));
        else if (name === 'sentinel' && sub === 'replicas') {
          socket.write(array([
            fields({ ip: '127.0.0.1', port: '7001', flags: 'slave', 'slave-priority': '100', 'role-reported': 'slave' }),
            fields({ ip: '127.0.0.1', port: '7002', flags: 'slave', 'slave-priority': '0', 'role-reported': 'slave' }),
          ]));
        } else if (name === 'info') socket.write(bulk('# Server\r\nloading:0\r\n'));
        else socket.write('+OK\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    port: (server.address() as net.AddressInfo).port,
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  })));
}

function parseCommand(text: string): { words: string[]; length: number } | null {
  const lines = text.split('\r\n');
  if (!lines[0]?.startsWith('*')) return null;
  const count = Number(lines[0].slice(1));
  if (lines.length < 1 + count * 2 + 1) return null;
  const words = Array.from({ length: count }, (_, i) => lines[2 + i * 2]!);
  return { words, length: lines.slice(0, 1 + count * 2).join('\r\n').length + 2 };
}

const written = { runId: 'f'.repeat(40), attached: [] };

test('the count holds while a Sentinel answers (a priority-0 replica is not waited for) and fails closed once none has answered for a while', async (t) => {
  const sentinel = await fakeSentinel();
  const replicas = watchPromotableReplicas({ name: 'm', sentinels: [{ host: '127.0.0.1', port: sentinel.port }] });
  t.teardown(() => replicas.stop());
  t.is(await replicas.count(written), 1, 'the promotable replica of priority 100 only');
  sentinel.close();
  const silentSince = Date.now();
  await until('the count is no longer trusted', async () => replicas.count(written).then(() => false, () => true), SENTINEL_ANSWER_STALE_MS + 5000);
  t.true(Date.now() - silentSince >= SENTINEL_ANSWER_STALE_MS - 300, 'not before the answers went stale');
  await t.throwsAsync(replicas.count(written), { message: /no Sentinel has answered for \d+ ms/ });
});
