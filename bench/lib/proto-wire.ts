/**
 * Just enough protobuf and gRPC framing for the load generator: requests of reservation.proto are
 * written by hand (strings and int64 fields), replies read field by field. Far cheaper per call than
 * a generic codec, so the generator is not the bottleneck.
 */

function varintSize(value: number): number {
  let size = 1;
  for (let v = value; v > 0x7f; v = Math.floor(v / 128)) size += 1;
  return size;
}

function writeVarint(buffer: Buffer, offset: number, value: number): number {
  let v = value;
  let pos = offset;
  while (v > 0x7f) {
    buffer[pos++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 128);
  }
  buffer[pos++] = v;
  return pos;
}

export type Field = [number, string] | [number, number];

/** Encodes fields (string → wire type 2, number → varint) into one buffer behind the 5-byte gRPC header. */
export function grpcFrame(fields: readonly Field[]): Buffer {
  let size = 0;
  for (const [number, value] of fields) {
    if (typeof value === 'string') {
      const length = Buffer.byteLength(value);
      size += varintSize(number << 3) + varintSize(length) + length;
    } else if (value !== 0) {
      size += varintSize(number << 3) + varintSize(value);
    }
  }
  const frame = Buffer.allocUnsafe(5 + size);
  frame[0] = 0;
  frame.writeUInt32BE(size, 1);
  let pos = 5;
  for (const [number, value] of fields) {
    if (typeof value === 'string') {
      pos = writeVarint(frame, pos, (number << 3) | 2);
      pos = writeVarint(frame, pos, Buffer.byteLength(value));
      pos += frame.write(value, pos);
    } else if (value !== 0) {
      pos = writeVarint(frame, pos, number << 3);
      pos = writeVarint(frame, pos, value);
    }
  }
  return frame;
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
