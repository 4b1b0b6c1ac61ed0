import { describe, expect, it } from 'vitest';
import { alignOnProducingTime, type PhaseDays } from './align.js';

/** Hand-made: a well that starts on 2024-01-30, shuts in 2024-02-02..03, and comes back. */
const days: PhaseDays = {
  dates: [
    '2024-01-29',
    '2024-01-30',
    '2024-01-31',
    '2024-02-01',
    '2024-02-02',
    '2024-02-03',
    '2024-02-04',
    '2024-04-10',
  ],
  oil: [0, 100, 90, 80, 0, 0, 70, 50],
  gas: [0, 200, 180, null, 0, 0, 140, 100],
  water: [null, 10, 10, 10, 0, null, 12, 0],
};

describe('alignOnProducingTime', () => {
  it('counts producing days only: step 0 is the first producing day, shut-in days are skipped', () => {
    expect(alignOnProducingTime(days, days.oil, 'day')).toEqual([100, 90, 80, 70, 50]);
    // A producing day with no gas value is null at its step, not skipped.
    expect(alignOnProducingTime(days, days.gas, 'day')).toEqual([200, 180, null, 140, 100]);
  });

  it('counts months with a producing day, each at its volume ÷ its producing days', () => {
    // January: 100 + 90 over 2 producing days = 95. February: 80 + 70 over 2 = 75.
    // March: no record (skipped). April: 50 over 1.
    expect(alignOnProducingTime(days, days.oil, 'month')).toEqual([95, 75, 50]);
    // Gas in February: 140 over the 2 producing days (the null adds nothing) = 70.
    expect(alignOnProducingTime(days, days.gas, 'month')).toEqual([190, 70, 100]);
  });

  it('shares one clock across streams: a day producing only water still counts for oil', () => {
    const waterOnly: PhaseDays = {
      dates: ['2024-05-01', '2024-05-02'],
      oil: [0, 5],
      gas: [0, 1],
      water: [3, 3],
    };
    expect(alignOnProducingTime(waterOnly, waterOnly.oil, 'day')).toEqual([0, 5]);
  });

  it('gives nothing for a well that never produced', () => {
    const dry: PhaseDays = { dates: ['2024-01-01'], oil: [0], gas: [null], water: [0] };
    expect(alignOnProducingTime(dry, dry.oil, 'month')).toEqual([]);
  });

  it('refuses a stream whose length is not the dates’', () => {
    expect(() => alignOnProducingTime(days, [1, 2], 'day')).toThrow(
      'stream has 2 values for 8 dates: they must match',
    );
  });
});
