import { ImportDialog } from '../import/ImportDialog.js';
import { useImportMenu } from '../import/use-import-menu.js';
import { ConnectionDialog } from './connection/ConnectionDialog.js';
import { DownloadDialog } from './download/DownloadDialog.js';
import { useOpenDialog } from './open-dialog.js';
import { SyncPanel } from './sync/SyncPanel.js';

/** The one place app-level dialogs are rendered: whichever open-dialog.ts says is open. */
export function AppDialogs() {
  const dialog = useOpenDialog();
  // File ▸ Import CSV or Excel… (Electron) opens the import dialog for the project or well on screen.
  useImportMenu();
  switch (dialog.kind) {
    case 'none':
      return null;
    case 'sync':
      return <SyncPanel />;
    case 'connection':
      return <ConnectionDialog />;
    case 'download':
      return (
        <DownloadDialog
          // A new request (another project or range from the well page) starts afresh.
          key={`${dialog.projectId ?? ''}/${dialog.from ?? ''}/${dialog.to ?? ''}`}
          projectId={dialog.projectId}
          from={dialog.from}
          to={dialog.to}
        />
      );
    case 'import':
      return (
        // Each file starts afresh (a second drop replaces the first).
        <ImportDialog
          key={dialog.nonce}
          projectId={dialog.projectId}
          wellId={dialog.wellId}
          file={dialog.file}
        />
      );
  }
}
