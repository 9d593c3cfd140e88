import net from 'node:net';
import type { GrpcResult } from './h2-grpc-client';

/**
 * A gRPC client that writes HTTP/2 frames straight onto a TCP socket: each call is one pre-encoded
 * HEADERS block (HPACK literals, no Huffman, no dynamic table) plus one DATA frame, written together.
 * Replies are parsed frame by frame. What is checked per call: a DATA message arrived and the stream
 * ended with trailers, not RST_STREAM (grpc-js answers any non-OK status trailers-only, without
 * DATA); the caller then checks the message itself. Header blocks are not HPACK-decoded, so a failed
 * call is reported as "trailers-only" without its code (the http2 client reports codes).
 */
const FRAME = { DATA: 0x0, HEADERS: 0x1, RST_STREAM: 0x3, SETTINGS: 0x4, PING: 0x6, GOAWAY: 0x7, WINDOW_UPDATE: 0x8 } as const;
const FLAG = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4, PADDED: 0x8, PRIORITY: 0x20 } as const;
const BIG_WINDOW = 1 << 30;

function frameHeader(length: number, type: number, flags: number, streamId: number): Buffer {
  const header = Buffer.alloc(9);
  header.writeUIntBE(length, 0, 3);
  header[3] = type;
  header[4] = flags;
  header.writeUInt32BE(streamId, 5);
  return header;
}

function literal(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from([bytes.length]), bytes]); // strings here are < 127 bytes
}

function requestHeaderBlock(path: string, authority: string, authorization?: string): Buffer {
  return Buffer.concat([
    Buffer.from([0x83, 0x86]), // :method POST, :scheme http (static table 3 and 6)
    Buffer.from([0x04]), literal(Buffer.from(path)), // :path, literal without indexing, name 4
    Buffer.from([0x01]), literal(Buffer.from(authority)), // :authority, name 1
    Buffer.from([0x0f, 0x10]), literal(Buffer.from('application/grpc')), // content-type, name 31
    Buffer.from([0x00]), literal(Buffer.from('te')), literal(Buffer.from('trailers')),
    // The caller's credential (a token or a server API key), a literal name and value.
    ...(authorization ? [Buffer.from([0x00]), literal(Buffer.from('authorization')), literal(Buffer.from(authorization))] : []),
  ]);
}

interface Pending {
  data: Buffer[];
  resolve(result: GrpcResult): void;
}

