import type { ProductionField } from '../../../../shared/api/index.js';
import type { ProductionView } from '../../../../shared/desktop/index.js';
import { downsampleMinMax, epochDays } from '../../../../shared/production/index.js';

export interface ChartPoint {
  x: number;
  y: number | null;
}

const DAY_MS = 86_400_000;

/**
 * One field of a production view as chart points, reduced to about two points per pixel
 * column with min/max kept (a one-day shut-in or spike survives) and gaps kept as gaps.
 * On a log axis zeros are gaps too: log(0) is not drawable. Runs outside React's render
 * path (called from useMemo) so large series stay fast.
 */
export function chartSeries(
  view: ProductionView,
  field: ProductionField,
  columns: number,
  logScale: boolean,
): ChartPoint[] {
  const values = view.values[field];
  if (!values) return [];
  const x = epochDays(view.dates);
  const reduced = downsampleMinMax(x, values, columns, {
    positiveOnly: logScale,
    maxStep: view.aggregation === 'daily' ? 1 : 31,
  });
  return reduced.x.map((day, i) => ({ x: day * DAY_MS, y: reduced.y[i] ?? null }));
}

export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
