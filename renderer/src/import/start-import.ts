import { bridge } from '../bridge/bridge.js';
import { openDialog } from '../dialogs/open-dialog.js';
import { baseName, type ImportFile } from './import-file.js';
import type { ImportTarget } from './import-target.js';

let nonce = 0;

/** Opens the import dialog for a file: by path where the host has one (Electron), else its text. */
export function importPageFile(file: File, target: ImportTarget): void {
  const path = bridge.native.pathForFile(file);
  openImport(
    path
      ? { kind: 'path', path, name: file.name || baseName(path) }
      : { kind: 'file', file, name: file.name },
    target,
  );
}

/** File ▸ Import CSV…: the main process chose the file. */
export function importPath(path: string, target: ImportTarget): void {
  openImport({ kind: 'path', path, name: baseName(path) }, target);
}

function openImport(file: ImportFile, target: ImportTarget): void {
  nonce += 1;
  openDialog({
    kind: 'import',
    ...(target.projectId ? { projectId: target.projectId } : {}),
    ...(target.wellId ? { wellId: target.wellId } : {}),
    file,
    nonce,
  });
}
