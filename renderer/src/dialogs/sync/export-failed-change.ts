import type { OutboxOperationView } from '../../../../shared/desktop/index.js';
import { bridge, CoreCallError, send } from '../../bridge/bridge.js';
import {
  exportFileName,
  rejectedRecords,
  toCsv,
  toJson,
  type FailedChangeExport,
} from '../../sync/failed-export.js';
import type { WellLabel } from './use-outbox.js';

/**
 * Writes a rejected change to a file the user picks (Electron's save dialog;
 * a download in the browser). The values come from the cache's merged view,
 * where a rejected change's days still carry its values (state `error`).
 * Resolves to where it went, or null when the user cancelled.
 */
export async function exportFailedChange(
  op: OutboxOperationView,
  label: WellLabel,
  format: 'csv' | 'json',
): Promise<string | null> {
  const data: FailedChangeExport = { op, wellName: label.name, exportedAt: new Date() };
  if (op.kind === 'upsert-records' && op.range) {
    const production = await send('production-get', {
      projectId: op.projectId,
      wellId: op.wellId,
      from: op.range.from,
      to: op.range.to,
      aggregation: 'daily',
    }).catch((error: unknown) => {
      // The core reads queued values only through the well's merged view; once the
      // server has deleted the well, the cache drops it and that view is gone, while
      // the values themselves stay in the outbox. An export without them would look
      // complete and not be, so refuse and say why.
      if (error instanceof CoreCallError && error.error.type === 'not-found') {
        throw new Error(
          'The values of this change cannot be read back for export: the well is no longer in this computer’s copy of the project. They are still kept here; do not discard the change if you need them.',
        );
      }
      throw error;
    });
    data.records = rejectedRecords(production.data);
    data.units = production.data.units;
  }
  if (op.kind === 'update-well' && label.well) {
    const { name, apiNumber, type, status } = label.well;
    data.well = { name, apiNumber, type, status };
  }
  const name = exportFileName(op, label.name, format);
  return bridge.native.saveFile(
    {
      title: 'Export the rejected change',
      defaultName: name,
      filters: [
        format === 'csv'
          ? { name: 'CSV', extensions: ['csv'] }
          : { name: 'JSON', extensions: ['json'] },
      ],
    },
    format === 'csv' ? toCsv(data) : toJson(data),
  );
}
