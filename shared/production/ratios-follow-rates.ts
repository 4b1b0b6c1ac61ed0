import { gasOilRatio, watercut } from './ratios.js';

/**
 * What happens to a day's recorded GOR and watercut when its rates are edited or imported.
 *
 * The rule: a recorded ratio that was derived from the day's rates follows them; one that
 * was not (a measured value: a test separator's GOR, a lab watercut) is kept as recorded.
 * "Derived" means the recorded value equals the ratio of the day's rates before the change,
 * to within rounding (0.5 %, or 0.05 in the field's unit for values near zero). A ratio the
 * person changed in the same edit is theirs and is never overwritten; a ratio that was empty
 * stays empty (the charts fill gaps from the rates when they draw).
 *
 * Units: any one unit system (GOR 1000 × gas ÷ oil is scf/bbl from Mscf and bbl, m³/m³
 * from 10³m³ and m³), as long as `before` and `after` share it.
 */
export interface RatioDay {
  oil_rate: number | null;
  gas_rate: number | null;
  water_rate: number | null;
  gor: number | null;
  watercut: number | null;
}

export function ratiosFollowingRates(
  before: RatioDay | null,
  after: RatioDay,
): Pick<RatioDay, 'gor' | 'watercut'> {
  if (before === null) return { gor: after.gor, watercut: after.watercut };
  return {
    gor: follow(before.gor, after.gor, gasOilRatio(before.oil_rate, before.gas_rate), () =>
      ratesChanged(before, after, 'oil_rate', 'gas_rate')
        ? gasOilRatio(after.oil_rate, after.gas_rate)
        : after.gor,
    ),
    watercut: follow(
      before.watercut,
      after.watercut,
      watercut(before.oil_rate, before.water_rate),
      () =>
        ratesChanged(before, after, 'oil_rate', 'water_rate')
          ? watercut(after.oil_rate, after.water_rate)
          : after.watercut,
    ),
  };
}

/** True when a recorded ratio is the ratio of the rates it was recorded with. */
export function isDerivedRatio(recorded: number | null, fromRates: number | null): boolean {
  if (recorded === null || fromRates === null) return false;
  return Math.abs(recorded - fromRates) <= Math.max(0.005 * Math.abs(fromRates), 0.05);
}

function follow(
  recordedBefore: number | null,
  recordedAfter: number | null,
  fromRatesBefore: number | null,
  fromRatesAfter: () => number | null,
): number | null {
  // Changed by the person in this edit: theirs.
  if (!sameValue(recordedAfter, recordedBefore)) return recordedAfter;
  if (!isDerivedRatio(recordedBefore, fromRatesBefore)) return recordedAfter;
  const next = fromRatesAfter();
  // Ten significant digits: a ratio, not a float's last bits.
  return next === null ? null : Number(next.toPrecision(10));
}

/**
 * Equal, or equal but for a unit conversion's round trip (a metric value shown, sent back
 * and stored again in imperial may differ in its last bits).
 */
function sameValue(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}

function ratesChanged(
  before: RatioDay,
  after: RatioDay,
  a: 'oil_rate' | 'gas_rate' | 'water_rate',
  b: 'oil_rate' | 'gas_rate' | 'water_rate',
): boolean {
  return before[a] !== after[a] || before[b] !== after[b];
}
