import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductionRecordInput } from '#shared/api/index.js';
import type { RecordSaveSource } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { syncQueries } from '../../queries/keys.js';
import { contiguousRanges, undoStepFor, type GridRow, type UndoStep } from './grid-model.js';

/**
 * The grid's writes, each a queued edit in the core's outbox (saved on this computer
 * in one transaction before the call returns; synced when online), each remembered so
 * it can be undone until the grid closes. Undo writes the previous values back (or
 * deletes days the edit added): the outbox coalesces that with the unsent edit, or
 * sends it after one already sent, so the server ends where the grid started.
 */
export function useGridActions(projectId: string, wellId: string, rows: readonly GridRow[]) {
  const client = useQueryClient();
  const [undoStack, setUndoStack] = useState<UndoStep[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['production', projectId, wellId] });
    void client.invalidateQueries({ queryKey: syncQueries.all });
  };

  async function run(work: () => Promise<void>, undo?: UndoStep): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await work();
      if (undo) setUndoStack((stack) => [...stack.slice(-49), undo]);
      return true;
    } catch (failure) {
      setError(failure as Error);
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  }

  const saveRecords = (
    records: ProductionRecordInput[],
    label: string,
    source: RecordSaveSource = 'grid',
  ) =>
    run(
      async () => {
        await send('records-save', { projectId, wellId, records, source });
      },
      undoStepFor(
        label,
        rows,
        records.map((record) => record.date),
      ),
    );

  const deleteDays = (dates: readonly string[]) =>
    run(
      async () => {
        for (const range of contiguousRanges(dates))
          await send('records-delete', { projectId, wellId, ...range });
      },
      undoStepFor(`Delete ${dates.length} day${dates.length === 1 ? '' : 's'}`, rows, dates),
    );

  const undo = async () => {
    const step = undoStack[undoStack.length - 1];
    if (!step) return;
    const done = await run(async () => {
      if (step.restore.length > 0)
        await send('records-save', { projectId, wellId, records: step.restore });
      for (const range of contiguousRanges(step.remove))
        await send('records-delete', { projectId, wellId, ...range });
    });
    if (done) setUndoStack((stack) => stack.slice(0, -1));
  };

  return {
    saveRecords,
    deleteDays,
    undo,
    nextUndo: undoStack[undoStack.length - 1]?.label ?? null,
    busy,
    error,
    clearError: () => setError(null),
  };
}
