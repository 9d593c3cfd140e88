/**
 * The protobuf wire format, the few parts the ReservationService's messages use: varints, 64-bit
 * integers as exact decimal strings, UTF-8 strings, length-delimited messages. The generated codec
 * (generated/wire-codec.ts, from proto/reservation.proto by wire-codec-source.ts) reads and writes its
 * messages with these, as plain objects of the shapes in client/src/wire-types.ts.
 */


import { isUtf8 } from 'node:buffer';

/**
 * Where a decoded message names its first string field that was not UTF-8 (proto3 strings are UTF-8;
 * a conforming parser refuses anything else). The decoder does not throw for it, since grpc-js answers
 * a throwing deserializer INTERNAL: the handler answers INVALID_ARGUMENT naming the field instead
 * (`invalidUtf8Field`). Decoding it to U+FFFD would make `…\xff` and `…\xfe` one request id.
 */
const INVALID_UTF8 = Symbol('the string fields that were not UTF-8');

/** The paths of a decoded message's string fields that were not UTF-8 (`request_id`, `items[3].user_id`), in wire order. */
export function invalidUtf8Fields(message: unknown): readonly string[] {
  return (typeof message === 'object' && message !== null ? (message as { [INVALID_UTF8]?: string[] })[INVALID_UTF8] : undefined) ?? [];
}

/** The first string field of a decoded message that was not UTF-8, outside its repeated items (`items[3].…`), if any. */
export function invalidUtf8Field(message: unknown, options: { items?: 'own' } = {}): string | undefined {
  return invalidUtf8Fields(message).find((path) => !(options.items === 'own' && ITEM_PATH.test(path)));
}

const ITEM_PATH = /^items\[(\d+)\]\./;

/** A batch's items whose strings were not UTF-8, by index, each with its first such field. */
export function invalidUtf8Items(message: unknown): ReadonlyMap<number, string> {
  const items = new Map<number, string>();
  for (const path of invalidUtf8Fields(message)) {
    const item = ITEM_PATH.exec(path);
    if (item && !items.has(Number(item[1]))) items.set(Number(item[1]), path);
  }
  return items;
}

/** A cursor over one encoded message (and the messages inside it). */
export class WireReader {
  pos = 0;
  /** The path before a field's name while a repeated message's item is read (`items[3].`). */
  scope = '';
  /** The string fields that were not UTF-8 (null: none, the usual case). */
  invalid: string[] | null = null;
  constructor(readonly buf: Buffer) {}

  /** The top-level message, marked with the fields that were not UTF-8. */
  mark<M extends object>(message: M): M {
    if (this.invalid !== null) Object.defineProperty(message, INVALID_UTF8, { value: this.invalid });
    return message;
  }

  private byte(): number {
    if (this.pos >= this.buf.length) throw new RangeError('protobuf: message ends inside a value');
    return this.buf[this.pos++]!;
  }

  /** A varint's low 32 bits, unsigned (tags, lengths; the rest of a longer varint is skipped). */
  uint32(): number {
    let value = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if (b < 0x80) return value >>> 0;
    }
    let b = this.byte();
    value |= (b & 0x0f) << 28;
    for (let extra = 0; b >= 0x80; extra += 1) {
      if (extra === 5) throw new RangeError('protobuf: varint longer than 10 bytes');
      b = this.byte();
    }
    return value >>> 0;
  }

  /** An int32 (sign-extended to 64 bits on the wire when negative). */
  int32(): number {
    return this.uint32() | 0;
  }

  /** A 64-bit varint as its exact decimal string: two's complement when `signed`. */
  int64(signed: boolean): string {
    const start = this.pos;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 7; i += 1) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) return String(value); // at most 49 bits: exact as a number
      scale *= 128;
    }
    this.pos = start;
    let big = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (shift > 63n) throw new RangeError('protobuf: varint longer than 10 bytes');
      const b = this.byte();
      big |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) break;
    }
    return String(signed ? BigInt.asIntN(64, big) : BigInt.asUintN(64, big));
  }

  bool(): boolean {
    return this.uint32() !== 0;
  }

  /** The end of a length-delimited value that starts here (its length read). */
  end(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.buf.length) throw new RangeError('protobuf: length past the end of the message');
    return end;
  }

  /** A string field's value; `field` names it should its bytes not be UTF-8 (a U+FFFD that the bytes did not spell). */
  string(field: string): string {
    const end = this.end();
    const text = this.buf.toString('utf8', this.pos, end);
    if (text.includes('\uFFFD') && !isUtf8(this.buf.subarray(this.pos, end))) (this.invalid ??= []).push(this.scope + field);
    this.pos = end;
    return text;
  }

  /** Steps over a value of a field this codec does not read. */
  skip(wireType: number): void {
    switch (wireType) {
      case 0:
        this.uint32();
        return;
      case 1:
        this.to(this.pos + 8);
        return;
      case 2:
        this.to(this.end());
        return;
      case 5:
        this.to(this.pos + 4);
        return;
      default:
        throw new RangeError(`protobuf: wire type ${wireType} is not read here`);
    }
  }

  private to(position: number): void {
    if (position > this.buf.length) throw new RangeError('protobuf: message ends inside a value');
    this.pos = position;
  }
}

/** An int64 field's value as given (a decimal string, or a number), as a number when exact, else a bigint. */
export function int64Value(value: string | number): number | bigint {
  const number = typeof value === 'number' ? value : Number(value);
  if (Number.isSafeInteger(number) && number >= 0) return number;
  if (typeof value === 'number' && !Number.isInteger(value)) throw new RangeError(`protobuf: ${value} is no integer`);
  return BigInt.asUintN(64, BigInt(value));
}

export function varintSize(value: number | bigint): number {
  if (typeof value === 'bigint') {
    let size = 1;
    for (let rest = value >> 7n; rest > 0n; rest >>= 7n) size += 1;
    return size;
  }
  let size = 1;
  for (let rest = value; rest >= 128; rest = Math.floor(rest / 128)) size += 1;
  return size;
}

/** The bytes a string takes, with its length before it. */
export function stringSize(value: string): number {
  const bytes = Buffer.byteLength(value, 'utf8');
  return varintSize(bytes) + bytes;
}

/** Writes one message into a buffer of the size its size function gave. */
export class WireWriter {
  readonly buf: Buffer;
  pos = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  varint(value: number | bigint): void {
    if (typeof value === 'bigint') {
      let rest = value;
      while (rest >= 128n) {
        this.buf[this.pos++] = Number(rest & 0x7fn) | 0x80;
        rest >>= 7n;
      }
      this.buf[this.pos++] = Number(rest);
      return;
    }
    let rest = value;
    while (rest >= 128) {
      this.buf[this.pos++] = (rest % 128) | 0x80;
      rest = Math.floor(rest / 128);
    }
    this.buf[this.pos++] = rest;
  }

  /** An int32: a negative one is sign-extended to ten bytes, as protobuf writes it. */
  int32(value: number): void {
    this.varint(value < 0 ? BigInt.asUintN(64, BigInt(value)) : value);
  }

  string(value: string): void {
    const bytes = Buffer.byteLength(value, 'utf8');
    this.varint(bytes);
    this.pos += this.buf.write(value, this.pos, bytes, 'utf8');
  }
}

/** An int32's size on the wire (ten bytes when negative). */
export function int32Size(value: number): number {
  return value < 0 ? 10 : varintSize(value);
}

/** Whether an int64 field holds its default (0), which proto3 leaves off the wire. */
export function isZero(value: string | number | null | undefined): boolean {
  return value === undefined || value === null || value === 0 || value === '0' || value === '';
}

