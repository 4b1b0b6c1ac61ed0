import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type {
  ProductionField,
  ProductionRecordInput,
  UnitSystem,
} from '../../../../shared/api/index.js';
import {
  plausibilityWarnings,
  type PlausibilityWarning,
} from '../../../../shared/production/index.js';
import { volumesBeforeQuery } from '../well/volumes-before-query.js';
import { rowsFromView, toRecord, type GridRow } from './grid-model.js';
import { warningsOfChanges } from './plausibility-changes.js';

/** Each day's warnings by field, for marking cells. */
export type WarningMarks = ReadonlyMap<string, ReadonlyMap<ProductionField, string>>;

export interface GridPlausibility {
  /** What looks wrong in the rows as they are. */
  marks: WarningMarks;
  /** The warnings a save of these records would bring: only about values they change. */
  check: (records: readonly ProductionRecordInput[]) => PlausibilityWarning[];
}

/**
 * The plausibility rules applied to the grid: the rates of the well's days before the
 * range (for the rate rule's basis) and the rows. The history is read as the charts'
 * cumulative volumes read theirs (from the start of history, the rates only), so the
 * server is asked for nothing more; under 'production', edits and downloads re-read it.
 */
export function useGridPlausibility(args: {
  projectId: string;
  wellId: string;
  range: { from: string; to: string };
  unitSystem: UnitSystem;
  spudDate: string | null;
  rows: readonly GridRow[];
}): GridPlausibility {
  const { projectId, wellId, rows, unitSystem, spudDate } = args;
  const from = args.range.from;
  // The read the cumulative chart makes for its volumes before the range (the same days
  // and rates), not a second one.
  const lookback = useQuery(volumesBeforeQuery(projectId, wellId, from)).data?.rates;
  const context = useMemo(() => {
    const earlier = lookback ? rowsFromView(lookback) : [];
    const history = [...earlier, ...rows].map((row) => toRecord(row.date, row.values));
    return { unitSystem, spudDate, history };
  }, [lookback, rows, unitSystem, spudDate]);

  const marks = useMemo(() => {
    const current = rows.map((row) => toRecord(row.date, row.values));
    const byDate = new Map<string, Map<ProductionField, string>>();
    for (const warning of plausibilityWarnings(current, context)) {
      let day = byDate.get(warning.date);
      if (!day) byDate.set(warning.date, (day = new Map()));
      day.set(warning.field, warning.message);
    }
    return byDate;
  }, [rows, context]);

  const check = useCallback(
    (records: readonly ProductionRecordInput[]) =>
      warningsOfChanges(plausibilityWarnings(records, context), records, rows),
    [context, rows],
  );
  return { marks, check };
}
