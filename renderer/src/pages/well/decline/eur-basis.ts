import type { Forecast } from '#shared/decline/index.js';

/**
 * What an EUR counts, in words beside the number: the volume produced to date plus the
 * forecast until it ends, and why it ends there (the economic limit, the project's end date,
 * or the forecast's cap). The panel, the report and the Forecast CSV use the same words, so
 * an EUR is never read without its basis.
 */
export interface EurBasisInput {
  forecast: Pick<Forecast, 'endReason' | 'daysToLimit'>;
  /** The economic limit with its unit, e.g. "2 bbl/d". */
  limit: string;
  /** The forecast's last day (an end date shows as itself). */
  lastDay: string;
  /** The project's forecast cap in years: a capped EUR names the cap it stopped at. */
  maxYears: number;
}

const years = (days: number) => (days / 365.25).toFixed(1);
// A cap may be typed in decimal years ("12.5"): named to two decimals at most, no trailing zeros.
const capYears = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function eurBasis({ forecast, limit, lastDay, maxYears }: EurBasisInput): string {
  switch (forecast.endReason) {
    case 'economic-limit':
      return `Produced to date + forecast to the economic limit (${limit}) on ${lastDay}`;
    case 'end-date':
      return `Produced to date + forecast to the project's end date, ${lastDay}`;
    case 'max-duration':
      return (
        `Produced to date + forecast to the ${capYears.format(maxYears)}-year cap, ${lastDay}: ` +
        `the economic limit (${limit}) would be reached after ${years(forecast.daysToLimit)} years`
      );
    case 'below-limit-at-start':
      return `Produced to date only: the rate is already below the economic limit (${limit})`;
  }
}

/** The economic limit as the basis names it: "2 bbl/d", "20 Mscf/d". */
export function limitText(limit: number, rateUnit: string): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(limit)} ${rateUnit}`;
}
