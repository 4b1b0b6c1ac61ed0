/**
 * The browser host's binary body for a reply holding typed arrays (production-columns):
 * JSON cannot carry a Float64Array but as an object of 7,300 members, and a number as
 * text costs a parse per value. Electron's MessagePort needs none of this: structured
 * clone carries typed arrays as they are.
 *
 *   bytes 0–3   "FLB1"
 *   bytes 4–7   H, the header's length in bytes (Uint32, little-endian)
 *   H bytes     the reply as UTF-8 JSON, each typed array replaced by
 *               {"$typed": "Float64Array" | "Int32Array" | "Uint8Array", "at": offset, "length": n}
 *   then        padding to a multiple of 8, then each array's bytes at its offset from
 *               there (little-endian, as every platform Electron and Chromium run on),
 *               each starting on a multiple of 8
 *
 * A Float64Array whose every value is an integer over 1, 100 or 10,000 that reads back
 * exactly (rates stored to the hundredth are: k ÷ 100 is correctly rounded, as the
 * decimal text they came from was) travels as Int32 k with `"scale"` in its marker and
 * −2³¹ for NaN: half the bytes. Each value is checked at encoding by the very division
 * the decoder makes (−0 and anything inexact keep Float64), so decoding is bit-exact.
 *
 * Decoded, each typed array is a view on the response's one ArrayBuffer (a scaled column
 * is one division per value into a new Float64Array): the views are aligned because the
 * buffer starts at 0 and every offset is a multiple of 8.
 * Typed arrays are found in object members (not inside plain arrays), at most 8 deep.
 */

export const PACKED_BODY_TYPE = 'application/x-flowline-packed';

const MAGIC = [0x46, 0x4c, 0x42, 0x31]; // FLB1
const KINDS = {
  Float64Array: Float64Array,
  Int32Array: Int32Array,
  Uint8Array: Uint8Array,
} as const;
type Kind = keyof typeof KINDS;
type Typed = Float64Array | Int32Array | Uint8Array;
const MAX_DEPTH = 8;
const SCALES = [1, 100, 10_000] as const;
const NULL_INT = -2_147_483_648;

/** The column as integers over a scale that read back exactly, or null. */
function scaled(column: Float64Array): { scale: number; ints: Int32Array } | null {
  if (column.length < 64) return null;
  next: for (const scale of SCALES) {
    const ints = new Int32Array(column.length);
    for (let i = 0; i < column.length; i++) {
      const value = column[i] as number;
      if (value !== value) {
        ints[i] = NULL_INT;
        continue;
      }
      const k = Math.round(value * scale);
      if (!(k > NULL_INT && k <= 2_147_483_647) || !Object.is((k | 0) / scale, value)) {
        continue next;
      }
      ints[i] = k;
    }
    return { scale, ints };
  }
  return null;
}

function kindOf(value: unknown): Kind | null {
  if (value instanceof Float64Array) return 'Float64Array';
  if (value instanceof Int32Array) return 'Int32Array';
  if (value instanceof Uint8Array) return 'Uint8Array';
  return null;
}

/** True when the value holds a typed array in an object member (then it needs this body). */
export function holdsTypedArrays(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return false;
  if (ArrayBuffer.isView(value)) return kindOf(value) !== null;
  if (Array.isArray(value)) return false;
  for (const member of Object.values(value as Record<string, unknown>)) {
    if (holdsTypedArrays(member, depth + 1)) return true;
  }
  return false;
}

export function encodePackedBody(value: unknown): Uint8Array {
  const arrays: Typed[] = [];
  let payload = 0;
  const markers = new WeakSet<object>();
  const header = JSON.stringify(value, function (this: object, key, member: unknown) {
    if (markers.has(this)) return member;
    if (key === '$typed') throw new Error('A reply member may not be named $typed.');
    const kind = kindOf(member);
    if (kind === null) return member;
    const typed = member as Typed;
    const at = payload;
    const packed = kind === 'Float64Array' ? scaled(typed as Float64Array) : null;
    const bytes = packed ? packed.ints : typed;
    arrays.push(bytes);
    payload = align8(payload + bytes.byteLength);
    const marker = packed
      ? { $typed: kind, at, length: typed.length, scale: packed.scale }
      : { $typed: kind, at, length: typed.length };
    markers.add(marker);
    return marker;
  });
  const headerBytes = new TextEncoder().encode(header);
  const start = align8(8 + headerBytes.length);
  const body = new Uint8Array(start + payload);
  body.set(MAGIC, 0);
  new DataView(body.buffer).setUint32(4, headerBytes.length, true);
  body.set(headerBytes, 8);
  let at = start;
  for (const typed of arrays) {
    body.set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), at);
    at = align8(at + typed.byteLength);
  }
  return body;
}

/** The reply of a packed body; its typed arrays are views on `buffer`. */
export function decodePackedBody(buffer: ArrayBuffer): unknown {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 8 || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new Error('Not a packed body');
  }
  const length = new DataView(buffer).getUint32(4, true);
  if (8 + length > bytes.length) throw new Error('A packed body cut short');
  const start = align8(8 + length);
  const header = new TextDecoder().decode(bytes.subarray(8, 8 + length));
  return JSON.parse(header, (_key, member: unknown) => {
    if (typeof member !== 'object' || member === null || !('$typed' in member)) return member;
    const {
      $typed: kind,
      at,
      length: n,
      scale,
    } = member as { $typed: unknown; at: unknown; length: unknown; scale?: unknown };
    if (
      typeof kind !== 'string' ||
      !Object.hasOwn(KINDS, kind) ||
      !Number.isSafeInteger(at) ||
      !Number.isSafeInteger(n) ||
      (at as number) < 0 ||
      (n as number) < 0 ||
      (at as number) % 8 !== 0
    ) {
      throw new Error('A packed body with a bad array');
    }
    const offset = start + (at as number);
    if (scale !== undefined) {
      if (kind !== 'Float64Array' || !SCALES.includes(scale as (typeof SCALES)[number])) {
        throw new Error('A packed body with a bad array');
      }
      if (offset + (n as number) * 4 > buffer.byteLength)
        throw new Error('A packed body cut short');
      const ints = new Int32Array(buffer, offset, n as number);
      const out = new Float64Array(n as number);
      const by = scale as number;
      for (let i = 0; i < out.length; i++) {
        const k = ints[i] as number;
        out[i] = k === NULL_INT ? NaN : k / by;
      }
      return out;
    }
    const Type = KINDS[kind as Kind];
    if (offset + (n as number) * Type.BYTES_PER_ELEMENT > buffer.byteLength) {
      throw new Error('A packed body cut short');
    }
    return new Type(buffer, offset, n as number);
  });
}

function align8(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}
