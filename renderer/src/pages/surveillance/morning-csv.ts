import type { UnitSystem } from '#shared/api/index.js';
import {
  LOSS_REASONS,
  type LostProductionResult,
  type VarianceListResult,
} from '#shared/desktop/index.js';
import { csvText, type CsvValue } from '#shared/csv/csv-writer.js';
import { statusLabel } from '../../shell/format.js';
import { BASIS_LABEL, causesCell, REASON_LABEL } from './loss-text.js';

/**
 * The morning report's figures for every well, one line each: its variance to forecast
 * (window, fit, actual, forecast, variance, below since) and its lost production (window,
 * basis, days, volumes by reason). The order is the variance ranking; units in the headers;
 * volumes as computed, not rounded for display; empty where a figure does not exist.
 */
export function morningCsv(
  variance: VarianceListResult,
  lost: LostProductionResult,
  unit: string,
  system: UnitSystem,
): string {
  const losses = new Map(lost.wells.map((row) => [row.wellId, row]));
  const header: CsvValue[] = [
    'Well',
    'Well id',
    'Status',
    'Stream',
    'Unit system',
    'Variance from',
    'Variance to',
    'Fit',
    `Actual (${unit})`,
    `Forecast (${unit})`,
    `Volume variance (${unit})`,
    'Variance %',
    'Below since',
    'Lost from',
    'Lost to',
    'Potential from',
    'Shut-in days',
    'Reduced-runtime days',
    ...LOSS_REASONS.map((reason) => `${REASON_LABEL[reason]} (${unit})`),
    `Lost (${unit})`,
    'Reasons',
  ];
  const rows: CsvValue[][] = [header];
  for (const row of variance.wells) {
    const loss = losses.get(row.wellId);
    rows.push([
      row.name,
      row.wellId,
      statusLabel(row.status),
      variance.stream,
      system,
      row.from,
      row.to,
      row.fit,
      row.actual,
      row.forecast,
      row.volumeVariance,
      row.percentVariance,
      row.divergedSince,
      lost.from,
      lost.to,
      loss ? BASIS_LABEL[loss.basis] : null,
      loss?.shutInDays ?? null,
      loss?.reducedRuntimeDays ?? null,
      ...LOSS_REASONS.map((reason) => loss?.byReason[reason] ?? null),
      loss?.lost ?? null,
      loss ? causesCell(loss.causes) : null,
    ]);
  }
  return csvText(rows);
}
