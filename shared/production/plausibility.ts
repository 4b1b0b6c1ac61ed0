import {
  fromStored,
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecordInput,
  type UnitSystem,
} from '../api/index.js';
import { addDays } from '../dates/iso-day.js';
import {
  beforeSpudMessage,
  gorMismatchMessage,
  pressureCeilingMessage,
  rateJumpMessage,
} from './plausibility-messages.js';
import { RecentMaximum } from './recent-maximum.js';
import { gasOilRatio } from './ratios.js';

/**
 * Plausibility: values the API's rules accept but no engineer enters on purpose (a
 * BHP of 777,762 psi, a rate fifty times the well's recent best, production before
 * the well was drilled). Each one is a warning to confirm, never a refusal: the
 * contract decides what is valid, this only asks "are you sure?". Shared by the
 * records grid and the CSV import preview so both warn alike. Values, candidates and
 * history alike, are in the project's unit system; thresholds are physical (psi) and
 * converted to it.
 */

/**
 * Neither a bottom-hole nor a tubing-head pressure goes above 20,000 psi (137,895 kPa):
 * it is the highest working pressure of standard wellhead equipment (API 6A) and above
 * the reservoir pressure of all but a few ultra-deep wells, where one question per save
 * is a small price. A slipped decimal or thousands separator (777,762) lands far above.
 */
export const PRESSURE_CEILING_PSI = 20_000;

/**
 * A daily rate at least 50 times the highest of the well's last 90 producing days.
 * Restarts, workovers and refracs raise rates a few times, rarely ten; a misplaced
 * decimal point (×10, ×100) past this and a volume typed in the wrong thousands
 * (scf for Mscf, ×1000) always are. Ten times would ask about real flush production.
 */
export const RATE_JUMP_FACTOR = 50;
/** The days a rate is compared with: the well's last producing days before it. */
export const RATE_BASIS_DAYS = 90;
/** Fewer producing days than this are no basis (a new well ramps up by far more). */
export const RATE_BASIS_MIN_DAYS = 7;
/**
 * How far back callers read the well's days for the rate basis: a year holds 90
 * producing days unless the well was mostly shut in, when older rates say little.
 */
export const PLAUSIBILITY_LOOKBACK_DAYS = 365;

/** The first day of the history to read for candidates from `earliest` on. */
export function lookbackFrom(earliest: string): string {
  return addDays(earliest, -PLAUSIBILITY_LOOKBACK_DAYS);
}

/**
 * A recorded GOR ten or more times off the day's own rates (1000 × gas ÷ oil). GOR
 * has no physical ceiling (a dry-gas well's is enormous), but a measured GOR and the
 * rates of the same day agree within a few times; ten is a slipped digit or unit.
 */
export const GOR_MISMATCH_FACTOR = 10;

export type PlausibilityRule = 'pressure-ceiling' | 'rate-jump' | 'before-spud' | 'gor-mismatch';

export interface PlausibilityWarning {
  date: string;
  field: ProductionField;
  rule: PlausibilityRule;
  /** Names the field, the value with its unit and why it looks wrong (the day is in `date`). */
  message: string;
}

export interface PlausibilityContext {
  unitSystem: UnitSystem;
  /** The well's spud date; no production can come before it. */
  spudDate: string | null;
  /**
   * The well's days as they are now (any order), reaching at least
   * PLAUSIBILITY_LOOKBACK_DAYS before the earliest candidate. A candidate replaces the
   * day of the same date, field by field (a field a candidate leaves out is kept).
   */
  history: readonly ProductionRecordInput[];
}

const RATES = ['oil_rate', 'gas_rate', 'water_rate'] as const;
const PRESSURES = ['bhp', 'thp'] as const;
/**
 * The fields whose change a warning is about: a save asks only about what it changes
 * (an edit of a day's BHP does not ask again about its GOR). A GOR mismatch is about
 * the GOR entered: correcting a rate leaves the operator's measured GOR as it was, and
 * asking about it then would ask about every large correction.
 */
export function fieldsConcerned(warning: PlausibilityWarning): readonly ProductionField[] {
  return warning.rule === 'before-spud' ? RATES : [warning.field];
}

