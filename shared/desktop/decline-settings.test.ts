import { describe, expect, it } from 'vitest';
import { declineSettingsSchema, type DeclineSettings } from './decline.js';

/**
 * The forecast cap of a project's decline settings: years, whole or not, between 1 and 100;
 * anything else is refused with an error that names maxYears, so the popover and the core's
 * validation error both say which setting is wrong.
 */

const settings: DeclineSettings = {
  model: 'modified-hyperbolic',
  dMinEffectivePercent: 6,
  economicLimit: { oil: 2, gas: 20, water: 2 },
  endDate: null,
  maxYears: 50,
};

const issuesOf = (maxYears: unknown) => {
  const parsed = declineSettingsSchema.safeParse({ ...settings, maxYears });
  return parsed.success ? [] : parsed.error.issues;
};

describe('the forecast cap of the decline settings', () => {
  it('takes whole and decimal years from 1 to 100', () => {
    for (const maxYears of [1, 12.5, 30, 50, 100]) {
      expect(declineSettingsSchema.parse({ ...settings, maxYears })).toEqual({
        ...settings,
        maxYears,
      });
    }
  });

  it('refuses a cap out of range, naming maxYears', () => {
    for (const maxYears of [0, 0.5, -5, 100.01, 1000]) {
      const issues = issuesOf(maxYears);
      expect(issues, String(maxYears)).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        path: ['maxYears'],
        message: 'maxYears (the forecast cap) must be between 1 and 100 years',
      });
    }
  });

  it('refuses what is not a number, and a missing cap, at maxYears', () => {
    for (const maxYears of ['30', Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      const issues = issuesOf(maxYears);
      expect(issues, String(maxYears)).toHaveLength(1);
      expect(issues[0]?.path).toEqual(['maxYears']);
    }
  });
});
