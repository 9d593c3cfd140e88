import protobuf from 'protobufjs';

/**
 * The TypeScript of the gRPC wire shapes, made from proto/reservation.proto: one type per message, as
 * @grpc/proto-loader hands them over with the options both sides use (field names as in the .proto,
 * int64 as decimal strings, a oneof as exactly one of its fields). A `status` field whose line ends in
 * a comment listing its values ("// reserved or rejected") becomes their union. Written to
 * client/src/wire-types.ts (`npm run codegen:wire`), which the server and the client both import; a
 * test checks that the file is current.
 */

const SCALARS: Readonly<Record<string, string>> = {
  string: 'string',
  int64: 'string',
  uint64: 'string',
  int32: 'number',
  uint32: 'number',
  bool: 'boolean',
};

function fieldType(field: protobuf.Field): string {
  const values = field.name === 'status' && field.comment ? field.comment.split(/,\s*|\s+or\s+/).map((value) => value.trim()) : null;
  const single = values ? values.map((value) => `'${value}'`).join(' | ') : (SCALARS[field.type] ?? field.resolvedType?.name);
  if (!single) throw new Error(`${field.fullName}: no TypeScript type for ${field.type}`);
  if (!field.repeated) return single;
  return values ? `Array<${single}>` : `${single}[]`;
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
    '// Generated from proto/reservation.proto by src/grpc/wire-types-source.ts (npm run codegen:wire): do not edit.',
    '// The wire shapes of the ReservationService as @grpc/proto-loader gives them (keepCase, int64 as decimal strings, oneofs).',
    '',
    messages.map(messageSource).join('\n\n'),
    '',
  ].join('\n');
}
