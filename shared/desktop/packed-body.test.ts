import { describe, expect, it } from 'vitest';
import { decodePackedBody, encodePackedBody, holdsTypedArrays } from './packed-body.js';

/** The browser host's binary body: exact round trips, aligned views, hostile bodies refused. */

function body(text: string, payload = 0): ArrayBuffer {
  const header = new TextEncoder().encode(text);
  const bytes = new Uint8Array(Math.ceil((8 + header.length) / 8) * 8 + payload);
  bytes.set([0x46, 0x4c, 0x42, 0x31]);
  new DataView(bytes.buffer).setUint32(4, header.length, true);
  bytes.set(header, 8);
  return bytes.buffer;
}

describe('packed body', () => {
  it('carries typed arrays exactly (NaN, −0, odd lengths) beside ordinary JSON', () => {
    const reply = {
      ok: true,
      result: {
        data: {
          wellId: 'w',
          fields: ['oil_rate'],
          days: new Int32Array([-25567, 0, 20000]),
          values: { oil_rate: new Float64Array([NaN, -0, 1e-300]), gas_rate: new Float64Array(0) },
          states: new Uint8Array([0, 4, 2]),
          deletions: [{ from: '2024-01-01', to: '2024-01-02', state: 'pending' }],
        },
        source: 'cache',
      },
    };
    expect(holdsTypedArrays(reply)).toBe(true);
    expect(holdsTypedArrays({ ok: true, result: { data: [new Float64Array(1)] } })).toBe(false);
    const decoded = decodePackedBody(encodePackedBody(reply).slice().buffer) as typeof reply;
    expect(decoded).toEqual(reply);
    expect(decoded.result.data.days).toBeInstanceOf(Int32Array);
    expect(Object.is(decoded.result.data.values.oil_rate[1], -0)).toBe(true);
    expect(Number.isNaN(decoded.result.data.values.oil_rate[0])).toBe(true);
    for (const typed of [decoded.result.data.days, decoded.result.data.values.oil_rate]) {
      expect(typed.byteOffset % 8).toBe(0);
    }
  });

  it('sends columns of hundredths as scaled integers, bit-exact, and anything else as doubles', () => {
    const hundredths = Float64Array.from({ length: 500 }, (_, i) =>
      i % 7 === 0 ? NaN : Math.round(Math.sin(i) * 1e6) / 100,
    );
    const integers = Float64Array.from({ length: 100 }, (_, i) => i * 1000);
    const awkward = Float64Array.from({ length: 100 }, (_, i) => (i === 50 ? -0 : i / 3));
    const huge = Float64Array.from({ length: 100 }, (_, i) => (i === 9 ? 3e9 : i));
    const reply = { a: hundredths, b: integers, c: awkward, d: huge };
    const encoded = encodePackedBody(reply);
    const plain = encodePackedBody({ a: hundredths.subarray(0, 63) });
    // Four bytes a value for a and b, eight for c and d.
    expect(encoded.length).toBeLessThan(8 * 200 + 4 * 600 + 400);
    expect(plain.length).toBeGreaterThan(8 * 63);
    const decoded = decodePackedBody(encoded.slice().buffer) as typeof reply;
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      expect(decoded[key]).toBeInstanceOf(Float64Array);
      expect(Array.from(decoded[key]).map((v) => (Object.is(v, -0) ? '-0' : v))).toEqual(
        Array.from(reply[key]).map((v) => (Object.is(v, -0) ? '-0' : v)),
      );
    }
  });

  it('copies a typed array that is a view on a larger buffer, only its own bytes', () => {
    const whole = new Float64Array([1, 2, 3, 4]);
    const decoded = decodePackedBody(
      encodePackedBody({ part: whole.subarray(1, 3) }).slice().buffer,
    ) as { part: Float64Array };
    expect(Array.from(decoded.part)).toEqual([2, 3]);
  });

  it('refuses a member named $typed in a reply, so a marker cannot be forged', () => {
    expect(() => encodePackedBody({ data: { $typed: 'Float64Array', at: 0, length: 1 } })).toThrow(
      /\$typed/,
    );
  });

  it('refuses bodies that are not one, cut short, or point outside themselves', () => {
    expect(() => decodePackedBody(new TextEncoder().encode('{"ok":true}').buffer)).toThrow(
      'Not a packed body',
    );
    const whole = new Uint8Array(body('{"a":1}'));
    new DataView(whole.buffer).setUint32(4, 1000, true);
    expect(() => decodePackedBody(whole.buffer)).toThrow('cut short');
    expect(() =>
      decodePackedBody(body('{"a":{"$typed":"Float64Array","at":0,"length":1000}}', 8)),
    ).toThrow('cut short');
    for (const bad of [
      '{"$typed":"BigInt64Array","at":0,"length":1}',
      '{"$typed":"Float64Array","at":-8,"length":1}',
      '{"$typed":"Float64Array","at":3,"length":1}',
      '{"$typed":"Float64Array","at":0,"length":1.5}',
      '{"$typed":"constructor","at":0,"length":1}',
      '{"$typed":"__proto__","at":0,"length":1}',
      '{"$typed":"Float64Array","at":0,"length":1,"scale":3}',
      '{"$typed":"Int32Array","at":0,"length":1,"scale":100}',
    ]) {
      expect(() => decodePackedBody(body(`{"a":${bad}}`, 64)), bad).toThrow('bad array');
    }
  });
});
