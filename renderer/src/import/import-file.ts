import {
  MAX_IMPORT_BASE64_CHARS,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_TEXT_CHARS,
} from '#shared/desktop/index.js';
import { firstInvalidUtf8, lineOfOffset } from '#shared/csv/utf8.js';
import type { ImportSource } from '#shared/desktop/index.js';

/**
 * What the import dialog is given to read: a file the desktop app granted (a
 * dropped file or File ▸ Import CSV or Excel…: the core reads it by its handle) or a
 * File the page holds (the browser host, which grants nothing: its text is
 * read here and sent).
 */
export type ImportFile =
  | { kind: 'granted'; handle: string; name: string }
  | { kind: 'file'; file: File; name: string }
  /** The desktop app would not grant it (e.g. one of Flowline's own files): the dialog says why. */
  | { kind: 'refused'; name: string; message: string };

const MB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  const mb = bytes / MB;
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The last part of a path, for titles ("/home/me/july.csv" → "july.csv"). */
export function baseName(path: string): string {
  return path.split(/[/\\]/).filter(Boolean).at(-1) ?? path;
}

/**
 * The refusal of a file too large to send as text, decided from its size
 * before a byte is read (a UTF-8 file has at least as many bytes as characters).
 */
export function tooLargeForText(name: string, bytes: number): string | null {
  if (bytes <= MAX_IMPORT_TEXT_CHARS) return null;
  return `The file "${name}" is ${formatBytes(bytes)}; in the browser, files up to ${formatBytes(MAX_IMPORT_TEXT_CHARS)} can be imported. Split it (by well or by year), or use the desktop app, which reads files up to ${formatBytes(MAX_IMPORT_FILE_BYTES)}.`;
}

export type DecodedText = { ok: true; text: string } | { ok: false; message: string };

/**
 * A file's bytes as the text source the core reads. UTF-16 with a byte-order
 * mark is decoded; anything else must be UTF-8. Bytes that are not UTF-8 but
 * look binary (zero bytes, control characters) are passed on, replaced
 * characters and all, so the core names what the file is; text in another
 * encoding (Latin-1, Windows-1252) is refused here, where the bytes still are.
 */
export function decodeImportBytes(bytes: Uint8Array, name: string): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes, 'utf-16be');
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // not UTF-8: binary, or text in another encoding
  }
  if (looksBinary(bytes)) return { ok: true, text: new TextDecoder('utf-8').decode(bytes) };
  const offset = firstInvalidUtf8(bytes);
  const line = lineOfOffset(bytes, offset);
  return {
    ok: false,
    message: `The file "${name}" is not UTF-8 text: the bytes on line ${line} (byte ${offset}) are not valid UTF-8. Save it as "CSV UTF-8" (or UTF-16) and import it again.`,
  };
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): DecodedText {
  // Not fatal: zero bytes and broken pairs reach the core, which refuses binary data by name.
  return { ok: true, text: new TextDecoder(encoding).decode(bytes) };
}

function looksBinary(bytes: Uint8Array): boolean {
  const sniff = bytes.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sniff) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32 && byte !== 27)) controls++;
  }
  return controls > sniff.length * 0.01;
}

/** Reads what the core is sent: a granted file's handle, or a File's text after the size check. */
export async function readImportSource(
  file: ImportFile,
): Promise<{ ok: true; source: ImportSource } | { ok: false; message: string }> {
  if (file.kind === 'granted') return { ok: true, source: { kind: 'file', handle: file.handle } };
  if (file.kind === 'refused') return { ok: false, message: file.message };
  const refusal = tooLargeForText(file.name, file.file.size);
  if (refusal) return { ok: false, message: refusal };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.file.arrayBuffer());
  } catch {
    return {
      ok: false,
      message: `The file "${file.name}" could not be read (moved, deleted, or not allowed); choose it again.`,
    };
  }
  const name = file.name.slice(0, 255) || 'dropped file.csv';
  // A workbook is sent as its bytes (base64 in the request), for the core to unzip and read.
  if (isWorkbook(bytes)) {
    if (bytes.length > (MAX_IMPORT_BASE64_CHARS / 4) * 3) {
      return {
        ok: false,
        message: `The workbook "${file.name}" is ${formatBytes(bytes.length)}; in the browser, workbooks up to ${formatBytes((MAX_IMPORT_BASE64_CHARS / 4) * 3)} can be imported. Use the desktop app, which reads files up to ${formatBytes(MAX_IMPORT_FILE_BYTES)}.`,
      };
    }
    return { ok: true, source: { kind: 'bytes', name, base64: toBase64(bytes) } };
  }
  const decoded = decodeImportBytes(bytes, file.name);
  if (!decoded.ok) return decoded;
  return { ok: true, source: { kind: 'text', name, text: decoded.text } };
}

/** A ZIP container (an .xlsx workbook): the core tells a workbook from any other ZIP. */
export function isWorkbook(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Base64 in slices: one String.fromCharCode call over megabytes would overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  }
  return btoa(parts.join(''));
}
