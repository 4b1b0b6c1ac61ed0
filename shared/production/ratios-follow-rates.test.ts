import { describe, expect, it } from 'vitest';
import { isDerivedRatio, ratiosFollowingRates, type RatioDay } from './ratios-follow-rates.js';

const day = (values: Partial<RatioDay>): RatioDay => ({
  oil_rate: null,
  gas_rate: null,
  water_rate: null,
  gor: null,
  watercut: null,
  ...values,
});

describe('ratios following an edit of the rates', () => {
  // A day whose ratios were derived from its rates (as recorded: rounded to 0.1).
  const derived = day({
    oil_rate: 59.1,
    gas_rate: 297.8,
    water_rate: 20,
    gor: 5038.9,
    watercut: 25.3,
  });

  it('recomputes a derived GOR and watercut from the new rates (oil 59.1 → 61.5)', () => {
    const after = ratiosFollowingRates(derived, { ...derived, oil_rate: 61.5 });
    expect(after.gor).toBeCloseTo((1000 * 297.8) / 61.5, 6); // ≈ 4842.3
    expect(after.watercut).toBeCloseTo((100 * 20) / 81.5, 6);
  });

  it('moves only the ratio whose rates changed', () => {
    const after = ratiosFollowingRates(derived, { ...derived, water_rate: 30 });
    expect(after.gor).toBe(5038.9);
    expect(after.watercut).toBeCloseTo((100 * 30) / 89.1, 6);
  });

  it('keeps a measured ratio that the rates do not give', () => {
    const measured = { ...derived, gor: 4200, watercut: 40 };
    expect(ratiosFollowingRates(measured, { ...measured, oil_rate: 61.5 })).toEqual({
      gor: 4200,
      watercut: 40,
    });
  });

  it('keeps what the person typed in the same edit', () => {
    const typed = { ...derived, oil_rate: 61.5, gor: 5000, watercut: 26 };
    expect(ratiosFollowingRates(derived, typed)).toEqual({ gor: 5000, watercut: 26 });
  });

  it('leaves an empty ratio empty, and a new day as given', () => {
    const empty = { ...derived, gor: null, watercut: null };
    expect(ratiosFollowingRates(empty, { ...empty, oil_rate: 70 })).toEqual({
      gor: null,
      watercut: null,
    });
    const fresh = day({ oil_rate: 10, gor: 900 });
    expect(ratiosFollowingRates(null, fresh)).toEqual({ gor: 900, watercut: null });
  });

  it('gives no GOR when the oil stops (a shut-in day has no ratio)', () => {
    const after = ratiosFollowingRates(derived, { ...derived, oil_rate: 0 });
    expect(after.gor).toBeNull();
    expect(after.watercut).toBe(100);
  });

  it('calls a ratio derived within rounding only', () => {
    expect(isDerivedRatio(5038.9, 5038.917)).toBe(true);
    expect(isDerivedRatio(5070, 5038.9)).toBe(false); // 0.6 % off
    expect(isDerivedRatio(0.04, 0)).toBe(true); // near zero: 0.05 absolute
    expect(isDerivedRatio(0.2, 0)).toBe(false);
    expect(isDerivedRatio(null, 10)).toBe(false);
    expect(isDerivedRatio(10, null)).toBe(false);
  });
});
