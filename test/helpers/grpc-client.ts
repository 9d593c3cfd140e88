import http2 from 'node:http2';
import path from 'node:path';
import {
  credentials as grpcCredentials,
  loadPackageDefinition,
  Metadata,
  type ChannelCredentials,
  type Client,
  type ServiceClientConstructor,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { loadReservationProto, PROTO_LOADER_OPTIONS, PROTO_PATH } from '../../src/grpc/reservation-proto';

type Callback = (error: ServiceError | null, reply: Record<string, unknown>) => void;
type Unary = (request: object, metadata: Metadata, options: object, callback: Callback) => void;

function constructor(protoFile: string, servicePath: string[]): ServiceClientConstructor {
  let node: unknown = loadPackageDefinition(loadSync(protoFile, { ...PROTO_LOADER_OPTIONS, includeDirs: [path.dirname(protoFile)] }));
  for (const part of servicePath) node = (node as Record<string, unknown>)[part];
  return node as ServiceClientConstructor;
}

const Reservation = constructor(PROTO_PATH, ['reservation', 'ReservationService']);
const Health = constructor(healthProtoPath, ['grpc', 'health', 'v1', 'Health']);

export interface CallResult {
  readonly reply?: Record<string, unknown>;
  readonly error?: ServiceError;
}

/** A plain grpc-js client of the real proto: calls resolve with the reply or the status error. */
export function reservationClient(address: string, options: { token?: string; credentials?: ChannelCredentials } = {}) {
  const client = new Reservation(address, options.credentials ?? grpcCredentials.createInsecure());
  return {
    client,
    call: (method: string, request: object, deadlineMs = 5000) => unary(client, method, request, options.token, deadlineMs),
    close: () => client.close(),
  };
}

export function healthClient(address: string) {
  const client = new Health(address, grpcCredentials.createInsecure());
  return {
    check: async (service = '') => (await unary(client, 'Check', { service })).reply?.status,
    /** A Watch stream: every status the server pushes for `service`, in order. */
    watch(service = '') {
      const statuses: string[] = [];
      const call = (client as unknown as { Watch(request: object): NodeJS.EventEmitter & { cancel(): void } }).Watch({ service });
      call.on('data', (message: { status: string }) => statuses.push(message.status));
      call.on('error', () => undefined); // cancelled, or the server went away
      return { statuses, cancel: () => call.cancel() };
    },
    close: () => client.close(),
  };
}

function unary(client: Client, method: string, request: object, token?: string, deadlineMs = 5000): Promise<CallResult> {
  const metadata = new Metadata();
  if (token !== undefined) metadata.set('authorization', token);
  const fn = (client as unknown as Record<string, Unary>)[method]!;
  return new Promise((resolve) => {
    fn.call(client, request, metadata, { deadline: Date.now() + deadlineMs }, (error, reply) =>
      resolve(error ? { error } : { reply }),
    );
  });
}

/**
 * A unary call made by hand over HTTP/2: its headers go at once, its message only when `release`
 * resolves (a call open across a change on the server, such as a revoked key). Answers the call's
 * grpc-status and grpc-message.
 */
export function unaryHeldBack(address: string, method: string, token: string, request: object, release: Promise<void>): Promise<{ status: number; message: string }> {
  const { service } = loadReservationProto();
  const definition = service[method]!;
  const body = definition.requestSerialize(request);
  const frame = Buffer.concat([Buffer.from([0, (body.length >>> 24) & 255, (body.length >>> 16) & 255, (body.length >>> 8) & 255, body.length & 255]), body]);
  const session = http2.connect(`http://${address}`);
  const stream = session.request({ ':method': 'POST', ':path': definition.path, 'content-type': 'application/grpc', te: 'trailers', authorization: `Bearer ${token}` });
  return new Promise((resolve, reject) => {
    let answer: { status: number; message: string } | null = null;
    const take = (headers: http2.IncomingHttpHeaders) => {
      if (headers['grpc-status'] !== undefined) answer = { status: Number(headers['grpc-status']), message: decodeURIComponent(String(headers['grpc-message'] ?? '')) };
    };
    stream.on('response', take);
    stream.on('trailers', take);
    stream.on('data', () => undefined);
    stream.on('error', reject);
    stream.on('close', () => {
      session.close();
      if (answer) resolve(answer);
      else reject(new Error('the call closed without a grpc-status'));
    });
    void release.then(() => stream.end(frame));
  });
}

/** A WatchLedger stream of the raw client with `authorization` set to `token` (when given): its call, and the status it ends with. */
export function watchLedgerCall(client: Client, request: object, token?: string): { call: NodeJS.EventEmitter & { cancel(): void }; ended: Promise<ServiceError> } {
  const metadata = new Metadata();
  if (token) metadata.set('authorization', token);
  const call = (client as unknown as { WatchLedger: (r: object, m: Metadata) => NodeJS.EventEmitter & { cancel(): void } }).WatchLedger(request, metadata);
  const ended = new Promise<ServiceError>((resolve) => call.on('error', resolve));
  call.on('data', () => undefined);
  return { call, ended };
}
