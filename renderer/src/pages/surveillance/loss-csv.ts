import type { UnitSystem } from '#shared/api/index.js';
import { LOSS_REASONS, type LostProductionResult } from '#shared/desktop/index.js';
import { csvText, type CsvValue } from '#shared/csv/csv-writer.js';
import { statusLabel } from '../../shell/format.js';
import { BASIS_LABEL, causesCell, REASON_LABEL } from './loss-text.js';

/**
 * The Lost production tab as one CSV: a line per well (every well of the project, those that
 * lost nothing too), units in the headers, the window and basis in the first columns so a
 * line read alone still says what it counts. Volumes as computed, not rounded for display.
 */
export function lossCsv(result: LostProductionResult, unit: string, system: UnitSystem): string {
  const header: CsvValue[] = [
    'Well',
    'Well id',
    'Status',
    'Stream',
    'From',
    'To',
    'Potential from',
    'Fit',
    'Shut-in days',
    'Reduced-runtime days',
    'Unrated days',
    ...LOSS_REASONS.map((reason) => `${REASON_LABEL[reason]} (${unit})`),
    `Lost (${unit})`,
    'Reasons',
    'Unit system',
  ];
  const rows: CsvValue[][] = [header];
  for (const well of result.wells) {
    rows.push([
      well.name,
      well.wellId,
      statusLabel(well.status),
      result.stream,
      result.from,
      result.to,
      well.basis === 'forecast' ? BASIS_LABEL.forecast : BASIS_LABEL.trailing,
      well.fit,
      well.shutInDays,
      well.reducedRuntimeDays,
      well.unratedDays,
      ...LOSS_REASONS.map((reason) => well.byReason[reason]),
      well.lost,
      causesCell(well.causes),
      system,
    ]);
  }
  return csvText(rows);
}
