/**
 * Just enough protobuf and gRPC framing for the load generator: requests of reservation.proto are
 * written by hand (strings and int64 fields), replies read field by field. Far cheaper per call than
 * a generic codec, so the generator is not the bottleneck.
 */

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

export type Field = [number, string] | [number, number];

/** Encodes fields (string → wire type 2, number → varint) and prefixes the 5-byte gRPC frame header. */
export function grpcFrame(fields: readonly Field[]): Buffer {
  const body: number[] = [];
  const chunks: Buffer[] = [];
  for (const [number, value] of fields) {
    if (typeof value === 'string') {
      const bytes = Buffer.from(value);
      writeVarint(body, (number << 3) | 2);
      writeVarint(body, bytes.length);
      chunks.push(Buffer.from(body.splice(0)), bytes);
    } else if (value !== 0) {
      writeVarint(body, number << 3);
      writeVarint(body, value);
    }
  }
  chunks.push(Buffer.from(body));
  const message = Buffer.concat(chunks);
  const header = Buffer.alloc(5);
  header.writeUInt32BE(message.length, 1);
  return Buffer.concat([header, message]);
}

export interface DecodedReply {
  /** Field number → string (wire type 2) or number (varint). */
  readonly [field: number]: string | number;
}

/** Reads a gRPC-framed reply message (fields of wire types 0 and 2). */
export function decodeReply(frame: Buffer): DecodedReply {
  const out: Record<number, string | number> = {};
  let pos = 5;
  const end = 5 + frame.readUInt32BE(1);
  const varint = () => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = frame[pos++]!;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  while (pos < end) {
    const key = varint();
    const field = Math.floor(key / 8);
    if ((key & 7) === 0) out[field] = varint();
    else {
      const length = varint();
      out[field] = frame.toString('utf8', pos, pos + length);
      pos += length;
    }
  }
  return out;
}
