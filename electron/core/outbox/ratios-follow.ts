import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { ratiosFollowingRates, type RatioDay } from '#shared/production/index.js';
import type { StoredValues } from './stored-values.js';

const slot = (field: keyof RatioDay) => PRODUCTION_FIELDS.indexOf(field);
const OIL = slot('oil_rate');
const GAS = slot('gas_rate');
const WATER = slot('water_rate');
const GOR = slot('gor');
const WATERCUT = slot('watercut');

function ratioDay(values: StoredValues): RatioDay {
  return {
    oil_rate: values[OIL] ?? null,
    gas_rate: values[GAS] ?? null,
    water_rate: values[WATER] ?? null,
    gor: values[GOR] ?? null,
    watercut: values[WATERCUT] ?? null,
  };
}

/**
 * A day about to be saved, its GOR and watercut following its rates where they were
 * derived from them (the rule and its reasons: shared/production/ratios-follow-rates.ts).
 * Stored values are imperial on both sides, which the rule's ratios hold to.
 */
export function withRatiosFollowingRates(
  current: StoredValues | undefined,
  next: StoredValues,
): StoredValues {
  if (current === undefined) return next;
  const { gor, watercut } = ratiosFollowingRates(ratioDay(current), ratioDay(next));
  if (gor === next[GOR] && watercut === next[WATERCUT]) return next;
  const values = [...next];
  values[GOR] = gor;
  values[WATERCUT] = watercut;
  return values;
}
