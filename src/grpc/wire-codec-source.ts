import path from 'node:path';
import protobuf from 'protobufjs';

/**
 * The TypeScript of the ReservationService's codec, made from proto/reservation.proto: per message a
 * decoder (bytes → the plain object @grpc/proto-loader would give with the options both sides use:
 * field names as in the .proto, int64 as exact decimal strings, defaults filled in, a oneof named by
 * its virtual field) and an encoder (size first, then one buffer). The server hands them to grpc-js
 * as its serializers (reservation-proto.ts), instead of proto-loader's objects and its Long
 * conversions. Written to src/grpc/generated/wire-codec.ts (`npm run codegen`; `npm run lint` fails
 * when it is stale).
 */

export const WIRE_CODEC_PATH = path.resolve(__dirname, 'generated/wire-codec.ts');

type Kind = 'string' | 'int64' | 'uint64' | 'int32' | 'bool' | 'message';

function kindOf(field: protobuf.Field): Kind {
  if (field.resolvedType instanceof protobuf.Type) return 'message';
  if (['string', 'int64', 'uint64', 'int32', 'bool'].includes(field.type)) return field.type as Kind;
  throw new Error(`${field.fullName}: the codec reads no ${field.type}`);
}

const WIRE_TYPE: Record<Kind, number> = { string: 2, message: 2, int64: 0, uint64: 0, int32: 0, bool: 0 };
const DEFAULT: Record<Exclude<Kind, 'message'>, string> = { string: "''", int64: "'0'", uint64: "'0'", int32: '0', bool: 'false' };
const READ: Record<Exclude<Kind, 'message' | 'string'>, string> = { int64: 'r.int64(true)', uint64: 'r.int64(false)', int32: 'r.int32()', bool: 'r.bool()' };

const tagOf = (field: protobuf.Field) => (field.id << 3) | WIRE_TYPE[kindOf(field)];
const tagSize = (field: protobuf.Field) => { let size = 1; for (let rest = tagOf(field) >>> 7; rest > 0; rest >>>= 7) size += 1; return size; };
const typeName = (field: protobuf.Field) => (field.resolvedType as protobuf.Type).name;

function decoderSource(message: protobuf.Type): string {
  const name = message.name;
  const fields = message.fieldsArray;
  const locals = fields.map((field) => {
    const kind = kindOf(field);
    if (field.repeated) return `  const ${field.name}: T.${typeName(field)}[] = [];`;
    if (kind === 'message') return `  let ${field.name}: T.${typeName(field)} | undefined;`;
    return `  let ${field.name} = ${DEFAULT[kind]};`;
  });
  const oneofs = message.oneofsArray.map((oneof) => `  let ${oneof.name}: ${oneof.fieldsArray.map((member) => `'${member.name}'`).join(' | ')} | undefined;`);
  const cases = fields.map((field) => {
    const kind = kindOf(field);
    const read = kind === 'message' ? `decode${typeName(field)}(r, r.end())` : kind === 'string' ? `r.string('${field.name}')` : READ[kind];
    const set = field.repeated ? `r.scope = \`${field.name}[\${${field.name}.length}].\`; ${field.name}.push(${read}); r.scope = '';` : `${field.name} = ${read};`;
    const chosen = field.partOf ? ` ${field.partOf.name} = '${field.name}';` : '';
    return `      case ${tagOf(field)}:\n        ${set}${chosen}\n        break;`;
  });
  const plain = fields.filter((field) => !field.partOf).map((field) => (kindOf(field) === 'message' && !field.repeated ? `${field.name}: ${field.name} ?? null` : field.name));
  const result = message.oneofsArray.length === 0
    ? `  return { ${plain.join(', ')} } as T.${name}; // a listed string field holds what the wire held`
    : message.oneofsArray.length === 1 && plain.length === 0
      ? oneofResult(message.oneofsArray[0]!)
      : (() => { throw new Error(`${name}: the codec reads one oneof and nothing beside it`); })();
  return [
    `function decode${name}(r: WireReader, end: number): T.${name} {`,
    ...locals,
    ...oneofs,
    '  while (r.pos < end) {',
    '    const tag = r.uint32();',
    '    switch (tag) {',
    ...cases,
    '      default:',
    '        r.skip(tag & 7);',
    '    }',
    '  }',
    `  if (r.pos !== end) throw new RangeError('protobuf: ${name} overruns its length');`,
    result,
    '}',
  ].join('\n');
}

/** The oneof's set member (the last one on the wire) under its name, and the oneof's virtual field naming it. */
function oneofResult(oneof: protobuf.OneOf): string {
  const type = (oneof.parent as protobuf.Type).name;
  const branches = oneof.fieldsArray.map((member) => `  if (${oneof.name} === '${member.name}') return { ${member.name}: ${member.name}!, ${oneof.name} } as T.${type};`);
  return [...branches, `  return {} as T.${type};`].join('\n');
}

