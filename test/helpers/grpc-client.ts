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
import { PROTO_LOADER_OPTIONS, PROTO_PATH } from '../../src/grpc/reservation-proto';

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
