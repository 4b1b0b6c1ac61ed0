import { unitLabel, type UnitSystem } from '#shared/api/index.js';
import {
  cumulativeUnit,
  monthlyRates,
  VOLUME_FIELDS,
  type DailyColumns,
  type VolumeField,
} from '#shared/production/index.js';

/**
 * The report's monthly table, from the DAILY rows of the range (shared/production's
 * monthly aggregation): per month its volume of oil, gas and water (Σ daily rate × 1 d)
 * and average rate over the month's calendar days inside the range (`calendar-day`, the
 * rate a sales volume gives), and the days the well produced. A phase with nothing
 * reported in a month is null, not 0.
 */
export interface PhaseMonth {
  volume: number | null;
  rate: number | null;
}

export interface SummaryRow {
  /** First day of the month. */
  month: string;
  /** Calendar days of the month inside the range. */
  days: number;
  producingDays: number;
  phases: Record<VolumeField, PhaseMonth>;
}

export interface MonthlySummary {
  /** The report's range, first and last day: what the total row says it sums. */
  from: string;
  to: string;
  rows: SummaryRow[];
  total: Omit<SummaryRow, 'month'>;
  units: Record<VolumeField, { volume: string; rate: string }>;
  /** Phases the view carries, in table order (oil, gas, water). */
  phases: VolumeField[];
}

const TABLE_ORDER: VolumeField[] = ['oil_rate', 'gas_rate', 'water_rate'];

export function monthlySummary(
  daily: DailyColumns & { from: string; to: string },
  system: UnitSystem,
): MonthlySummary {
  const calendar = monthlyRates(daily, 'calendar-day');
  const producing = monthlyRates(daily, 'producing-day');
  const phases = TABLE_ORDER.filter((field) => daily.values[field] !== undefined);
  const emptyPhases = () =>
    Object.fromEntries(
      VOLUME_FIELDS.map((field) => [field, { volume: null, rate: null }]),
    ) as unknown as Record<VolumeField, PhaseMonth>;

  const rows: SummaryRow[] = calendar.dates.map((month, i) => {
    const days = calendar.days[i] as number;
    const row: SummaryRow = {
      month,
      days,
      producingDays: producing.days[i] as number,
      phases: emptyPhases(),
    };
    for (const field of phases) {
      const rate = calendar.values[field]?.[i] ?? null;
      row.phases[field] = { rate, volume: rate === null ? null : roundSum(rate * days) };
    }
    return row;
  });

  const totalDays = rows.reduce((sum, row) => sum + row.days, 0);
  const total: MonthlySummary['total'] = {
    days: totalDays,
    producingDays: rows.reduce((sum, row) => sum + row.producingDays, 0),
    phases: emptyPhases(),
  };
  for (const field of phases) {
    const volumes = rows.map((row) => row.phases[field].volume).filter((v) => v !== null);
    const volume = volumes.length ? roundSum(volumes.reduce((a, b) => a + b, 0)) : null;
    total.phases[field] = {
      volume,
      rate: volume === null || totalDays === 0 ? null : volume / totalDays,
    };
  }

  const units = Object.fromEntries(
    VOLUME_FIELDS.map((field) => [
      field,
      {
        volume: cumulativeUnit(field, system),
        rate: unitLabel(field === 'gas_rate' ? 'gasRate' : 'liquidRate', system),
      },
    ]),
  ) as Record<VolumeField, { volume: string; rate: string }>;
  return { from: daily.from, to: daily.to, rows, total, units, phases };
}

/** rate × days undoes a division: 12 significant digits drop the float noise it leaves. */
function roundSum(value: number): number {
  return Number(value.toPrecision(12));
}