/** Every warning of the candidate records, in date order, then field order. */
export function plausibilityWarnings(
  candidates: readonly ProductionRecordInput[],
  context: PlausibilityContext,
): PlausibilityWarning[] {
  const system = context.unitSystem;
  const warnings: PlausibilityWarning[] = [];
  const candidateDays = new Map(candidates.map((record) => [record.date, record]));
  const ceiling = fromStored('pressure', PRESSURE_CEILING_PSI, system);
  for (const record of [...candidateDays.values()].sort(byDate)) {
    warnings.push(...beforeSpud(record, context.spudDate, system));
    for (const field of PRESSURES) {
      const warning = pressureAboveCeiling(record, field, ceiling, system);
      if (warning) warnings.push(warning);
    }
    const gor = gorMismatch(record, system);
    if (gor) warnings.push(gor);
  }
  warnings.push(...rateJumps(candidateDays, context.history, system));
  return sortWarnings(warnings);
}

/** Date order, then field order; warnings of one day and field keep the order they came in. */
export function sortWarnings(warnings: PlausibilityWarning[]): PlausibilityWarning[] {
  return warnings.sort((a, b) => byDate(a, b) || order(a.field) - order(b.field));
}

function beforeSpud(
  record: ProductionRecordInput,
  spudDate: string | null,
  system: UnitSystem,
): PlausibilityWarning[] {
  if (spudDate === null || record.date >= spudDate) return [];
  // Production, as the API counts first production: any of the three rates above zero.
  const field = RATES.find((rate) => (record[rate] ?? 0) > 0);
  if (!field) return [];
  return [
    {
      date: record.date,
      field,
      rule: 'before-spud',
      message: beforeSpudMessage(field, record[field]!, record.date, spudDate, system),
    },
  ];
}

function pressureAboveCeiling(
  record: ProductionRecordInput,
  field: (typeof PRESSURES)[number],
  /** PRESSURE_CEILING_PSI in the project's units. */
  ceiling: number,
  system: UnitSystem,
): PlausibilityWarning | null {
  const value = record[field];
  if (value === null || value === undefined || value <= ceiling) return null;
  return {
    date: record.date,
    field,
    rule: 'pressure-ceiling',
    message: pressureCeilingMessage(field, value, ceiling, PRESSURE_CEILING_PSI, system),
  };
}

function gorMismatch(
  record: ProductionRecordInput,
  system: UnitSystem,
): PlausibilityWarning | null {
  const recorded = record.gor;
  const fromRates = gasOilRatio(record.oil_rate ?? null, record.gas_rate ?? null);
  if (!recorded || !fromRates) return null;
  const apart = Math.max(recorded / fromRates, fromRates / recorded);
  if (apart < GOR_MISMATCH_FACTOR) return null;
  return {
    date: record.date,
    field: 'gor',
    rule: 'gor-mismatch',
    message: gorMismatchMessage(recorded, fromRates, apart, system),
  };
}

/**
 * Walks the well's days in date order (history with the candidates over it), keeping
 * for each rate the highest of its last RATE_BASIS_DAYS producing days, and compares
 * each candidate's rate with the days before it. Every day joins the basis, a flagged
 * one too: a real new level (a refrac) is asked about once, not on every later day.
 */
function rateJumps(
  candidates: ReadonlyMap<string, ProductionRecordInput>,
  history: readonly ProductionRecordInput[],
  system: UnitSystem,
): PlausibilityWarning[] {
  const days = new Map<string, ProductionRecordInput>();
  for (const record of history) days.set(record.date, record);
  for (const [date, record] of candidates) {
    const stored = days.get(date);
    // A candidate that is the history's own record (a scan of stored days) needs no merge.
    days.set(date, stored === record ? record : { ...stored, ...record });
  }
  const recent = RATES.map(() => new RecentMaximum(RATE_BASIS_DAYS));
  const warnings: PlausibilityWarning[] = [];
  for (const day of [...days.values()].sort(byDate)) {
    const candidate = candidates.get(day.date);
    RATES.forEach((field, i) => {
      const basis = recent[i]!;
      const value = day[field];
      if (candidate && candidate[field] !== undefined && value) {
        const highest = basis.max;
        if (highest && basis.count >= RATE_BASIS_MIN_DAYS && value >= RATE_JUMP_FACTOR * highest) {
          warnings.push({
            date: day.date,
            field,
            rule: 'rate-jump',
            message: rateJumpMessage(field, value, highest, basis.count, system),
          });
        }
      }
      if (value && value > 0) basis.push(value);
    });
  }
  return warnings;
}

function byDate(a: { date: string }, b: { date: string }): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

function order(field: ProductionField): number {
  return PRODUCTION_FIELDS.indexOf(field);
}
