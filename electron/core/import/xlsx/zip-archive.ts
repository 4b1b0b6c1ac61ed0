import { StringDecoder } from 'node:string_decoder';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { formatSize } from '../read-source.js';
import { workbookError } from './workbook-error.js';

/**
 * The parts of a workbook's ZIP container, read from its central directory
 * (yauzl) before anything is inflated. Every part is checked against a cap on
 * its declared size first, and the bytes inflated are counted against the
 * same cap as they come (yauzl also refuses a part that inflates to more than
 * it declared), so a ZIP bomb is refused having inflated at most one cap.
 */
export const MAX_ZIP_ENTRIES = 10_000;

export interface ZipArchive {
  has(path: string): boolean;
  /** Declared uncompressed size of a part. */
  sizeOf(path: string): number;
  /**
   * Inflates one part as UTF-8 text, chunk by chunk. `onText` may return false to stop early
   * (the rest is not inflated). Refused when the part is missing or larger than `cap`.
   */
  stream(path: string, cap: number, onText: (text: string) => boolean | void): Promise<void>;
  close(): void;
}

export async function openZip(bytes: Buffer, name: string): Promise<ZipArchive> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true },
      (error, file) => (error ? reject(damaged(name, error)) : resolve(file)),
    ),
  );
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    throw workbookError(
      name,
      `holds ${zip.entryCount.toLocaleString('en-US')} parts; a workbook has a few dozen (at most ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} are read)`,
      'has too many ZIP entries',
    );
  }
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      // Part names are case-insensitive in OOXML (ECMA-376 Part 2, 9.1.1.1).
      entries.set(entry.fileName.toLowerCase(), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (error: Error) => reject(damaged(name, error)));
    zip.readEntry();
  });
  return {
    has: (path) => entries.has(path.toLowerCase()),
    sizeOf: (path) => entries.get(path.toLowerCase())?.uncompressedSize ?? 0,
    stream: (path, cap, onText) => streamPart(zip, entries, name, path, cap, onText),
    close: () => zip.close(),
  };
}

async function streamPart(
  zip: ZipFile,
  entries: Map<string, Entry>,
  name: string,
  path: string,
  cap: number,
  onText: (text: string) => boolean | void,
): Promise<void> {
  const entry = entries.get(path.toLowerCase());
  if (!entry) {
    throw workbookError(name, `lacks its part ${path}`, `has no ${path}`);
  }
  if (entry.isEncrypted()) {
    throw workbookError(
      name,
      'is encrypted (password-protected); save it without a password',
      'is encrypted',
    );
  }
  if (entry.uncompressedSize > cap) throw tooLarge(name, path, entry.uncompressedSize, cap);
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) =>
      error ? reject(damaged(name, error)) : resolve(readable),
    ),
  );
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  await new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
      if (error) reject(error);
      else resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      inflated += chunk.length;
      // Counted here as well as by yauzl: the cap holds even if the declared size lied.
      if (inflated > cap) return finish(tooLarge(name, path, inflated, cap));
      try {
        if (onText(decoder.write(chunk)) === false) finish();
      } catch (error) {
        finish(error);
      }
    });
    stream.on('end', () => {
      if (done) return;
      try {
        onText(decoder.end());
        finish();
      } catch (error) {
        finish(error);
      }
    });
    stream.on('error', (error: Error) => finish(damaged(name, error, path)));
  });
}

function tooLarge(name: string, path: string, size: number, cap: number) {
  return workbookError(
    name,
    `has a part (${path}) that unpacks to ${formatSize(size)} or more; at most ${formatSize(cap)} of it is read (a ZIP bomb, or a sheet to split)`,
    `${path} unpacks to more than ${formatSize(cap)}`,
  );
}

function damaged(name: string, error: Error, path?: string) {
  // yauzl's own words ("invalid central directory file header signature", "too many bytes in
  // the stream") say what is broken; the sentence around them says what to do.
  return workbookError(
    name,
    `is not a readable ZIP workbook${path ? ` (${path})` : ''}: ${error.message}. Open it in Excel and save it again`,
    `is a damaged ZIP archive: ${error.message}`,
  );
}
