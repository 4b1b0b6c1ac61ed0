import type { OutboxOperationView } from '#shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { exportFileName, toCsv, toJson } from '../../sync/failed-export.js';
import type { WellLabel } from './use-outbox.js';

/**
 * Writes a rejected change to a file the user picks (Electron's save dialog;
 * a download in the browser). The content comes from outbox-get: the
 * operation's own records or patch, in the project's units, read from the
 * outbox, so it works after the server deleted the well and the cache dropped
 * it. Resolves to where it went, or null when the user cancelled.
 */
export async function exportFailedChange(
  op: OutboxOperationView,
  label: WellLabel,
  format: 'csv' | 'json',
): Promise<string | null> {
  const change = await send('outbox-get', { seq: op.seq });
  const wellName = change.wellName ?? label.name;
  const data = { change, wellName, exportedAt: new Date() };
  return bridge.native.saveFile(
    {
      title: 'Export the rejected change',
      defaultName: exportFileName(change, wellName, format),
      filters: [
        format === 'csv'
          ? { name: 'CSV', extensions: ['csv'] }
          : { name: 'JSON', extensions: ['json'] },
      ],
    },
    format === 'csv' ? toCsv(data) : toJson(data),
  );
}
