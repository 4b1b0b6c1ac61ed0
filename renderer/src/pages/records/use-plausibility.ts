import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type {
  ProductionField,
  ProductionRecordInput,
  UnitSystem,
} from '../../../../shared/api/index.js';
import {
  lookbackFrom,
  plausibilityWarnings,
  type PlausibilityWarning,
} from '../../../../shared/production/index.js';
import { productionQuery } from '../well/production-query.js';
import { addDays, rowsFromView, toRecord, type GridRow } from './grid-model.js';
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
 * The plausibility rules applied to the grid: the well's days before the range (read
 * for the rate rule's basis; the charts' query key, so edits refresh it) and the rows.
 */
export function useGridPlausibility(args: {
  projectId: string;
  wellId: string;
  range: { from: string; to: string };
  unitSystem: UnitSystem;
  spudDate: string | null;
  rows: readonly GridRow[];
}): GridPlausibility {
  const { rows, unitSystem, spudDate } = args;
  const before = useMemo(
    () => ({
      from: lookbackFrom(args.range.from),
      to: addDays(args.range.from, -1),
    }),
    [args.range.from],
  );
  const lookback = useQuery(productionQuery(args.projectId, args.wellId, before, 'daily')).data
    ?.data;
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
