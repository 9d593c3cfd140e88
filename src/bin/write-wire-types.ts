// Writes client/src/wire-types.ts from proto/reservation.proto (npm run codegen:wire).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROTO_PATH, WIRE_TYPES_PATH } from '../grpc/reservation-proto';
import { wireTypesSource } from '../grpc/wire-types-source';

writeFileSync(WIRE_TYPES_PATH, wireTypesSource(PROTO_PATH));
console.log(`wrote ${path.relative(process.cwd(), WIRE_TYPES_PATH)}`);
