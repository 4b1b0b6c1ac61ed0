import { fromStored, type ProductionField, type UnitSystem } from '../api/index.js';
import { epochDay, isoFromEpochDay } from '../dates/iso-day.js';
import {
  GOR_MISMATCH_FACTOR,
  plausibilityWarnings,
  PRESSURE_CEILING_PSI,
  RATE_BASIS_DAYS,
  RATE_BASIS_MIN_DAYS,
  RATE_JUMP_FACTOR,
  sortWarnings,
  type PlausibilityWarning,
} from './plausibility.js';
import {
  beforeSpudMessage,
  gorMismatchMessage,
  pressureCeilingMessage,
  rateJumpMessage,
} from './plausibility-messages.js';
import { RecentMaximum } from './recent-maximum.js';
import { gasOilRatio } from './ratios.js';

/**
 * The plausibility rules over stored days held as typed columns: what the records grid
 * marks on every range it shows (twenty years of days on each range change). The same
 * warnings, in the same order, as `plausibilityWarnings` with every stored day of the
 * range as a candidate and the days before it as history (`plausibility-columns.test.ts`
 * holds them equal on random wells), without a record object, a map or a sort per day:
 * the record path took tens of milliseconds here, on the thread that draws the charts.
 */

/** Days as epoch days (ascending) and a column per field, NaN for "no value". */
export interface DayColumns {
  days: Int32Array;
  values: Partial<Record<ProductionField, Float64Array>>;
}

const RATES = ['oil_rate', 'gas_rate', 'water_rate'] as const;
const PRESSURES = ['bhp', 'thp'] as const;

/** A stored value: NaN (no value) is null, as the records have it. */
function at(column: Float64Array | undefined, i: number): number | null {
  const value = column?.[i];
  return value === undefined || Number.isNaN(value) ? null : value;
}

function ascending(days: Int32Array): boolean {
  for (let i = 1; i < days.length; i++) if (days[i]! <= days[i - 1]!) return false;
  return true;
}

/**
 * Every warning of the stored days in `range`, with `before` (the days before the range,
 * rates at least) as the rate rule's basis.
 */
export function storedDayWarnings(
  range: DayColumns,
  before: DayColumns | null,
  spudDate: string | null,
  system: UnitSystem,
): PlausibilityWarning[] {
  const lastBefore = before && before.days.length > 0 ? before.days[before.days.length - 1]! : null;
  const inOrder =
    ascending(range.days) &&
    (!before || ascending(before.days)) &&
    (lastBefore === null || range.days.length === 0 || lastBefore < range.days[0]!);
  // Columns not in day order (no read gives them so) take the general path.
  if (!inOrder)
    return plausibilityWarnings(toRecords(range), {
      unitSystem: system,
      spudDate,
      history: [...(before ? toRecords(before) : []), ...toRecords(range)],
    });

  const warnings: PlausibilityWarning[] = [];
  const spud = spudDate === null ? null : epochDay(spudDate);
  const ceiling = fromStored('pressure', PRESSURE_CEILING_PSI, system);
  const v = range.values;
  for (let i = 0; i < range.days.length; i++) {
    const day = range.days[i]!;
    if (spud !== null && day < spud) {
      const field = RATES.find((rate) => (at(v[rate], i) ?? 0) > 0);
      if (field) {
        const date = isoFromEpochDay(day);
        warnings.push({
          date,
          field,
          rule: 'before-spud',
          message: beforeSpudMessage(field, at(v[field], i)!, date, spudDate!, system),
        });
      }
    }
    for (const field of PRESSURES) {
      const value = at(v[field], i);
      if (value === null || value <= ceiling) continue;
      warnings.push({
        date: isoFromEpochDay(day),
        field,
        rule: 'pressure-ceiling',
        message: pressureCeilingMessage(field, value, ceiling, PRESSURE_CEILING_PSI, system),
      });
    }
    const recorded = at(v.gor, i);
    const fromRates = gasOilRatio(at(v.oil_rate, i), at(v.gas_rate, i));
    if (recorded && fromRates) {
      const apart = Math.max(recorded / fromRates, fromRates / recorded);
      if (apart >= GOR_MISMATCH_FACTOR) {
        warnings.push({
          date: isoFromEpochDay(day),
          field: 'gor',
          rule: 'gor-mismatch',
          message: gorMismatchMessage(recorded, fromRates, apart, system),
        });
      }
    }
  }
  for (const field of RATES) rateJumps(field, range, before, system, warnings);
  return sortWarnings(warnings);
}

/** The rate rule for one rate: the days before join the basis, the range's days are judged. */
function rateJumps(
  field: (typeof RATES)[number],
  range: DayColumns,
  before: DayColumns | null,
  system: UnitSystem,
  warnings: PlausibilityWarning[],
): void {
  const basis = new RecentMaximum(RATE_BASIS_DAYS);
  const earlier = before?.values[field];
  if (before && earlier) {
    for (let i = 0; i < before.days.length; i++) {
      const value = earlier[i]!;
      if (value > 0) basis.push(value);
    }
  }
  const column = range.values[field];
  if (!column) return;
  for (let i = 0; i < range.days.length; i++) {
    const value = column[i]!;
    // NaN and 0 are no rate to judge (the record rule's `value &&`).
    if (value && !Number.isNaN(value)) {
      const highest = basis.max;
      if (highest && basis.count >= RATE_BASIS_MIN_DAYS && value >= RATE_JUMP_FACTOR * highest) {
        warnings.push({
          date: isoFromEpochDay(range.days[i]!),
          field,
          rule: 'rate-jump',
          message: rateJumpMessage(field, value, highest, basis.count, system),
        });
      }
    }
    if (value > 0) basis.push(value);
  }
}

function toRecords(columns: DayColumns) {
  return Array.from(columns.days, (day, i) => {
    const record: Record<string, number | string | null> = { date: isoFromEpochDay(day) };
    for (const [field, column] of Object.entries(columns.values)) record[field] = at(column, i);
    return record as { date: string } & Partial<Record<ProductionField, number | null>>;
  });
}
