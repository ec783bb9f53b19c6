/**
 * A minimal protobuf wire-format reader/writer, enough to edit an ONNX model without a protobuf
 * library or the .proto schema. A message is read as a flat list of fields, each keeping the exact
 * bytes it was read from; writing concatenates those bytes. So a model whose fields we do not touch
 * (unknown fields, field order, non-minimal varints and all) is written back byte for byte, and
 * only the messages we edit are re-encoded.
 */

export const WIRE_VARINT = 0;
export const WIRE_I64 = 1;
export const WIRE_LEN = 2;
export const WIRE_I32 = 5;

export interface ProtoField {
  readonly no: number;
  readonly wire: number;
  /** The whole field as encoded: tag, length (for WIRE_LEN) and payload. */
  readonly raw: Uint8Array;
  /** WIRE_LEN: the payload (a view into the source). Otherwise the value bytes after the tag. */
  readonly payload: Uint8Array;
}

/** The bytes are not a well-formed protobuf message (truncated file, not an ONNX model). */
export class ProtoFormatError extends Error {
  readonly code = 'proto-format';
  constructor(message: string) {
    super(message);
    this.name = 'ProtoFormatError';
  }
}

/** Reads a varint at `offset`; returns the value (as a Number: callers only read small ones) and the next offset. */
function readVarint(buf: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = offset; i < buf.length && i < offset + 10; i++) {
    const byte = buf[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  throw new ProtoFormatError(`bad varint at byte ${offset}`);
}

/** Splits one message into its fields (not recursive: a nested message is a WIRE_LEN payload). */
export function readFields(buf: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let offset = 0;
  while (offset < buf.length) {
    const start = offset;
    const [tag, afterTag] = readVarint(buf, offset);
    const no = Math.floor(tag / 8);
    const wire = tag % 8;
    let payloadStart = afterTag;
    let end: number;
    if (wire === WIRE_VARINT) end = readVarint(buf, afterTag)[1];
    else if (wire === WIRE_I64) end = afterTag + 8;
    else if (wire === WIRE_I32) end = afterTag + 4;
    else if (wire === WIRE_LEN) {
      const [length, afterLength] = readVarint(buf, afterTag);
      payloadStart = afterLength;
      end = afterLength + length;
    } else throw new ProtoFormatError(`unsupported wire type ${wire} at byte ${start}`);
    if (no === 0 || end > buf.length) throw new ProtoFormatError(`field ${no} at byte ${start} runs past the end of the message`);
    fields.push({ no, wire, raw: buf.subarray(start, end), payload: buf.subarray(payloadStart, end) });
    offset = end;
  }
  return fields;
}

/** Concatenates fields' bytes into one message. */
export function writeFields(fields: readonly ProtoField[]): Uint8Array {
  const out = new Uint8Array(fields.reduce((sum, f) => sum + f.raw.length, 0));
  let offset = 0;
  for (const field of fields) {
    out.set(field.raw, offset);
    offset += field.raw.length;
  }
  return out;
}

function encodeVarint(value: number): number[] {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`cannot encode ${value} as a varint`);
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

export function lenField(no: number, payload: Uint8Array): ProtoField {
  const head = [...encodeVarint(no * 8 + WIRE_LEN), ...encodeVarint(payload.length)];
  const raw = new Uint8Array(head.length + payload.length);
  raw.set(head, 0);
  raw.set(payload, head.length);
  return { no, wire: WIRE_LEN, raw, payload: raw.subarray(head.length) };
}

export function varintField(no: number, value: number): ProtoField {
  const tag = encodeVarint(no * 8 + WIRE_VARINT);
  const raw = Uint8Array.from([...tag, ...encodeVarint(value)]);
  return { no, wire: WIRE_VARINT, raw, payload: raw.subarray(tag.length) };
}

export function stringField(no: number, value: string): ProtoField {
  return lenField(no, new TextEncoder().encode(value));
}

export function messageField(no: number, fields: readonly ProtoField[]): ProtoField {
  return lenField(no, writeFields(fields));
}

/** A WIRE_I32 float field (e.g. AttributeProto.f). */
export function floatValue(field: ProtoField): number {
  return new DataView(field.payload.buffer, field.payload.byteOffset, 4).getFloat32(0, true);
}

/** A WIRE_VARINT field's value (non-negative values up to 2^53; negative int64 values are not read here). */
export function varintValue(field: ProtoField): number {
  return readVarint(field.payload, 0)[0];
}

export function stringValue(field: ProtoField): string {
  return new TextDecoder().decode(field.payload);
}

/** A repeated varint field, packed (one WIRE_LEN field) or not (one field per value). */
export function repeatedVarints(fields: readonly ProtoField[], no: number): number[] {
  const values: number[] = [];
  for (const field of fields) {
    if (field.no !== no) continue;
    if (field.wire === WIRE_VARINT) values.push(varintValue(field));
    else if (field.wire === WIRE_LEN) {
      for (let offset = 0; offset < field.payload.length;) {
        const [value, next] = readVarint(field.payload, offset);
        values.push(value);
        offset = next;
      }
    }
  }
  return values;
}

export function firstField(fields: readonly ProtoField[], no: number): ProtoField | undefined {
  return fields.find((f) => f.no === no);
}
