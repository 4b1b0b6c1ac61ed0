/**
 * Where a file stops being UTF-8, for a message a person can act on ("line 12, byte
 * 340"). Shared by the core (files read from disk) and the browser host (files read in
 * the page), so both name the same place. TextDecoder is standard in Node and browsers.
 */

/** The offset of the first byte that breaks UTF-8, or the length when none does. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes[i] as number);
    if (length === 0 || i + length > bytes.length) return i;
    if (length > 1) {
      try {
        decoder.decode(bytes.subarray(i, i + length));
      } catch {
        return i;
      }
    }
    i += length;
  }
  return bytes.length;
}

/** The 1-based line of the byte at `offset`. */
export function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let lines = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) lines++;
  return lines;
}

/** Bytes in the UTF-8 sequence a lead byte starts; 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead < 0xe0) return 2;
  if (lead >= 0xe0 && lead < 0xf0) return 3;
  if (lead >= 0xf0 && lead < 0xf5) return 4;
  return 0;
}
