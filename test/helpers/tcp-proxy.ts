import { startTcpRelay } from '../../bench/lib/tcp-relay';

export interface TcpProxy {
  readonly port: number;
  /**
   * The next reply from the server that carries `marker` is swallowed and the client's connection cut:
   * the command ran on the server, but its reply is lost on the way back.
   */
  dropNextReplyContaining(marker: string): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of `targetPort`, able to lose one reply on purpose (the bench's relay). */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let armed: { marker: string; dropped: () => void } | null = null;
  const relay = await startTcpRelay('127.0.0.1', targetPort, {
    onReply: (chunk) => {
      if (!armed || !chunk.toString('latin1').includes(armed.marker)) return true;
      const { dropped } = armed;
      armed = null;
      dropped();
      return false;
    },
  });
  return {
    port: relay.port,
    dropNextReplyContaining: (marker) => new Promise<void>((resolve) => (armed = { marker, dropped: resolve })),
    close: () => relay.stop(),
  };
}
