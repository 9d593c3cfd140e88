import net from 'node:net';

export interface TcpRelay {
  readonly port: number;
  /** Resets every connection and refuses new ones: what a client sees when the server stops. */
  close(): void;
  /** Relays new connections again. */
  open(): void;
  /** Closes the listener and every connection. */
  stop(): Promise<void>;
}

export interface TcpRelayOptions {
  /**
   * Sees each chunk the server sends back before the client gets it; answering false cuts both
   * connections instead (the server did the work, its reply is lost on the way back).
   */
  readonly onReply?: (chunk: Buffer) => boolean;
}

/**
 * A TCP relay on a loopback port in front of `targetHost:targetPort`, for failure tests: the soak's
 * MySQL outage (closed, then open) and the tests' lost replies (`onReply`). Loopback only.
 */
export async function startTcpRelay(targetHost: string, targetPort: number, options: TcpRelayOptions = {}): Promise<TcpRelay> {
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
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (options.onReply && !options.onReply(chunk)) {
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resetAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    close() {
      open = false;
      resetAll();
    },
    open() {
      open = true;
    },
    async stop() {
      open = false;
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
