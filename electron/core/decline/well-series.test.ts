import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epochDay } from '#shared/production/dates.js';
import { fingerprintLike, seriesFingerprint, type StreamSeries } from './well-series.js';

/** The fingerprint a saved fit is compared by (see staleness.ts). */

function series(rates: Array<number | null>): StreamSeries {
  const dates = rates.map((_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`);
  return { dates, days: dates.map(epochDay), rates };
}

describe('seriesFingerprint', () => {
  it('is equal for the same days and rates and differs for any change, a missing rate included', () => {
    const base = seriesFingerprint(series([100, 90, null, 80]));
    expect(base).toMatch(/^v2:/);
    expect(seriesFingerprint(series([100, 90, null, 80]))).toBe(base);
    for (const changed of [
      [100, 90, null, 80.0001],
      [100, 90, 0, 80],
      [100, 90, null],
      [100, 90, null, 80, 70],
    ]) {
      expect(seriesFingerprint(series(changed))).not.toBe(base);
    }
    const shifted = series([100, 90, null, 80]);
    shifted.days = shifted.days.map((day) => day + 1);
    expect(seriesFingerprint(shifted)).not.toBe(base);
  });

  it('compares a fit saved with the first, text form in that form', () => {
    const data = series([100, 90, null, 80]);
    const textForm = createHash('sha1')
      .update('2024-01-01=100;2024-01-02=90;2024-01-03=;2024-01-04=80;')
      .digest('base64');
    expect(fingerprintLike(textForm, data)).toBe(textForm);
    expect(fingerprintLike(textForm, series([100, 90, null, 81]))).not.toBe(textForm);
    const current = seriesFingerprint(data);
    expect(fingerprintLike(current, data)).toBe(current);
  });
});
