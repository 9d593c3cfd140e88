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

/** A field: string or embedded message (Buffer) → wire type 2, number → varint. */
export type Field = [number, string] | [number, number] | [number, Buffer];

/** Encodes fields into one buffer behind the 5-byte gRPC header. */
export function grpcFrame(fields: readonly Field[]): Buffer {
  return encode(fields, 5);
}

/** Encodes fields as a message to embed in another (a repeated item of a batch request). */
export function message(fields: readonly Field[]): Buffer {
  return encode(fields, 0);
}

function encode(fields: readonly Field[], header: 0 | 5): Buffer {
  let size = 0;
  for (const [number, value] of fields) {
    if (typeof value === 'number') {
      if (value !== 0) size += varintSize(number << 3) + varintSize(value);
    } else {
      const length = typeof value === 'string' ? Buffer.byteLength(value) : value.length;
      size += varintSize(number << 3) + varintSize(length) + length;
    }
  }
  const frame = Buffer.allocUnsafe(header + size);
  if (header) {
    frame[0] = 0;
    frame.writeUInt32BE(size, 1);
  }
  let pos: number = header;
  for (const [number, value] of fields) {
    if (typeof value === 'number') {
      if (value === 0) continue;
      pos = writeVarint(frame, pos, number << 3);
      pos = writeVarint(frame, pos, value);
    } else if (typeof value === 'string') {
      pos = writeVarint(frame, pos, (number << 3) | 2);
      pos = writeVarint(frame, pos, Buffer.byteLength(value));
      pos += frame.write(value, pos);
    } else {
      pos = writeVarint(frame, pos, (number << 3) | 2);
      pos = writeVarint(frame, pos, value.length);
      pos += value.copy(frame, pos);
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
  return decodeFields(frame, 5, 5 + frame.readUInt32BE(1));
}

/**
 * Reads a batch reply: each result (field 1, repeated) as its reply's fields, or as `{ error: code }`
 * (BatchError, field 2 of the result, its code in field 1).
 */
export function decodeBatchReply(frame: Buffer): Array<DecodedReply | { error: number }> {
  const results: Array<DecodedReply | { error: number }> = [];
  forEachField(frame, 5, 5 + frame.readUInt32BE(1), (field, start, end) => {
    if (field !== 1 || end === undefined) return;
    forEachField(frame, start, end, (outcome, innerStart, innerEnd) => {
      if (innerEnd === undefined) return;
      if (outcome === 1) results.push(decodeFields(frame, innerStart, innerEnd));
      else results.push({ error: Number(decodeFields(frame, innerStart, innerEnd)[1] ?? 0) });
    });
  });
  return results;
}

function decodeFields(frame: Buffer, start: number, end: number): DecodedReply {
  const out: Record<number, string | number> = {};
  forEachField(frame, start, end, (field, valueStart, valueEnd) => {
    out[field] = valueEnd === undefined ? valueStart : frame.toString('utf8', valueStart, valueEnd);
  });
  return out;
}

/** Calls `on` per field: a varint's value, or a length-delimited field's [start, end) in the frame. */
function forEachField(frame: Buffer, start: number, end: number, on: (field: number, valueOrStart: number, end?: number) => void): void {
  let pos = start;
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
    if ((key & 7) === 0) on(field, varint());
    else {
      const length = varint();
      on(field, pos, pos + length);
      pos += length;
    }
  }
}
