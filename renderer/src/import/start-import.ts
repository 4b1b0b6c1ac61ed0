import { bridge } from '../bridge/bridge.js';
import { openDialog } from '../dialogs/open-dialog.js';
import type { GrantedFile } from '#shared/desktop/index.js';
import type { ImportFile } from './import-file.js';
import type { ImportTarget } from './import-target.js';

let nonce = 0;

/**
 * Opens the import dialog for a File the page holds: granted to the core where the host can
 * (Electron: the core reads it from disk, any size), else read here and sent as text.
 */
export async function importPageFile(file: File, target: ImportTarget): Promise<void> {
  let granted: GrantedFile | null = null;
  let refusal: string | null = null;
  try {
    granted = await bridge.native.grantFile(file);
  } catch (error) {
    refusal = (error as Error).message;
  }
  if (refusal !== null) {
    openImport({ kind: 'refused', name: file.name, message: refusal }, target);
  } else if (granted) {
    importGranted(granted, target);
  } else {
    openImport({ kind: 'file', file, name: file.name }, target);
  }
}

/** A file the desktop app granted (File ▸ Import CSV or Excel…, or a drop). */
export function importGranted(file: GrantedFile, target: ImportTarget): void {
  openImport({ kind: 'granted', handle: file.handle, name: file.name }, target);
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
