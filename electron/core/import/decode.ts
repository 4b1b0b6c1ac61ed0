import { isUtf8 } from 'node:buffer';
import { firstInvalidUtf8, lineOfOffset } from '#shared/csv/utf8.js';
import { CoreError } from '#shared/desktop/index.js';

/**
 * Bytes → UTF-8 without a byte-order mark, which is what csv-parse reads. A
 * UTF-16 file (with a BOM, or without one but with the tell-tale zero bytes
 * of ASCII text) is decoded; anything else must be valid UTF-8. Binary files
 * and spreadsheets saved in their own format are refused by name.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodedBytes {
  utf8: Buffer;
  encoding: TextEncoding;
}

const SNIFF_BYTES = 64 * 1024;

const SIGNATURES: Array<[number[], string]> = [
  [
    [0x50, 0x4b, 0x03, 0x04],
    'a ZIP archive that is not a workbook; save it as an Excel Workbook (.xlsx) or as CSV first',
  ],
  [
    [0xd0, 0xcf, 0x11, 0xe0],
    'an old Excel .xls workbook (Excel 97–2003), which is not read; save it as an Excel Workbook (.xlsx) or as CSV first',
  ],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x1f, 0x8b], 'a gzip archive; extract it first'],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], 'an SQLite database'],
];

function invalid(name: string, message: string, problem: string): CoreError {
  return new CoreError('validation', message, { issues: [{ path: 'source', message: problem }] });
}

export function decodeCsvBytes(bytes: Buffer, name: string): DecodedBytes {
  if (bytes.length === 0) throw emptyFile(name);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return fromUtf16(bytes.subarray(2), 'utf-16le', name);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return fromUtf16(bytes.subarray(2), 'utf-16be', name);
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  refuseBinary(body, name);
  if (!isUtf8(body)) {
    const offset = firstInvalidUtf8(body);
    const line = lineOfOffset(body, offset);
    throw invalid(
      name,
      `The file "${name}" is not UTF-8 text: the bytes on line ${line} (byte ${offset}) are not valid UTF-8. Save it as "CSV UTF-8" (or UTF-16) and import it again.`,
      `is not valid UTF-8 (line ${line}, byte ${offset})`,
    );
  }
  if (isBlank(body)) throw emptyFile(name);
  return { utf8: body, encoding: 'utf-8' };
}

function emptyFile(name: string): CoreError {
  return invalid(name, `The file "${name}" is empty: there is nothing to import.`, 'is empty');
}

function fromUtf16(body: Buffer, encoding: 'utf-16le' | 'utf-16be', name: string): DecodedBytes {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    throw invalid(
      name,
      `The file "${name}" starts like UTF-16 text but is not valid UTF-16; save it as "CSV UTF-8" and import it again.`,
      `is not valid ${encoding.toUpperCase()}`,
    );
  }
  if (text.trim() === '') throw emptyFile(name);
  if (text.includes('\u0000')) {
    throw invalid(
      name,
      `The file "${name}" holds binary data, not text; choose a CSV file.`,
      'is binary',
    );
  }
  return { utf8: Buffer.from(text, 'utf8'), encoding };
}

/**
 * UTF-16 without a byte-order mark is recognised by its zero bytes (every
 * other byte of ASCII text); other zero bytes or control characters mean the
 * file is not text at all.
 */
function refuseBinary(body: Buffer, name: string): void {
  for (const [signature, what] of SIGNATURES) {
    if (signature.every((byte, i) => body[i] === byte)) {
      throw invalid(
        name,
        `The file "${name}" is ${what}, not a CSV text file.`,
        `is ${what.split(';')[0]}`,
      );
    }
  }
  const sniff = body.subarray(0, SNIFF_BYTES);
  let zeros = 0;
  let evenZeros = 0;
  let controls = 0;
  for (let i = 0; i < sniff.length; i++) {
    const byte = sniff[i]!;
    if (byte === 0) {
      zeros++;
      if (i % 2 === 0) evenZeros++;
    } else if (byte < 9 || (byte > 13 && byte < 32 && byte !== 27)) {
      controls++;
    }
  }
  if (zeros > sniff.length * 0.3 && (evenZeros === zeros || evenZeros === 0)) {
    throw invalid(
      name,
      `The file "${name}" looks like UTF-16 text without a byte-order mark; save it as "CSV UTF-8" (or UTF-16 with a BOM) and import it again.`,
      'is UTF-16 without a byte-order mark',
    );
  }
  if (zeros > 0 || controls > sniff.length * 0.01) {
    throw invalid(
      name,
      `The file "${name}" holds binary data, not text; choose a CSV file.`,
      'is binary',
    );
  }
}

function isBlank(body: Buffer): boolean {
  for (const byte of body)
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  return true;
}
