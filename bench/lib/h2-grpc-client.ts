import http2 from 'node:http2';

export interface GrpcResult {
  /** grpc-status (0 = OK); -1 when the stream failed before any status. */
  readonly status: number;
  readonly message: string;
  readonly frame: Buffer | null;
}

/**
 * A gRPC client on Node's own http2, a few sessions round-robin: one HEADERS and one DATA frame per
 * call (the message is encoded by bench/lib/proto-wire), status read from the trailers. It costs a
 * fraction of a grpc-js client per call, so one core of load drives more than one core of server.
 */
export class H2GrpcClient {
  private readonly sessions: http2.ClientHttp2Session[];
  private next = 0;

  constructor(address: string, connections = 4) {
    this.sessions = Array.from({ length: connections }, () => {
      const session = http2.connect(`http://${address}`, { settings: { enablePush: false } });
      session.on('error', () => undefined);
      return session;
    });
  }

  call(path: string, frame: Buffer): Promise<GrpcResult> {
    const session = this.sessions[this.next++ % this.sessions.length]!;
    return new Promise((resolve) => {
      const stream = session.request(
        { ':method': 'POST', ':path': path, 'content-type': 'application/grpc', te: 'trailers' },
        { endStream: false },
      );
      const chunks: Buffer[] = [];
      let status = -1;
      let message = '';
      const readStatus = (headers: http2.IncomingHttpHeaders) => {
        if (headers['grpc-status'] !== undefined) {
          status = Number(headers['grpc-status']);
          message = decodeURIComponent(String(headers['grpc-message'] ?? ''));
        }
      };
      stream.on('response', readStatus);
      stream.on('trailers', readStatus);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => {
        message = error.message;
      });
      stream.on('close', () => resolve({ status, message, frame: chunks.length ? Buffer.concat(chunks) : null }));
      stream.end(frame);
    });
  }

  close(): void {
    for (const session of this.sessions) session.close();
  }
}
