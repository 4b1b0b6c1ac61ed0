import type { Aggregation, UnitSystem } from '#shared/api/index.js';
import { formatDay } from '../sync/dates.js';
import type { ChartSpec } from '../pages/well/chart-specs.js';
import type { IsoRange } from '../pages/well/date-range.js';
import { isolateText } from '../shell/isolate-text.js';
import { exportFileName } from './file-name.js';
import type { ChartHeader, LegendEntry } from './svg-compose.js';

/** What a chart export says besides its drawing (daily or monthly comes from the spec). */
export interface ChartExportContext {
  wellName: string;
  unitSystem: UnitSystem;
}

/** "2024-01-01 – 2024-12-31 · Daily · Metric units" */
export function rangeDetail(range: IsoRange, aggregation: Aggregation, system: UnitSystem): string {
  const view = aggregation === 'monthly' ? 'Monthly' : 'Daily';
  const units = system === 'metric' ? 'Metric units' : 'Imperial units';
  return `${formatDay(range.from)} – ${formatDay(range.to)} · ${view} · ${units}`;
}

export function chartHeader(
  spec: ChartSpec,
  context: ChartExportContext,
  range: IsoRange,
): ChartHeader {
  return {
    title: spec.title,
    // A name's bidi controls must not turn the title line or the legend around.
    wellName: isolateText(context.wellName),
    detail: rangeDetail(range, spec.rows.monthly ? 'monthly' : 'daily', context.unitSystem),
    ...(spec.note ? { note: spec.note } : {}),
  };
}

/** The legend of the exported image: the series shown, with their units. */
export function chartLegend(spec: ChartSpec, hidden: ReadonlySet<string>): LegendEntry[] {
  return spec.series
    .filter((series) => !hidden.has(series.key))
    .map((series) => ({
      label: isolateText(series.label),
      unit: series.unit,
      colour: series.colour,
    }));
}

export function chartFileName(
  spec: ChartSpec,
  context: ChartExportContext,
  range: IsoRange,
  ext: 'png' | 'svg',
): string {
  return exportFileName({ well: context.wellName, what: spec.id, ...range, ext });
}
