import path from 'node:path';
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';
import { WIRE_METHODS } from './generated/wire-codec';

export const PROTO_PATH = path.resolve(__dirname, '../../proto/reservation.proto');
export { RESERVATION_SERVICE_NAME } from './service-name';

/** int64 as decimal strings (no precision loss), field names as in the .proto. */
export const PROTO_LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

/**
 * The service as grpc-js serves it: proto-loader's definition (reflection takes its descriptors) with
 * every method's messages read and written by the generated codec (generated/wire-codec.ts), which
 * gives the same objects without protobufjs' message instances and Long conversions.
 */
export function loadReservationProto(): { packageDefinition: PackageDefinition; service: ServiceDefinition } {
  const packageDefinition = loadSync(PROTO_PATH, PROTO_LOADER_OPTIONS);
  const loaded = loadPackageDefinition(packageDefinition) as unknown as {
    reservation: { ReservationService: { service: ServiceDefinition } };
  };
  return { packageDefinition, service: withGeneratedCodec(loaded.reservation.ReservationService.service) };
}

function withGeneratedCodec(service: ServiceDefinition): ServiceDefinition {
  const methods = Object.entries(service).map(([name, method]) => {
    const codec = WIRE_METHODS[name as keyof typeof WIRE_METHODS];
    if (!codec) throw new Error(`the generated codec has no method ${name}: run npm run codegen`);
    return [name, {
      ...method,
      requestSerialize: codec.request.encode as (value: unknown) => Buffer,
      requestDeserialize: codec.request.decode,
      responseSerialize: codec.response.encode as (value: unknown) => Buffer,
      responseDeserialize: codec.response.decode,
    }];
  });
  return Object.fromEntries(methods) as ServiceDefinition;
}

/** The wire shapes, generated from the .proto (wire-types-source.ts) into the client, which shares them. */
export const WIRE_TYPES_PATH = path.resolve(__dirname, '../../client/src/wire-types.ts');
export type * from '../../client/src/wire-types';
