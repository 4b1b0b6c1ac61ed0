import { exceedancePercentiles } from './percentiles.js';

/**
 * A group's type curve: at each step of producing time, the P10, P50 and P90 of the wells
 * with a value at that step (shorter histories drop out as they end; a null is no value).
 * A step with fewer than `minWells` values has no percentiles (null): a "P50" of one well
 * is that well, not a type curve. The count per step is kept so a reader sees how many
 * wells each point stands on.
 */
export interface TypeCurve {
  p10: Array<number | null>;
  p50: Array<number | null>;
  p90: Array<number | null>;
  wells: number[];
}

export const MIN_TYPE_CURVE_WELLS = 2;

export function typeCurve(
  aligned: ReadonlyArray<ReadonlyArray<number | null>>,
  minWells = MIN_TYPE_CURVE_WELLS,
): TypeCurve {
  const steps = aligned.reduce((longest, series) => Math.max(longest, series.length), 0);
  const curve: TypeCurve = { p10: [], p50: [], p90: [], wells: [] };
  for (let step = 0; step < steps; step++) {
    const values: number[] = [];
    for (const series of aligned) {
      const value = series[step];
      if (value != null && Number.isFinite(value)) values.push(value);
    }
    const enough = values.length >= minWells;
    const percentiles = enough ? exceedancePercentiles(values) : null;
    curve.p10.push(percentiles?.p10 ?? null);
    curve.p50.push(percentiles?.p50 ?? null);
    curve.p90.push(percentiles?.p90 ?? null);
    curve.wells.push(values.length);
  }
  return curve;
}
