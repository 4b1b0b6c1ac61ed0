import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unreadableDateReason } from './date-problem.js';
import {
  DateFormatTally,
  fullYear,
  looksLikeDateColumn,
  parseDate,
  type DateFormat,
} from './dates.js';

function tally(cells: string[]) {
  const t = new DateFormatTally();
  for (const cell of cells) t.add(cell);
  return t.result();
}

const MONTH_ABBREVIATIONS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

describe('two-digit years', () => {
  it('reads 00–49 as 2000–2049 and 50–99 as 1950–1999', () => {
    expect([fullYear('00'), fullYear('08'), fullYear('49')]).toEqual([2000, 2008, 2049]);
    expect([fullYear('50'), fullYear('69'), fullYear('99')]).toEqual([1950, 1969, 1999]);
    expect(parseDate('12-Feb-49', 'd-mon-y')).toBe('2049-02-12');
    expect(parseDate('12-Feb-50', 'd-mon-y')).toBe('1950-02-12');
    expect(parseDate('2/12/51', 'mdy')).toBe('1951-02-12');
    expect(fullYear('123')).toBeNaN();
  });
});

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
      ['2008-02-12T00:00:00', 'ymd', '2008-02-12'],
      ['2008-02-12 00:00:00', 'ymd', '2008-02-12'],
      ['2008-02-12T23:00:00.000-05:00', 'ymd', '2008-02-12'],
      ['2/12/2008 0:00', 'mdy', '2008-02-12'],
      ['2025-07-01 06:00:00 UTC', 'ymd', '2025-07-01'],
      ['07/01/2025 06:00 CST', 'mdy', '2025-07-01'],
      ['12-Feb-08', 'd-mon-y', '2008-02-12'],
      ['12-FEB-2008', 'd-mon-y', '2008-02-12'],
      ['07-Apr-14', 'd-mon-y', '2014-04-07'],
      ['7-apr-2014', 'd-mon-y', '2014-04-07'],
      ['12 Feb 2008', 'd-mon-y', '2008-02-12'],
      ['12 February 2008', 'd-mon-y', '2008-02-12'],
      ['12FEB2008', 'd-mon-y', '2008-02-12'],
      ['12/Feb/2008', 'd-mon-y', '2008-02-12'],
      ['12.feb.2008', 'd-mon-y', '2008-02-12'],
      ['17. mai 2016', 'd-mon-y', '2016-05-17'],
      ['01-Okt-15', 'd-mon-y', '2015-10-01'],
      ['24-des-15', 'd-mon-y', '2015-12-24'],
      ['30-Sept-2008', 'd-mon-y', '2008-09-30'],
      ['12-Feb-08 00:00:00', 'd-mon-y', '2008-02-12'],
      ['12-FEB-08 12:00:00 AM', 'd-mon-y', '2008-02-12'],
      ['Feb 12, 2008', 'mon-d-y', '2008-02-12'],
      ['February 12 2008', 'mon-d-y', '2008-02-12'],
      ['Feb 12th, 2008', 'mon-d-y', '2008-02-12'],
      ['FEB-12-08', 'mon-d-y', '2008-02-12'],
      ['Feb 12, 2008 6:00 AM', 'mon-d-y', '2008-02-12'],
      ['29-Feb-08', 'd-mon-y', '2008-02-29'],
      ['29-Feb-2000', 'd-mon-y', '2000-02-29'],
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
      ['29-Feb-09', 'd-mon-y'],
      ['29-FEB-2100', 'd-mon-y'],
      ['Feb 29, 2023', 'mon-d-y'],
      ['31-Apr-2008', 'd-mon-y'],
      ['00-Feb-2008', 'd-mon-y'],
      ['12-Fbr-2008', 'd-mon-y'],
      ['12-Febr-2008', 'd-mon-y'],
      ['12-Foo-08', 'd-mon-y'],
      ['12-Feb-008', 'd-mon-y'],
      ['12-Feb', 'd-mon-y'],
      ['Feb 2008', 'mon-d-y'],
      ['Feb 12, 2008', 'd-mon-y'],
      ['12-Feb-08', 'mon-d-y'],
      ['12-Feb-08', 'dmy'],
      ['2008-02-12 lunch', 'ymd'],
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
          const month = MONTH_ABBREVIATIONS[Number(m) - 1]!;
          expect(parseDate(`${d}-${month}-${y}`, 'd-mon-y')).toBe(iso);
          expect(parseDate(`${d}-${month.toUpperCase()}-${y}`, 'd-mon-y')).toBe(iso);
          expect(parseDate(`${month} ${d}, ${y}`, 'mon-d-y')).toBe(iso);
          expect(parseDate(`${y}${m}${d}`, 'ymd')).toBe(iso);
          expect(parseDate(`${iso}T00:00:00`, 'ymd')).toBe(iso);
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

  it('finds the formats that spell the month, and reads them whichever the case', () => {
    expect(tally(['07-Apr-14', '08-APR-14', '09-apr-2014'])).toEqual({
      format: 'd-mon-y',
      candidates: ['d-mon-y'],
    });
    expect(tally(['Feb 12, 2008', 'Feb 13, 2008'])).toEqual({
      format: 'mon-d-y',
      candidates: ['mon-d-y'],
    });
    expect(tally(['20080212', '20080213'])).toEqual({ format: 'ymd', candidates: ['ymd'] });
    expect(tally(['2008-02-12 00:00:00', '2008-02-13T00:00:00'])).toEqual({
      format: 'ymd',
      candidates: ['ymd'],
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
    expect(looksLikeDateColumn(['07-Apr-14', '08-Apr-14'])).toBe(true);
    expect(looksLikeDateColumn(['15/9-F-12', '15/9-F-14'])).toBe(false);
  });
});

describe('unreadableDateReason', () => {
  it('names the format and shows how a date looks in it', () => {
    expect(unreadableDateReason('31-Feb-08', 'd-mon-y')).toBe(
      '"31-Feb-08" is not a real date written as DD-Mon-YYYY (such as 12-Feb-08, 12-FEB-2008, 12 Feb 2008)',
    );
    expect(unreadableDateReason('soon', null)).toBe(
      '"soon" is not a date in any format we read (YYYY-MM-DD; MM/DD/YYYY; DD/MM/YYYY; DD-Mon-YYYY; Mon DD, YYYY; spreadsheet serial number); choose the date column or its format',
    );
  });
});
