import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /**
   * The next reply from the server that carries `marker` is swallowed and the client's connection cut:
   * the command ran on the server, but its reply is lost on the way back.
   */
  dropNextReplyContaining(marker: string): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of `targetPort`, able to lose one reply on purpose. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let armed: { marker: string; dropped: () => void } | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (armed && chunk.toString('latin1').includes(armed.marker)) {
        const { dropped } = armed;
        armed = null;
        client.destroy();
        upstream.destroy();
        dropped();
        return;
      }
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    dropNextReplyContaining: (marker) => new Promise<void>((resolve) => (armed = { marker, dropped: resolve })),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
