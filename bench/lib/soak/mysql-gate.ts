import net from 'node:net';

/**
 * A TCP gate in front of MySQL: open, it relays; closed, it resets every connection and refuses new
 * ones, which is what the worker sees when MySQL stops (the soak does not stop a MySQL it may share).
 */
export async function startMysqlGate(targetHost: string, targetPort: number) {
  let open = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close(): void {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    open(): void {
      open = true;
    },
    async stop(): Promise<void> {
      open = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
