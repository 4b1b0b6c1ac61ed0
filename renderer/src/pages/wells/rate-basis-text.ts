import { AVERAGE_DAYS, type RateBasis } from '#shared/production/rate-basis.js';
import { SPARKLINE_DAYS, type ScreeningStream } from '#shared/production/screening.js';

/** What the wells table says of a rate basis (shared/production/rate-basis.ts). */

/** The basis chooser's options. */
export const BASIS_CHOICE: Record<RateBasis, string> = {
  'last-day': 'Last producing day',
  'avg-7': 'Average, last 7 producing days',
  'avg-30': 'Average, last 30 producing days',
};

/** The second line of a rate column's header: short, to fit the column. */
export const BASIS_TAG: Record<RateBasis, string> = {
  'last-day': 'last day',
  'avg-7': '7-day avg',
  'avg-30': '30-day avg',
};

/** A rate column's tooltip: exactly what its numbers are. */
export function rateDescription(stream: ScreeningStream, basis: RateBasis, unit: string): string {
  if (basis === 'last-day') {
    return `${NAME[stream]} rate (${unit}) on the well's last producing day: the latest day with an oil, gas or water rate above zero`;
  }
  const days = AVERAGE_DAYS[basis];
  return `${NAME[stream]} rate (${unit}) averaged over the well's last ${days} days on which its ${stream} rate was above zero, within the ${SPARKLINE_DAYS} days up to its last producing day (over fewer where it produced on fewer)`;
}

const NAME: Record<ScreeningStream, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
