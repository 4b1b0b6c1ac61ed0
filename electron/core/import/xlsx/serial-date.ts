import { daysFromCivil, isoFromEpochDay } from '#shared/dates/iso-day.js';

/**
 * Excel's day numbers, exactly. In the 1900 date system serial 1 is
 * 1900-01-01 and serial 60 is 1900-02-29, a day that never was (Lotus 1-2-3's
 * leap-year bug, kept by Excel), so serials before it are one day off from
 * those after. In the 1904 system (old Mac workbooks, `date1904`) serial 0 is
 * 1904-01-01 and there is no such day. A fraction is the time of day: the
 * record is the day's, so it is dropped.
 */
export type DateSystem = 1900 | 1904;

export type SerialDay = { iso: string } | { problem: string };

const EPOCH_1900 = daysFromCivil(1899, 12, 30);
const EPOCH_1904 = daysFromCivil(1904, 1, 1);
const LAST_DAY = daysFromCivil(9999, 12, 31);

export function serialDay(serial: number, system: DateSystem): SerialDay {
  if (!Number.isFinite(serial)) return { problem: `${serial} is not a day number` };
  const whole = Math.floor(serial);
  if (system === 1904) {
    if (whole < 0)
      return { problem: `day number ${serial} is before 1904-01-01 (1904 date system)` };
    return inRange(EPOCH_1904 + whole, serial);
  }
  if (whole < 1) return { problem: `day number ${serial} is before 1900-01-01` };
  if (whole === 60) {
    return { problem: 'day number 60 is 1900-02-29, a day that does not exist (Excel counts it)' };
  }
  return inRange(EPOCH_1900 + (whole < 60 ? whole + 1 : whole), serial);
}

function inRange(day: number, serial: number): SerialDay {
  if (day > LAST_DAY) return { problem: `day number ${serial} is after 9999-12-31` };
  return { iso: isoFromEpochDay(day) };
}
