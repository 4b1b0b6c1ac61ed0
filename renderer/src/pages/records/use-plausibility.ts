import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type {
  ProductionField,
  ProductionRecordInput,
  UnitSystem,
} from '../../../../shared/api/index.js';
import { addDays } from '../../../../shared/dates/iso-day.js';
import { HISTORY_START, viewOfColumns } from '../../../../shared/desktop/index.js';
import {
  lookbackFrom,
  plausibilityWarnings,
  VOLUME_FIELDS,
  type PlausibilityWarning,
} from '../../../../shared/production/index.js';
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
 * The plausibility rules applied to the grid: the rates of the well's days before the
 * range (for the rate rule's basis) and the rows. The days before are the year the rules
 * ask for (PLAUSIBILITY_LOOKBACK_DAYS, as the CSV import reads them), the rates only, as
 * typed columns; the cumulative chart's volumes before the range have already fetched
 * them, so the server is asked for nothing more. Under 'production', edits and downloads
 * re-read it; offline with none of it cached, the rows alone are the basis.
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
  const start = lookbackFrom(from);
  const before = { from: start > HISTORY_START ? start : HISTORY_START, to: addDays(from, -1) };
  const lookback = useQuery({
    ...productionColumnsQuery(projectId, wellId, before, 'daily', VOLUME_FIELDS),
    placeholderData: undefined,
    enabled: from > HISTORY_START,
  }).data?.data;
  const context = useMemo(() => {
    const earlier = lookback ? rowsFromView(viewOfColumns(lookback)) : [];
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
