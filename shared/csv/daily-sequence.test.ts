import { describe, expect, it } from 'vitest';
import { formatByDailySequence } from './daily-sequence.js';

describe('formatByDailySequence', () => {
  it('reads 11/01 … 11/04 as November (MM/DD): only then are the rows consecutive days', () => {
    const cells = ['11/01/2026', '11/02/2026', '11/03/2026', '', '11/04/2026'];
    expect(formatByDailySequence(cells, ['mdy', 'dmy'])).toBe('mdy');
  });

  it('reads 01/11 … 04/11 as day/month, and descending runs too', () => {
    const cells = ['04/11/2026', '03/11/2026', '02/11/2026', '01/11/2026'];
    expect(formatByDailySequence(cells, ['mdy', 'dmy'])).toBe('dmy');
  });

  it('still asks when neither reading is a daily run, or with too few dates', () => {
    expect(formatByDailySequence(['01/02/2026', '03/04/2026', '05/06/2026'], ['mdy', 'dmy'])).toBe(
      null,
    );
    expect(formatByDailySequence(['11/01/2026', '11/02/2026'], ['mdy', 'dmy'])).toBe(null);
  });

  it('tolerates a missing day or two in a long run', () => {
    const cells = [
      '03/01/2026',
      '03/02/2026',
      '03/03/2026',
      '03/05/2026',
      '03/06/2026',
      '03/07/2026',
    ];
    expect(formatByDailySequence(cells, ['mdy', 'dmy'])).toBe('mdy');
  });

  it('asks when one reading makes every date the first of a month (a monthly report)', () => {
    const ndic = ['1/1/2019', '2/1/2019', '3/1/2019', '1/1/2019', '2/1/2019', '3/1/2019'];
    expect(formatByDailySequence(ndic, ['mdy', 'dmy'])).toBe(null);
  });
});
