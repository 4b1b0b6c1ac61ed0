import { createContext } from 'react';
import { monthlyRates, type DailyColumns } from '#shared/production/index.js';

/** A month's days on production, of its calendar days inside the range. */
export interface DaysOn {
  producing: number;
  calendar: number;
}

/**
 * Days on production of each month of a range, by the month's first day, read from the
 * range's daily rows: a day is on production when its runtime or any of its oil, gas and
 * water rates is above zero (the producing-day rule of shared/production/monthly-rates.ts,
 * which the report's monthly table uses too). A month without a daily row on this computer
 * is absent, rather than counted as shut in.
 */
export function daysOnByMonth(daily: DailyColumns & { from: string; to: string }) {
  const producing = monthlyRates(daily, 'producing-day');
  const calendar = monthlyRates(daily, 'calendar-day');
  return new Map<string, DaysOn>(
    producing.dates.map((month, i) => [
      month,
      { producing: producing.days[i] as number, calendar: calendar.days[i] as number },
    ]),
  );
}

/**
 * The monthly readout's days on production, for the charts of a well's page (empty in the
 * daily view and wherever there are no daily rows): a context, as the readout sits four
 * components below the page that reads the daily rows.
 */
export const DaysOnContext = createContext<ReadonlyMap<string, DaysOn>>(new Map());
