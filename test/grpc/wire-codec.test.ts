import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import test from 'ava';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { WIRE_METHODS } from '../../src/grpc/generated/wire-codec';
import { PROTO_LOADER_OPTIONS, PROTO_PATH } from '../../src/grpc/reservation-proto';
import { wireCodecSource, WIRE_CODEC_PATH } from '../../src/grpc/wire-codec-source';
import { readFileSync } from 'node:fs';

// Issue 50 part 3: the generated codec against @grpc/proto-loader's (the reference it replaces), both
// ways, over random messages of every method: the same objects decoded, bytes that decode the same.

const RUNS = Number(process.env.CODEC_RUNS ?? 300);
const reference = (loadPackageDefinition(loadSync(PROTO_PATH, PROTO_LOADER_OPTIONS)) as unknown as {
  reservation: { ReservationService: { service: ServiceDefinition } };
}).reservation.ReservationService.service;

const root = new protobuf.Root();
root.loadSync(PROTO_PATH, { keepCase: true });
root.resolveAll();

const INT64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const UINT64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const small = <T>(values: fc.Arbitrary<T>) => fc.oneof({ weight: 1, arbitrary: values }, { weight: 3, arbitrary: fc.constantFrom(0n, 1n, 127n, 128n, 2n ** 53n - 1n, 2n ** 53n, -1n) as unknown as fc.Arbitrary<T> });

/** A random object of the message's wire shape (what the server hands the encoder). */
function messageOf(type: protobuf.Type, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const plain: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of type.fieldsArray.filter((f) => !f.partOf)) plain[field.name] = fieldOf(field, depth);
  const base = fc.record(plain);
  if (type.oneofsArray.length === 0) return base;
  const oneof = type.oneofsArray[0]!;
  const member = fc.oneof(...oneof.fieldsArray.map((f) => fieldOf(f, depth).map((value) => ({ [f.name]: value }))), fc.constant({}));
  return fc.tuple(base, member).map(([fields, chosen]) => ({ ...fields, ...chosen }));
}

function fieldOf(field: protobuf.Field, depth: number): fc.Arbitrary<unknown> {
  const one = (): fc.Arbitrary<unknown> => {
    if (field.resolvedType instanceof protobuf.Type) return messageOf(field.resolvedType, depth + 1);
    switch (field.type) {
      case 'string': return fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constant(''));
      case 'int64': return small(INT64).map(String);
      case 'uint64': return small(UINT64).map((value) => String(value < 0n ? -value : value));
      case 'int32': return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
      case 'bool': return fc.boolean();
      default: throw new Error(`no arbitrary for ${field.type}`);
    }
  };
  return field.repeated ? fc.array(one(), { maxLength: depth > 0 ? 2 : 4 }) : one();
}

for (const [name, method] of Object.entries(WIRE_METHODS)) {
  const serviceMethod = root.lookupService('reservation.ReservationService').methods[name]!;
  for (const side of ['request', 'response'] as const) {
    const type = side === 'request' ? serviceMethod.resolvedRequestType! : serviceMethod.resolvedResponseType!;
    const ours = method[side];
    const theirs = {
      encode: (side === 'request' ? reference[name]!.requestSerialize : reference[name]!.responseSerialize) as (value: unknown) => Buffer,
      decode: (side === 'request' ? reference[name]!.requestDeserialize : reference[name]!.responseDeserialize) as (bytes: Buffer) => unknown,
    };
    test(`${name} ${side} (${type.name}): decodes what proto-loader encodes, and encodes what proto-loader decodes, to the same object`, (t) => {
      const seed = Number(process.env.CODEC_SEED ?? Date.now() % 2 ** 31);
      t.log(`fast-check seed ${seed} (replay with CODEC_SEED=${seed})`);
      fc.assert(
        fc.property(messageOf(type), (message) => {
          const expected = theirs.decode(theirs.encode(message));
          t.deepEqual(ours.decode(theirs.encode(message)), expected as never);
          t.deepEqual(theirs.decode(ours.encode(message as never)), expected);
        }),
        { numRuns: RUNS, seed },
      );
    });
  }
}

test('bytes that are no message of the type: a RangeError or an object, never a hang or another error', (t) => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), fc.constantFrom(...Object.values(WIRE_METHODS).flatMap((m) => [m.request, m.response])), (bytes, codec) => {
      try {
        t.is(typeof codec.decode(Buffer.from(bytes)), 'object');
      } catch (error) {
        t.true(error instanceof RangeError, String(error));
      }
    }),
    { numRuns: 2000 },
  );
});

test('an int64 past 2^53 and a negative one travel exactly; ten-byte varints are the most', (t) => {
  const { ReserveRequest } = { ReserveRequest: WIRE_METHODS.Reserve.request };
  for (const amount of ['9007199254740993', '-1', '-9223372036854775808', '9223372036854775807', '0', '1']) {
    const bytes = ReserveRequest.encode({ request_id: 'r', amount });
    t.is(ReserveRequest.decode(bytes).amount, amount);
  }
  t.throws(() => ReserveRequest.decode(Buffer.from([0x28, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])), { instanceOf: RangeError });
});

test('the generated codec is the one the .proto makes now', (t) => {
  t.is(readFileSync(WIRE_CODEC_PATH, 'utf8'), wireCodecSource(PROTO_PATH));
});
