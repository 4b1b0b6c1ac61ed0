import { dialog, type BrowserWindow, type FileFilter } from 'electron';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  IpcRefused,
  MAX_FILE_BYTES,
  type OpenFileArgs,
  type RevealFileArgs,
  type SaveFileArgs,
} from './ipc-guard.js';

/**
 * The native helpers behind `window.flowline.native`: the system's save and open dialogs,
 * and "show in folder". Arguments arrive already validated (ipc-guard.ts). The renderer
 * never names a path to read or write: the user picks it in the dialog. Revealing is
 * limited to files the user saved or opened through these dialogs in this session.
 */
export class NativeFiles {
  private readonly known = new Set<string>();
  private lastFolder: string;

  constructor(
    defaultFolder: string,
    private readonly showItemInFolder: (path: string) => void,
  ) {
    this.lastFolder = defaultFolder;
  }

  async saveFile(args: SaveFileArgs, win: BrowserWindow | null): Promise<string | null> {
    const options = {
      title: args.options.title ?? 'Save',
      defaultPath: join(this.lastFolder, args.options.defaultName),
      filters: args.options.filters as FileFilter[] | undefined,
      properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<
        'createDirectory' | 'showOverwriteConfirmation'
      >,
    };
    const result = win
      ? await dialog.showSaveDialog(win, options)
      : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return null;
    const data =
      typeof args.data === 'string'
        ? args.data
        : Buffer.from(args.data.buffer, args.data.byteOffset, args.data.byteLength);
    await writeFile(result.filePath, data);
    this.remember(result.filePath);
    return result.filePath;
  }

  async openFile(
    args: OpenFileArgs,
    win: BrowserWindow | null,
  ): Promise<{ name: string; data: Uint8Array } | null> {
    const options = {
      title: args.options.title ?? 'Open',
      defaultPath: this.lastFolder,
      filters: args.options.filters as FileFilter[] | undefined,
      properties: ['openFile'] as Array<'openFile'>,
    };
    const result = win
      ? await dialog.showOpenDialog(win, options)
      : await dialog.showOpenDialog(options);
    const file = result.filePaths[0];
    if (result.canceled || !file) return null;
    const info = await stat(file);
    if (!info.isFile()) throw new IpcRefused(`${basename(file)} is not a file.`);
    if (info.size > MAX_FILE_BYTES) {
      throw new IpcRefused(`${basename(file)} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
    }
    const bytes = await readFile(file);
    this.remember(file);
    return {
      name: basename(file),
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  }

  revealFile(args: RevealFileArgs): void {
    if (!this.known.has(args.path)) {
      throw new IpcRefused(
        'Only files saved or opened in Flowline during this session can be shown.',
      );
    }
    this.showItemInFolder(args.path);
  }

  private remember(file: string): void {
    this.known.add(file);
    this.lastFolder = dirname(file);
  }
}
