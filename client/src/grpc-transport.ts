import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  credentials,
  loadPackageDefinition,
  Metadata,
  type ChannelCredentials,
  type ChannelOptions,
  type Client,
  type ClientReadableStream,
  type ServiceClientConstructor,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { ReservationError } from './errors';

/** The package's copy of the contract (made by its build), or the repository's source when run from it. */
const PROTO_PATH = [path.resolve(__dirname, '../proto/reservation.proto'), path.resolve(__dirname, '../../proto/reservation.proto')].find((file) =>
  existsSync(file),
)!;

/** int64 as decimal strings, field names as in the .proto, oneofs named: the server's own loader options. */
const LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

export type MethodName = 'Reserve' | 'Confirm' | 'Cancel' | 'GetTransaction' | 'ReserveBatch' | 'ConfirmBatch' | 'CancelBatch';

export interface TlsOptions {
  /** PEM of the CAs to trust (the system's when not given). */
  readonly rootCerts?: Buffer;
  /** For mutual TLS. */
  readonly privateKey?: Buffer;
  readonly certChain?: Buffer;
}

export interface TransportOptions {
  /** host:port of the gRPC role. */
  readonly address: string;
  /** One of the server's GRPC_AUTH_TOKENS, sent as `authorization: Bearer <token>`. */
  readonly token?: string;
  /** TLS (true: with the system's CAs); plaintext when not given. */
  readonly tls?: boolean | TlsOptions;
  /** grpc-js channel options. */
  readonly channelOptions?: ChannelOptions;
}

/** A WatchLedger call: its events as they come (an async iterable), cancellable. */
export type LedgerStream = ClientReadableStream<unknown>;

export interface Transport {
  /** One attempt of one call; a failure is a ReservationError carrying the status. */
  call<Reply>(method: MethodName, request: object, deadlineMs: number): Promise<Reply>;
  /** One WatchLedger call (no deadline: it lasts until cancelled). */
  watchLedger(request: object): LedgerStream;
  close(): void;
}

export function grpcTransport(options: TransportOptions): Transport {
  const loaded = loadPackageDefinition(loadSync(PROTO_PATH, LOADER_OPTIONS)) as unknown as {
    reservation: { ReservationService: ServiceClientConstructor };
  };
  const client = new loaded.reservation.ReservationService(options.address, channelCredentials(options.tls), options.channelOptions);
  const metadata = new Metadata();
  if (options.token !== undefined) metadata.set('authorization', `Bearer ${options.token}`);
  type Unary = (request: object, metadata: Metadata, callOptions: object, callback: (error: ServiceError | null, reply: unknown) => void) => void;
  return {
    call: <Reply>(method: MethodName, request: object, deadlineMs: number) =>
      new Promise<Reply>((resolve, reject) => {
        const unary = (client as unknown as Record<MethodName, Unary>)[method];
        unary.call(client as Client, request, metadata.clone(), { deadline: Date.now() + deadlineMs }, (error, reply) =>
          error ? reject(new ReservationError(error.code, error.details || error.message)) : resolve(reply as Reply),
        );
      }),
    watchLedger: (request) =>
      (client as unknown as { WatchLedger(request: object, metadata: Metadata): LedgerStream }).WatchLedger(request, metadata.clone()),
    close: () => client.close(),
  };
}

function channelCredentials(tls: TransportOptions['tls']): ChannelCredentials {
  if (!tls) return credentials.createInsecure();
  if (tls === true) return credentials.createSsl();
  return credentials.createSsl(tls.rootCerts ?? null, tls.privateKey ?? null, tls.certChain ?? null);
}
