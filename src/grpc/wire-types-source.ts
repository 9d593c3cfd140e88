import protobuf from 'protobufjs';

/**
 * The TypeScript of the gRPC wire shapes, made from proto/reservation.proto: one type per message, as
 * @grpc/proto-loader hands them over with the options both sides use (field names as in the .proto,
 * int64 as decimal strings, a oneof as exactly one of its fields). A string field whose comment has a
 * line `one of: a, b, c` ('' for the empty string) becomes their union, and its values are listed in
 * WIRE_VALUES, so the scripts (lua-layouts.ts) and the server spell them from the .proto too. Written to
 * client/src/wire-types.ts (`npm run codegen`), which the server and the client both import;
 * `npm run lint` fails when the file is stale.
 */

const SCALARS: Readonly<Record<string, string>> = {
  string: 'string',
  int64: 'string',
  uint64: 'string',
  int32: 'number',
  uint32: 'number',
  bool: 'boolean',
};

/** The values a string field's comment lists (a line `one of: a, b, c`; '' is the empty string), or null. */
function listedValues(field: protobuf.Field): string[] | null {
  const line = field.comment?.split('\n').find((text) => text.startsWith('one of: '));
  if (!line) return null;
  if (field.type !== 'string') throw new Error(`${field.fullName}: only a string field can list its values`);
  return line.slice('one of: '.length).split(',').map((value) => value.trim().replace(/^''$/, ''));
}

function fieldType(field: protobuf.Field): string {
  const values = listedValues(field);
  const single = values ? values.map((value) => `'${value}'`).join(' | ') : (SCALARS[field.type] ?? field.resolvedType?.name);
  if (!single) throw new Error(`${field.fullName}: no TypeScript type for ${field.type}`);
  if (!field.repeated) return single;
  return values ? `Array<${single}>` : `${single}[]`;
}

/** `export const WIRE_VALUES = { Message: { field: [values] } }` for the fields that list theirs. */
function valuesSource(messages: readonly protobuf.Type[]): string {
  const entries = messages.flatMap((message) => {
    const fields = message.fieldsArray.flatMap((field) => {
      const values = listedValues(field);
      return values ? [`    ${field.name}: [${values.map((value) => `'${value}'`).join(', ')}],`] : [];
    });
    return fields.length > 0 ? [`  ${message.name}: {\n${fields.join('\n')}\n  },`] : [];
  });
  return `/** The values the .proto lists for its string fields (\`one of:\`), in its order. */\nexport const WIRE_VALUES = {\n${entries.join('\n')}\n} as const;`;
}

function oneofSource(oneof: protobuf.OneOf): string {
  return oneof.fieldsArray
    .map((member) => {
      const others = oneof.fieldsArray.filter((other) => other !== member).map((other) => ` ${other.name}?: undefined;`);
      return `{ ${member.name}: ${fieldType(member)};${others.join('')} }`;
    })
    .join(' | ');
}

function messageSource(message: protobuf.Type): string {
  const fields = message.fieldsArray.filter((field) => !field.partOf).map((field) => `  ${field.name}: ${fieldType(field)};`);
  const oneofs = message.oneofsArray.map((oneof) => `(${oneofSource(oneof)})`);
  if (oneofs.length === 0) return `export interface ${message.name} {\n${fields.join('\n')}\n}`;
  const plain = fields.length > 0 ? `{\n${fields.join('\n')}\n} & ` : '';
  return `/** Exactly one field of each oneof is set. */\nexport type ${message.name} = ${plain}${oneofs.join(' & ')};`;
}

export function wireTypesSource(protoPath: string): string {
  const root = new protobuf.Root();
  root.loadSync(protoPath, { keepCase: true, alternateCommentMode: true });
  root.resolveAll();
  const messages = root.nestedArray.flatMap((space) =>
    space instanceof protobuf.Namespace ? space.nestedArray.filter((nested): nested is protobuf.Type => nested instanceof protobuf.Type) : [],
  );
  return [
    '// Generated from proto/reservation.proto by src/grpc/wire-types-source.ts (npm run codegen): do not edit.',
    '// The wire shapes of the ReservationService as @grpc/proto-loader gives them (keepCase, int64 as decimal strings, oneofs).',
    '',
    valuesSource(messages),
    '',
    messages.map(messageSource).join('\n\n'),
    '',
  ].join('\n');
}
