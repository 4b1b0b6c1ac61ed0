import { addDays, daysBetween } from '../dates/iso-day.js';
import { AVERAGE_DAYS, producingDayAverage, type AveragedBasis } from './rate-basis.js';

/**
 * Screening figures of one well from its last few months of daily rates: the
 * last producing day and its rates, each stream's change against 30 days
 * before, the last 90 days for a sparkline, and each stream's average over its
 * last 7 and 30 producing days (rate-basis.ts). Used alike by the server's
 * project summary (an extension) and by the desktop core, which computes it
 * from the rows it holds, so both paths give the same figures.
 */

export const SCREENING_STREAMS = ['oil', 'gas', 'water'] as const;
export type ScreeningStream = (typeof SCREENING_STREAMS)[number];

/** Days of history the figures need, ending at the last producing day (or today). */
export const SCREENING_WINDOW_DAYS = 120;
/** Days a sparkline shows, ending at the last producing day. */
export const SPARKLINE_DAYS = 90;
/** The change compares the last producing day with the producing day this many days before. */
export const CHANGE_DAYS = 30;

export type StreamValues<T> = Record<ScreeningStream, T>;

/** Daily rates in ascending date order; a missing day is simply absent. */
export interface DailyRates {
  dates: readonly string[];
  rates: StreamValues<ReadonlyArray<number | null>>;
}

export interface ScreeningFigures {
  /** The latest day with an oil, gas or water rate above zero; null when none. */
  lastProductionDate: string | null;
  latest: StreamValues<number | null>;
  /**
   * The reference day: the latest producing day at least CHANGE_DAYS before the
   * last one, within the rates given; null when there is none.
   */
  previousDate: string | null;
  previous: StreamValues<number | null>;
  /** Percent change latest against previous, per stream; null without a positive base. */
  change: StreamValues<number | null>;
  /**
   * SPARKLINE_DAYS daily rates ending at the last producing day (null for a day
   * without a value); empty when there is no producing day.
   */
  sparkline: StreamValues<Array<number | null>>;
  /**
   * Each stream's average over its last 7 and last 30 producing days within the
   * SPARKLINE_DAYS days ending at the last producing day (rate-basis.ts); null without one.
   */
  averages: Record<AveragedBasis, StreamValues<number | null>>;
}

const NONE: StreamValues<null> = { oil: null, gas: null, water: null };

/** Percent change from `before` to `after`, or null when `before` is not a positive rate. */
export function percentChange(after: number | null, before: number | null): number | null {
  if (after === null || before === null || !(before > 0)) return null;
  return ((after - before) / before) * 100;
}

function isProducing(rates: DailyRates['rates'], index: number): boolean {
  return SCREENING_STREAMS.some((stream) => (rates[stream][index] ?? 0) > 0);
}

function ratesAt(rates: DailyRates['rates'], index: number): StreamValues<number | null> {
  return {
    oil: rates.oil[index] ?? null,
    gas: rates.gas[index] ?? null,
    water: rates.water[index] ?? null,
  };
}

export function screeningFigures(series: DailyRates): ScreeningFigures {
  const { dates, rates } = series;
  let last = -1;
  for (let i = dates.length - 1; i >= 0; i--) {
    if (isProducing(rates, i)) {
      last = i;
      break;
    }
  }
  if (last < 0) {
    return {
      lastProductionDate: null,
      latest: { ...NONE },
      previousDate: null,
      previous: { ...NONE },
      change: { ...NONE },
      sparkline: { oil: [], gas: [], water: [] },
      averages: { 'avg-7': { ...NONE }, 'avg-30': { ...NONE } },
    };
  }
  const lastDate = dates[last] as string;
  const latest = ratesAt(rates, last);
  const cutoff = addDays(lastDate, -CHANGE_DAYS);
  let before = -1;
  for (let i = last - 1; i >= 0; i--) {
    if ((dates[i] as string) <= cutoff && isProducing(rates, i)) {
      before = i;
      break;
    }
  }
  const previous = before < 0 ? { ...NONE } : ratesAt(rates, before);
  const sparkline: StreamValues<Array<number | null>> = {
    oil: new Array<number | null>(SPARKLINE_DAYS).fill(null),
    gas: new Array<number | null>(SPARKLINE_DAYS).fill(null),
    water: new Array<number | null>(SPARKLINE_DAYS).fill(null),
  };
  const first = addDays(lastDate, -(SPARKLINE_DAYS - 1));
  let firstIndex = last;
  for (let i = last; i >= 0 && (dates[i] as string) >= first; i--) {
    const slot = daysBetween(first, dates[i] as string);
    for (const stream of SCREENING_STREAMS) sparkline[stream][slot] = rates[stream][i] ?? null;
    firstIndex = i;
  }
  return {
    lastProductionDate: lastDate,
    latest,
    previousDate: before < 0 ? null : (dates[before] as string),
    previous,
    change: {
      oil: percentChange(latest.oil, previous.oil),
      gas: percentChange(latest.gas, previous.gas),
      water: percentChange(latest.water, previous.water),
    },
    sparkline,
    averages: streamAverages(rates, firstIndex, last),
  };
}

/** The averaged bases of each stream over `rates[from..to]` (rate-basis.ts). */
export function streamAverages(
  rates: DailyRates['rates'],
  from: number,
  to: number,
): ScreeningFigures['averages'] {
  const of = (basis: AveragedBasis): StreamValues<number | null> => ({
    oil: producingDayAverage(rates.oil, from, to, AVERAGE_DAYS[basis]),
    gas: producingDayAverage(rates.gas, from, to, AVERAGE_DAYS[basis]),
    water: producingDayAverage(rates.water, from, to, AVERAGE_DAYS[basis]),
  });
  return { 'avg-7': of('avg-7'), 'avg-30': of('avg-30') };
}

/**
 * The sparkline's points in a box `width` × `height` (y down), for an SVG
 * polyline: each run of days with a value is one line, gaps break it. The
 * scale runs from zero to the window's highest rate, so a line's height reads
 * against its own peak (a halving looks like one); only zeros lie on the bottom.
 */
export function sparklinePaths(
  values: ReadonlyArray<number | null>,
  width: number,
  height: number,
): string[] {
  let max = 0;
  let min = Infinity;
  for (const value of values) {
    if (value === null) continue;
    if (value > max) max = value;
    if (value < min) min = value;
  }
  if (min === Infinity) return [];
  const low = Math.min(0, min);
  const spread = max - low;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) => (spread === 0 ? height : height - ((value - low) / spread) * height);
  const paths: string[] = [];
  let current: string[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (current.length > 0) paths.push(current.join(' '));
      current = [];
      return;
    }
    current.push(`${round(index * step)},${round(y(value))}`);
  });
  if (current.length > 0) paths.push(current.join(' '));
  return paths;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
