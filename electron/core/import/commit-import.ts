import { CoreError, type ImportCommitResult } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { announceOutbox, announceProduction, editTarget } from '../outbox/edit-target.js';
import { saveRecords } from '../outbox/save-records.js';
import { existingDays, withKeptFields } from './existing-days.js';
import type { PreparedImport } from './import-store.js';

/**
 * import-commit: the valid rows of a prepared import queued as upserts
 * through records-save's own path (saveRecords: coalescing, bases, imperial
 * storage), every well in ONE transaction — all of the file or none of it.
 * The sync engine sends them in its usual chunks.
 */
export function commitImport(ctx: CoreContext, prepared: PreparedImport): ImportCommitResult {
  const { final, preview } = prepared;
  if (prepared.committed) {
    throw new CoreError(
      'conflict',
      `Import ${prepared.id} ("${preview.fileName}") was already committed; its rows are in the outbox.`,
    );
  }
  if (preview.blocked) {
    const issue =
      preview.blocked.reason === 'which-well'
        ? { path: 'wellRouting', message: 'is required: this-well or by-name' }
        : { path: 'columns', message: 'need a column mapped to "date"' };
    throw new CoreError('validation', preview.blocked.message, { issues: [issue] });
  }
  if (final.ambiguous) {
    const labels = final.ambiguous.candidates.join(' or ');
    throw new CoreError(
      'validation',
      `The dates of "${preview.fileName}" fit more than one format (${labels}); preview it again with dateFormat set.`,
      { issues: [{ path: 'dateFormat', message: `is required: ${labels}` }] },
    );
  }
  if (final.wells.size === 0) {
    throw new CoreError(
      'validation',
      `Nothing to import from "${preview.fileName}": ${preview.summary.invalidRows} invalid row(s), ${preview.summary.unmatchedRows} row(s) of unknown wells, no valid rows.`,
      { issues: [{ path: 'source', message: 'has no valid rows' }] },
    );
  }
  const connection = ctx.connections.get(prepared.connectionId);
  if (!connection) {
    throw new CoreError(
      'not-found',
      `The connection of this import was removed; nothing was queued.`,
    );
  }
  const targets = [...final.wells.values()].map((rows) => ({
    rows,
    target: editTarget(ctx, connection, prepared.projectId, rows.well.id),
  }));
  for (const { target } of targets) {
    if (target.unitSystem !== prepared.unitSystem) {
      throw new CoreError(
        'conflict',
        `Project ${prepared.projectId} switched to ${target.unitSystem} units since the preview; preview the file again.`,
      );
    }
  }

  let newDays = 0;
  let replacedDays = 0;
  let batch = 0;
  const wells = ctx.db
    .transaction(() => {
      // The whole file is one action in the change log, whatever number of wells it names.
      batch = ctx.changeLog.nextBatch();
      const origin = { source: 'import', label: preview.fileName, batch } as const;
      return targets.map(({ rows, target }) => {
        const dates = rows.records.map((record) => record.date);
        const existing = existingDays(ctx, connection.id, rows.well.id, dates);
        const replaced = dates.filter((date) => existing.values.has(date)).length;
        replacedDays += replaced;
        newDays += dates.length - replaced;
        const records =
          prepared.untouchedChoice === 'keep'
            ? withKeptFields(rows.records, existing, prepared.unmapped, target.unitSystem)
            : rows.records;
        // The same transaction read these days a moment ago: not read twice.
        const saved = saveRecords(ctx, target, records, origin, existing.values);
        return { wellId: rows.well.id, queued: saved.saved, outboxSeq: saved.outboxSeq, dates };
      });
    })
    .immediate();
  prepared.committed = true;

  for (const well of wells) {
    const where = {
      connectionId: connection.id,
      projectId: prepared.projectId,
      wellId: well.wellId,
    };
    announceOutbox(ctx, connection.id, where);
    let from = well.dates[0]!;
    let to = from;
    for (const date of well.dates) {
      if (date < from) from = date;
      if (date > to) to = date;
    }
    announceProduction(ctx, where, { from, to });
  }
  ctx.sync.kick(connection.id);
  return {
    importId: prepared.id,
    projectId: prepared.projectId,
    changeBatch: batch,
    queued: wells.reduce((sum, well) => sum + well.queued, 0),
    wells: wells.map(({ wellId, queued, outboxSeq }) => ({ wellId, queued, outboxSeq })),
    newDays,
    replacedDays,
    invalidRows: final.invalid.length,
    skippedLines: prepared.skippedLines,
    unmatchedRows: final.unmatchedRows,
  };
}