function encoderSource(message: protobuf.Type): string {
  const name = message.name;
  const sizes: string[] = [];
  const writes: string[] = [];
  for (const field of message.fieldsArray) {
    const kind = kindOf(field);
    const value = `m.${field.name}`;
    const tag = tagOf(field);
    const head = tagSize(field);
    if (kind === 'message') {
      const type = typeName(field);
      if (field.repeated) {
        sizes.push(`  for (const item of ${value} ?? []) { const size = size${type}(item); n += ${head} + varintSize(size) + size; }`);
        writes.push(`  for (const item of ${value} ?? []) { w.varint(${tag}); w.varint(size${type}(item)); write${type}(w, item); }`);
      } else {
        sizes.push(`  if (${value}) { const size = size${type}(${value}); n += ${head} + varintSize(size) + size; }`);
        writes.push(`  if (${value}) { w.varint(${tag}); w.varint(size${type}(${value})); write${type}(w, ${value}); }`);
      }
      continue;
    }
    if (field.repeated) throw new Error(`${field.fullName}: the codec writes no repeated ${field.type}`);
    switch (kind) {
      case 'string':
        sizes.push(`  if (${value}) n += ${head} + stringSize(${value});`);
        writes.push(`  if (${value}) { w.varint(${tag}); w.string(${value}); }`);
        break;
      case 'int64':
      case 'uint64':
        sizes.push(`  if (!isZero(${value})) n += ${head} + varintSize(int64Value(${value}!));`);
        writes.push(`  if (!isZero(${value})) { w.varint(${tag}); w.varint(int64Value(${value}!)); }`);
        break;
      case 'int32':
        sizes.push(`  if (${value}) n += ${head} + int32Size(${value});`);
        writes.push(`  if (${value}) { w.varint(${tag}); w.int32(${value}); }`);
        break;
      case 'bool':
        sizes.push(`  if (${value}) n += ${head} + 1;`);
        writes.push(`  if (${value}) { w.varint(${tag}); w.varint(1); }`);
        break;
    }
  }
  // A message's fields as its wire type lets them be absent (a oneof's others, a reply's reason).
  const loose = `Partial<T.${name}>`;
  return [
    `function size${name}(m: ${loose}): number {`,
    '  let n = 0;',
    ...sizes,
    '  return n;',
    '}',
    '',
    `function write${name}(w: WireWriter, m: ${loose}): void {`,
    ...writes,
    '}',
  ].join('\n');
}

export function wireCodecSource(protoPath: string): string {
  const root = new protobuf.Root();
  root.loadSync(protoPath, { keepCase: true });
  root.resolveAll();
  const messages = root.nestedArray.flatMap((space) =>
    space instanceof protobuf.Namespace ? space.nestedArray.filter((nested): nested is protobuf.Type => nested instanceof protobuf.Type) : [],
  );
  const services = root.nestedArray.flatMap((space) =>
    space instanceof protobuf.Namespace ? space.nestedArray.filter((nested): nested is protobuf.Service => nested instanceof protobuf.Service) : [],
  );
  const codecs = messages.map((message) => `  ${message.name}: {\n    decode: (buf: Buffer): T.${message.name} => { const r = new WireReader(buf); return r.mark(decode${message.name}(r, buf.length)); },\n    encode: (m: Partial<T.${message.name}>): Buffer => encode(m, size${message.name}, write${message.name}),\n  },`);
  return [
    '// Generated from proto/reservation.proto by src/grpc/wire-codec-source.ts (npm run codegen): do not edit.',
    "import type * as T from '../../../client/src/wire-types';",
    "import { int32Size, int64Value, isZero, stringSize, varintSize, WireReader, WireWriter } from '../wire-runtime';",
    '',
    ...messages.map(decoderSource).flatMap((source) => [source, '']),
    ...messages.map(encoderSource).flatMap((source) => [source, '']),
    'function encode<M>(m: M, size: (m: M) => number, write: (w: WireWriter, m: M) => void): Buffer {',
    '  const w = new WireWriter(size(m));',
    '  write(w, m);',
    '  return w.buf;',
    '}',
    '',
    '/** Each message\'s decoder and encoder, by its name in the .proto. */',
    'export const WIRE_CODEC = {',
    ...codecs,
    '} as const;',
    '',
    '/** Each method\'s request and response codecs, by its name in the service. */',
    'export const WIRE_METHODS = {',
    ...services.flatMap((service) => service.methodsArray.map((method) => `  ${method.name}: { request: WIRE_CODEC.${method.resolvedRequestType!.name}, response: WIRE_CODEC.${method.resolvedResponseType!.name} },`)),
    '} as const;',
    '',
  ].join('\n');
}
