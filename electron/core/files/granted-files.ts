import { randomBytes } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative } from 'node:path';
import { CoreError, type GrantedFile } from '#shared/desktop/index.js';

/**
 * The files the person chose, by handle. The core never reads a path the page
 * names: a host grants a path it got from a dialog, a drop or the menu, and
 * the page gets back an unguessable handle. Flowline's own data folder (the
 * cache, the secrets file, the demo server's database) is never granted, not
 * even when chosen in a dialog, so no import preview or invalid-rows export
 * can ever carry a token.
 */

/** Grants kept; the oldest is forgotten first (a dialog's file is previewed within minutes). */
const MAX_GRANTS = 100;

interface Grant {
  /** The path with every link resolved, when it was granted. */
  realPath: string;
  name: string;
}

export class GrantedFiles {
  private readonly grants = new Map<string, Grant>();

  constructor(private readonly dataDir: string) {}

  async grant(path: string): Promise<GrantedFile> {
    if (!isAbsolute(path)) {
      throw new CoreError('validation', `"${path}" is not an absolute path.`, {
        issues: [{ path: 'path', message: 'must be an absolute path' }],
      });
    }
    const realPath = await this.checkReadable(path);
    const info = await stat(realPath);
    if (!info.isFile()) {
      throw new CoreError('validation', `"${basename(path)}" is not a file; choose a CSV file.`, {
        issues: [{ path: 'path', message: 'is not a regular file' }],
      });
    }
    const handle = `file_${randomBytes(18).toString('base64url')}`;
    const name = basename(path);
    this.grants.set(handle, { realPath, name });
    while (this.grants.size > MAX_GRANTS) {
      this.grants.delete(this.grants.keys().next().value!);
    }
    return { handle, name, size: info.size };
  }

  /**
   * The path to read for a handle. The path is resolved again and must still be the
   * granted file: a link swapped in since the grant does not lead elsewhere.
   */
  async pathOf(handle: string): Promise<{ path: string; name: string }> {
    const grant = this.grants.get(handle);
    if (!grant) {
      throw new CoreError(
        'not-found',
        'This file is no longer open in Flowline; choose it again (drop it, or Import CSV or Excel…).',
        { issues: [{ path: 'source.handle', message: 'is not a file chosen in this session' }] },
      );
    }
    const realPath = await this.checkReadable(grant.realPath);
    if (realPath !== grant.realPath) {
      throw new CoreError(
        'conflict',
        `The file "${grant.name}" was replaced since it was chosen; choose it again.`,
      );
    }
    return { path: realPath, name: grant.name };
  }

  /** Resolves links and refuses what lies inside the data folder. */
  private async checkReadable(path: string): Promise<string> {
    let realPath: string;
    try {
      realPath = await realpath(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CoreError(
        code === 'ENOENT' ? 'not-found' : 'validation',
        code === 'ENOENT'
          ? `The file "${basename(path)}" does not exist (moved or deleted?).`
          : `The file "${basename(path)}" cannot be read (${code ?? 'unknown error'}).`,
        {
          issues: [
            { path: 'path', message: code === 'ENOENT' ? 'does not exist' : 'cannot be read' },
          ],
        },
      );
    }
    if (isInside(realPath, await realDataDir(this.dataDir))) {
      throw new CoreError(
        'forbidden',
        `"${basename(path)}" is one of Flowline's own files (its data folder holds the cache and your tokens); it cannot be imported.`,
        { issues: [{ path: 'path', message: "is inside Flowline's data folder" }] },
      );
    }
    return realPath;
  }
}

async function realDataDir(dataDir: string): Promise<string> {
  try {
    return await realpath(dataDir);
  } catch {
    return dataDir;
  }
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
