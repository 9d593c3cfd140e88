import path from 'node:path';
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';

export const PROTO_PATH = path.resolve(__dirname, '../../proto/reservation.proto');
export { RESERVATION_SERVICE_NAME } from './service-name';

/** int64 as decimal strings (no precision loss), field names as in the .proto. */
export const PROTO_LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

export function loadReservationProto(): { packageDefinition: PackageDefinition; service: ServiceDefinition } {
  const packageDefinition = loadSync(PROTO_PATH, PROTO_LOADER_OPTIONS);
  const loaded = loadPackageDefinition(packageDefinition) as unknown as {
    reservation: { ReservationService: { service: ServiceDefinition } };
  };
  return { packageDefinition, service: loaded.reservation.ReservationService.service };
}

/** The wire shapes, generated from the .proto (wire-types-source.ts) into the client, which shares them. */
export const WIRE_TYPES_PATH = path.resolve(__dirname, '../../client/src/wire-types.ts');
export type * from '../../client/src/wire-types';
