import { readFile, stat } from 'node:fs/promises';
import { CoreError, MAX_IMPORT_FILE_BYTES, type ImportSource } from '#shared/desktop/index.js';
import type { GrantedFiles } from '../files/granted-files.js';

/** A source's bytes, and what is needed to read it again for the invalid-rows export. */
export interface SourceBytes {
  name: string;
  bytes: Buffer;
  /** For a file: its path, size and mtime when read (a changed file is not re-read silently). */
  file?: { path: string; name: string; size: number; mtimeMs: number };
}

export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A chosen file (by its handle: the page never names a path) is checked with stat before a
 * byte is read: a folder, a device or a file over MAX_IMPORT_FILE_BYTES is refused unread.
 */
export async function readSource(source: ImportSource, files: GrantedFiles): Promise<SourceBytes> {
  if (source.kind === 'text') {
    return { name: source.name, bytes: Buffer.from(source.text, 'utf8') };
  }
  if (source.kind === 'bytes') {
    return { name: source.name, bytes: Buffer.from(source.base64, 'base64') };
  }
  const { path, name } = await files.pathOf(source.handle);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw fileError(error, name);
  }
  if (!info.isFile()) {
    throw new CoreError(
      'validation',
      `"${name}" is not a file (a folder or a device); choose a CSV file or an Excel workbook.`,
      {
        issues: [{ path: 'source.handle', message: 'is not a regular file' }],
      },
    );
  }
  if (info.size > MAX_IMPORT_FILE_BYTES) {
    throw new CoreError(
      'validation',
      `The file "${name}" is ${formatSize(info.size)}; files up to ${formatSize(MAX_IMPORT_FILE_BYTES)} can be imported. Split it (by well or by year) and import the parts.`,
      {
        issues: [
          { path: 'source.handle', message: `is larger than ${formatSize(MAX_IMPORT_FILE_BYTES)}` },
        ],
      },
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw fileError(error, name);
  }
  return { name, bytes, file: { path, name, size: info.size, mtimeMs: info.mtimeMs } };
}

/** The file again, for the invalid-rows export; refused if it changed since the preview. */
export async function rereadFile(file: NonNullable<SourceBytes['file']>): Promise<Buffer> {
  let info;
  try {
    info = await stat(file.path);
  } catch (error) {
    throw fileError(error, file.name);
  }
  if (info.size !== file.size || info.mtimeMs !== file.mtimeMs) {
    throw new CoreError(
      'conflict',
      `The file "${file.name}" changed since it was previewed; preview it again.`,
    );
  }
  return readFile(file.path);
}

function fileError(error: unknown, name: string): CoreError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    return new CoreError('not-found', `The file "${name}" does not exist (moved or deleted?).`, {
      issues: [{ path: 'source.handle', message: 'does not exist' }],
    });
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new CoreError('validation', `The file "${name}" cannot be read: permission denied.`, {
      issues: [{ path: 'source.handle', message: 'cannot be read (permission denied)' }],
    });
  }
  return new CoreError(
    'validation',
    `The file "${name}" cannot be read (${code ?? 'unknown error'}).`,
    {
      issues: [{ path: 'source.handle', message: `cannot be read (${code ?? 'unknown error'})` }],
    },
  );
}
