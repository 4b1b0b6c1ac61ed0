import { fromStored, unitLabel, type UnitSystem } from '../api/index.js';
import { median } from './robust-stats.js';
import type { RateField } from './format.js';

/**
 * The volume a finding puts in doubt: an estimate, in the project's volume units, for
 * ranking findings and telling the engineer what a fix is worth. How each rule
 * estimates it is said where the rule builds it.
 */
export type Stream = 'oil' | 'gas' | 'water';

export interface VolumeAtStake {
  stream: Stream;
  /** In `unit`; never negative. */
  volume: number;
  /** bbl or Mscf (imperial), m³ or 10³m³ (metric). */
  unit: string;
  /**
   * The same volume as oil equivalent (bbl or m³), to rank findings about different
   * streams together: gas at 6 Mscf per bbl (the usual energy equivalence). Water is
   * not sold: 0, so a disposal well's water never outranks oil or gas (the queue orders
   * findings with no oil or gas at stake by their water).
   */
  oilEquivalent: number;
}

export const STREAM_OF: Record<RateField, Stream> = {
  oil_rate: 'oil',
  gas_rate: 'gas',
  water_rate: 'water',
};

/** Mscf of gas per barrel of oil equivalent. */
export const GAS_PER_BOE_MSCF = 6;

/** `volume` of `stream` in the project's units (rates × days), as a stake. */
export function volumeAtStake(stream: Stream, volume: number, system: UnitSystem): VolumeAtStake {
  const quantity = stream === 'gas' ? 'gasRate' : 'liquidRate';
  const positive = Math.abs(volume);
  return {
    stream,
    volume: positive,
    unit: unitLabel(quantity, system).replace('/d', ''),
    oilEquivalent: stream === 'gas' ? gasAsOil(positive, system) : stream === 'oil' ? positive : 0,
  };
}

/** Gas (Mscf or 10³m³) as oil equivalent (bbl or m³), through the cache's imperial units. */
function gasAsOil(gas: number, system: UnitSystem): number {
  if (system === 'imperial') return gas / GAS_PER_BOE_MSCF;
  const mscf = gas / fromStored('gasRate', 1, 'metric');
  return fromStored('liquidRate', mscf / GAS_PER_BOE_MSCF, 'metric');
}

/** Producing days taken on each side of a finding for the well's usual rate. */
export const RATE_AROUND_DAYS = 7;

/**
 * The well's usual rate around rows [first, last]: the median of the up to
 * RATE_AROUND_DAYS producing values (above zero) before `first` and as many after
 * `last`. 0 when the well produced nothing around them (shut in). A median, so one
 * wild day beside the finding does not set its stake.
 */
export function rateAround(values: Float64Array, first: number, last: number): number {
  const picked: number[] = [];
  for (let r = first - 1, n = 0; r >= 0 && n < RATE_AROUND_DAYS; r--) {
    if ((values[r] as number) > 0) picked[n++] = values[r] as number;
  }
  for (let r = last + 1, n = 0; r < values.length && n < RATE_AROUND_DAYS; r++) {
    if ((values[r] as number) > 0) {
      picked.push(values[r] as number);
      n++;
    }
  }
  return picked.length === 0 ? 0 : median(picked);
}

/**
 * Of a day's (or a usual) oil, gas and water rates, the hydrocarbon stream that weighs
 * most as oil equivalent; water only when neither oil nor gas flows (a water well).
 */
export function mainStream(
  rates: Record<Stream, number>,
  system: UnitSystem,
): { stream: Stream; rate: number } {
  const oil = rates.oil > 0 ? rates.oil : 0;
  const gas = rates.gas > 0 ? rates.gas : 0;
  if (oil > 0 || gas > 0) {
    return gasAsOil(gas, system) > oil
      ? { stream: 'gas', rate: gas }
      : { stream: 'oil', rate: oil };
  }
  // Nothing flowing at all: named as oil, the stream a reader looks for first.
  return rates.water > 0 ? { stream: 'water', rate: rates.water } : { stream: 'oil', rate: 0 };
}
