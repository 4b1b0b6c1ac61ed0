import { describe, expect, it } from 'vitest';
import { daysFromCivil } from '../production/dates.js';
import { civilMonth, monthLabel, parseIsoDay } from './calendar.js';
import { DeclineInputError } from './errors.js';

describe('calendar', () => {
  it('counts days from 1970-01-01 and back to the month across leap years and centuries', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    expect(parseIsoDay('2024-02-29')).toBe(daysFromCivil(2024, 2, 29));
    // Years 0001 to 9999.
    for (let day = -719_162; day < 2_932_896; day += 1_997) {
      const { year, month } = civilMonth(day);
      const first = daysFromCivil(year, month, 1);
      expect(day - first).toBeGreaterThanOrEqual(0);
      expect(day - first).toBeLessThan(31);
      expect(monthLabel(year, month)).toMatch(/^\d{4}-\d{2}$/);
    }
  });

  it('rejects text that is not a calendar date', () => {
    for (const bad of ['2023-02-29', '2023-13-01', '2023-1-01', 'yesterday']) {
      expect(() => parseIsoDay(bad)).toThrow(DeclineInputError);
    }
  });
});
