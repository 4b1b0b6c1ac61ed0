import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ProductionField, ProductionRecordInput, UnitSystem } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { HISTORY_START, viewOfColumns, type ProductionColumns } from '#shared/desktop/index.js';
import {
  lookbackFrom,
  plausibilityWarnings,
  storedDayWarnings,
  VOLUME_FIELDS,
  type PlausibilityWarning,
} from '#shared/production/index.js';
import { productionColumnsQuery } from '../well/production-query.js';
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
 * The rates of the well's days before `range` that the plausibility rules ask for (the
 * year before, PLAUSIBILITY_LOOKBACK_DAYS, as the CSV import reads it), as typed
 * columns; the cumulative chart's volumes before the range have already fetched them,
 * so the server is asked for nothing more. Under 'production', edits and downloads
 * re-read it; offline with none of it cached, the rows alone are the basis (undefined).
 */
export function usePlausibilityLookback(
  projectId: string,
  wellId: string,
  range: { from: string; to: string },
): ProductionColumns | undefined {
  const from = range.from;
  const start = lookbackFrom(from);
  const before = { from: start > HISTORY_START ? start : HISTORY_START, to: addDays(from, -1) };
  return useQuery({
    ...productionColumnsQuery(projectId, wellId, before, 'daily', VOLUME_FIELDS),
    placeholderData: undefined,
    enabled: from > HISTORY_START,
  }).data?.data;
}

/**
 * The plausibility rules applied to the grid: its rows (`columns`, the read they come
 * from) over the days before them (`lookback`). The marks come straight from the columns
 * (storedDayWarnings: a millisecond or two for twenty years of days); the records a
 * save is checked against are made only when something is saved.
 */
export function useGridPlausibility(args: {
  columns: ProductionColumns | undefined;
  lookback: ProductionColumns | undefined;
  unitSystem: UnitSystem;
  spudDate: string | null;
  rows: readonly GridRow[];
}): GridPlausibility {
  const { columns, lookback, rows, unitSystem, spudDate } = args;
  const marks = useMemo(() => {
    const byDate = new Map<string, Map<ProductionField, string>>();
    if (!columns) return byDate;
    for (const warning of storedDayWarnings(columns, lookback ?? null, spudDate, unitSystem)) {
      let day = byDate.get(warning.date);
      if (!day) byDate.set(warning.date, (day = new Map()));
      day.set(warning.field, warning.message);
    }
    return byDate;
  }, [columns, lookback, spudDate, unitSystem]);

  const check = useCallback(
    (records: readonly ProductionRecordInput[]) => {
      const earlier = lookback ? rowsFromView(viewOfColumns(lookback)) : [];
      const history = [...earlier, ...rows].map((row) => toRecord(row.date, row.values));
      const warnings = plausibilityWarnings(records, { unitSystem, spudDate, history });
      return warningsOfChanges(warnings, records, rows);
    },
    [lookback, rows, unitSystem, spudDate],
  );
  return { marks, check };
}