class RawConnection {
  private readonly socket: net.Socket;
  private readonly pending = new Map<number, Pending>();
  private readonly blocks = new Map<string, Buffer>();
  private nextStream = 1;
  private inbox: Buffer = Buffer.alloc(0);
  private sendWindow = 65535;
  private received = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly host: string, private readonly port: number, private readonly authorization?: string) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', () => this.failAll('connection error'));
    this.socket.on('close', () => this.failAll('connection closed'));
    const settings = Buffer.alloc(18);
    settings.writeUInt16BE(0x1, 0); // HEADER_TABLE_SIZE 0: the server may not index headers
    settings.writeUInt32BE(0, 2);
    settings.writeUInt16BE(0x2, 6); // ENABLE_PUSH 0
    settings.writeUInt32BE(0, 8);
    settings.writeUInt16BE(0x4, 12); // INITIAL_WINDOW_SIZE: replies never wait on us
    settings.writeUInt32BE(BIG_WINDOW, 14);
    const windowUpdate = Buffer.alloc(4);
    windowUpdate.writeUInt32BE(BIG_WINDOW, 0);
    this.socket.write(Buffer.concat([
      Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frameHeader(18, FRAME.SETTINGS, 0, 0), settings,
      frameHeader(4, FRAME.WINDOW_UPDATE, 0, 0), windowUpdate,
    ]));
  }

  async call(path: string, message: Buffer): Promise<GrpcResult> {
    while (this.sendWindow < message.length) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.sendWindow -= message.length;
    let block = this.blocks.get(path);
    if (!block) {
      block = requestHeaderBlock(path, `${this.host}:${this.port}`, this.authorization);
      this.blocks.set(path, block);
    }
    const streamId = this.nextStream;
    this.nextStream += 2;
    return new Promise((resolve) => {
      this.pending.set(streamId, { data: [], resolve });
      this.socket.write(Buffer.concat([
        frameHeader(block.length, FRAME.HEADERS, FLAG.END_HEADERS, streamId), block,
        frameHeader(message.length, FRAME.DATA, FLAG.END_STREAM, streamId), message,
      ]));
    });
  }

  close(): void {
    this.socket.end();
  }

  private onData(chunk: Buffer): void {
    this.inbox = this.inbox.length ? Buffer.concat([this.inbox, chunk]) : chunk;
    let offset = 0;
    while (this.inbox.length - offset >= 9) {
      const length = this.inbox.readUIntBE(offset, 3);
      if (this.inbox.length - offset < 9 + length) break;
      const type = this.inbox[offset + 3]!;
      const flags = this.inbox[offset + 4]!;
      const streamId = this.inbox.readUInt32BE(offset + 5) & 0x7fffffff;
      this.onFrame(type, flags, streamId, this.inbox.subarray(offset + 9, offset + 9 + length));
      offset += 9 + length;
    }
    this.inbox = this.inbox.subarray(offset);
  }

  private onFrame(type: number, flags: number, streamId: number, payload: Buffer): void {
    const stream = this.pending.get(streamId);
    switch (type) {
      case FRAME.DATA: {
        const pad = flags & FLAG.PADDED ? payload[0]! : -1;
        if (stream && payload.length > 0) stream.data.push(Buffer.from(pad >= 0 ? payload.subarray(1, payload.length - pad) : payload));
        this.received += payload.length;
        if (this.received > BIG_WINDOW / 2) this.replenish();
        if (flags & FLAG.END_STREAM) this.finish(streamId, 'stream ended without trailers');
        return;
      }
      case FRAME.HEADERS:
        if (flags & FLAG.END_STREAM) this.finish(streamId, stream?.data.length ? '' : 'trailers-only reply: a non-OK gRPC status');
        return;
      case FRAME.RST_STREAM:
        this.finish(streamId, `stream reset (code ${payload.readUInt32BE(0)})`);
        return;
      case FRAME.SETTINGS:
        if (!(flags & FLAG.ACK)) this.socket.write(frameHeader(0, FRAME.SETTINGS, FLAG.ACK, 0));
        return;
      case FRAME.PING:
        if (!(flags & FLAG.ACK)) this.socket.write(Buffer.concat([frameHeader(8, FRAME.PING, FLAG.ACK, 0), payload]));
        return;
      case FRAME.WINDOW_UPDATE:
        if (streamId === 0) {
          this.sendWindow += payload.readUInt32BE(0) & 0x7fffffff;
          for (const wake of this.waiting.splice(0)) wake();
        }
        return;
      case FRAME.GOAWAY:
        this.failAll('GOAWAY');
        return;
    }
  }

  private replenish(): void {
    const update = Buffer.alloc(4);
    update.writeUInt32BE(this.received, 0);
    this.socket.write(Buffer.concat([frameHeader(4, FRAME.WINDOW_UPDATE, 0, 0), update]));
    this.received = 0;
  }

  private finish(streamId: number, error: string): void {
    const stream = this.pending.get(streamId);
    if (!stream) return;
    this.pending.delete(streamId);
    const ok = error === '' && stream.data.length > 0;
    stream.resolve({ status: ok ? 0 : -1, message: error, frame: ok ? Buffer.concat(stream.data) : null });
  }

  private failAll(reason: string): void {
    for (const id of [...this.pending.keys()]) this.finish(id, reason);
  }
}

export class RawH2GrpcClient {
  private readonly connections: RawConnection[];
  private next = 0;

  /** `authorization`: the header's value (`Bearer <token or key>`), sent with every call. */
  constructor(address: string, connections = 4, authorization?: string) {
    const [host, port] = address.split(':') as [string, string];
    this.connections = Array.from({ length: connections }, () => new RawConnection(host, Number(port), authorization));
  }

  call(path: string, message: Buffer): Promise<GrpcResult> {
    return this.connections[this.next++ % this.connections.length]!.call(path, message);
  }

  close(): void {
    for (const connection of this.connections) connection.close();
  }
}
