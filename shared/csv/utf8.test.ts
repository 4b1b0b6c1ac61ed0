import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, lineOfOffset } from './utf8.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('firstInvalidUtf8', () => {
  it('is the length for valid UTF-8, multi-byte characters included', () => {
    const text = new TextEncoder().encode('Öl m³\n10³m³ 𝛼');
    expect(firstInvalidUtf8(text)).toBe(text.length);
  });

  it('finds a Latin-1 byte, a bad continuation and a cut-off sequence', () => {
    expect(firstInvalidUtf8(bytes(0x61, 0x0a, 0xd6, 0x6c))).toBe(2); // "a\nÖl" in Latin-1
    expect(firstInvalidUtf8(bytes(0x61, 0xe2, 0x28, 0xa1))).toBe(1);
    expect(firstInvalidUtf8(bytes(0x61, 0x62, 0xe2, 0x82))).toBe(2);
  });
});

describe('lineOfOffset', () => {
  it('counts line feeds before the offset', () => {
    const text = new TextEncoder().encode('a\nb\nc');
    expect(lineOfOffset(text, 0)).toBe(1);
    expect(lineOfOffset(text, 4)).toBe(3);
  });
});
