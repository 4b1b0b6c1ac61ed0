import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DateFormatTally, looksLikeDateColumn, parseDate, type DateFormat } from './dates.js';

function tally(cells: string[]) {
  const t = new DateFormatTally();
  for (const cell of cells) t.add(cell);
  return t.result();
}

describe('parseDate', () => {
  it('reads each format, with or without a time of day', () => {
    const cases: Array<[string, DateFormat, string | null]> = [
      ['2025-07-01', 'ymd', '2025-07-01'],
      ['2025/7/1', 'ymd', '2025-07-01'],
      ['20250701', 'ymd', '2025-07-01'],
      ['2025-07-01 06:00:00', 'ymd', '2025-07-01'],
      ['2025-07-01T00:00:00Z', 'ymd', '2025-07-01'],
      ['07/01/2025', 'mdy', '2025-07-01'],
      ['7/1/25', 'mdy', '2025-07-01'],
      ['7/1/2025 6:00 AM', 'mdy', '2025-07-01'],
      ['01.07.2025', 'dmy', '2025-07-01'],
      ['01/07/2025', 'dmy', '2025-07-01'],
      ['1-7-95', 'dmy', '1995-07-01'],
      ['45839', 'serial', '2025-07-01'],
      ['45839.25', 'serial', '2025-07-01'],
      ['1', 'serial', '1900-01-01'],
      ['59', 'serial', '1900-02-28'],
      ['61', 'serial', '1900-03-01'],
    ];
    for (const [cell, format, expected] of cases)
      expect(parseDate(cell, format), `${cell} ${format}`).toBe(expected);
  });

  it('refuses what is not a real day in that format', () => {
    const cases: Array<[string, DateFormat]> = [
      ['2025-02-30', 'ymd'],
      ['2025-13-01', 'ymd'],
      ['13/01/2025', 'mdy'],
      ['01.07.2025', 'mdy'],
      ['31/02/2025', 'dmy'],
      ['2025-07-01', 'dmy'],
      ['60', 'serial'],
      ['0', 'serial'],
      ['yesterday', 'ymd'],
      ['', 'ymd'],
    ];
    for (const [cell, format] of cases)
      expect(parseDate(cell, format), `${cell} ${format}`).toBeNull();
  });

  it('reads back every day it writes, in every format', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split('-');
          expect(parseDate(iso, 'ymd')).toBe(iso);
          expect(parseDate(`${m}/${d}/${y}`, 'mdy')).toBe(iso);
          expect(parseDate(`${d}.${m}.${y}`, 'dmy')).toBe(iso);
          const serial = Math.round((Date.parse(iso) - Date.UTC(1899, 11, 30)) / 86_400_000);
          expect(parseDate(String(serial), 'serial')).toBe(iso);
        },
      ),
    );
  });
});

describe('DateFormatTally', () => {
  it('finds the one format that reads every date', () => {
    expect(tally(['07/01/2025', '07/13/2025'])).toEqual({ format: 'mdy', candidates: ['mdy'] });
    expect(tally(['01/07/2025', '13/07/2025'])).toEqual({ format: 'dmy', candidates: ['dmy'] });
    expect(tally(['01.07.2025', '02.07.2025'])).toEqual({ format: 'dmy', candidates: ['dmy'] });
    expect(tally(['2025-07-01', 'junk'])).toEqual({ format: 'ymd', candidates: ['ymd'] });
    expect(tally(['45839', '45840'])).toEqual({ format: 'serial', candidates: ['serial'] });
  });

  it('reports MM/DD against DD/MM when every day is 12 or less', () => {
    expect(tally(['01/07/2025', '02/07/2025', '12/07/2025'])).toEqual({
      format: null,
      candidates: ['mdy', 'dmy'],
    });
  });

  it('takes the format reading most dates when none reads all', () => {
    expect(tally(['07/13/2025', '07/14/2025', '14/07/2025']).format).toBe('mdy');
    expect(tally(['nope'])).toEqual({ format: null, candidates: [] });
  });

  it('recognises a date column by its contents', () => {
    expect(looksLikeDateColumn(['2025-07-01', '2025-07-02', ''])).toBe(true);
    expect(looksLikeDateColumn(['45839', '45840'])).toBe(false);
    expect(looksLikeDateColumn(['abc', '12'])).toBe(false);
  });
});
