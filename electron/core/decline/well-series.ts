import { createHash } from 'node:crypto';
import { daysInMonth, PRODUCTION_FIELDS } from '#shared/api/index.js';
import type { DeclineFrequency, DeclineStream } from '#shared/desktop/index.js';
import type { DeclinePoint } from '#shared/decline/index.js';
import { daysFromCivil, epochDay } from '#shared/production/dates.js';
import type { CoreContext } from '../core-context.js';
import { mergeProductionEdits } from '../overlay/production-overlay.js';

/**
 * A well's production of one stream as the engineer sees it on this computer
 * (cached server rows with queued edits merged over them), in IMPERIAL rates
 * per day, over every day the cache holds. What decline fits, forecasts and
 * staleness are computed from.
 */
export interface StreamSeries {
  /** Epoch days (days since 1970-01-01), ascending. */
  days: number[];
  dates: string[];
  /** The stream's daily rate on each day; null when not reported. */
  rates: Array<number | null>;
}

const ALL_DAYS = { from: '0000-01-01', to: '9999-12-31' };
const STREAM_FIELD = { oil: 'oil_rate', gas: 'gas_rate', water: 'water_rate' } as const;

/** Reads the stream's one column (not the nine fields): Forecast all wells reads every well. */
export function readStreamSeries(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  stream: DeclineStream,
): StreamSeries {
  const field = STREAM_FIELD[stream];
  const merged = mergeProductionEdits(
    ctx,
    connectionId,
    wellId,
    ALL_DAYS,
    ctx.production.readField(connectionId, wellId, field, ALL_DAYS),
    [PRODUCTION_FIELDS.indexOf(field)],
  );
  const days = new Array<number>(merged.dates.length);
  for (let i = 0; i < days.length; i++) days[i] = epochDay(merged.dates[i] as string);
  return { days, dates: merged.dates, rates: merged.columns[0] as Array<number | null> };
}

/** The last day with a rate above zero, or null. */
export function lastProducingIndex(series: StreamSeries): number | null {
  for (let i = series.rates.length - 1; i >= 0; i--) {
    const rate = series.rates[i];
    if (rate !== null && rate !== undefined && rate > 0) return i;
  }
  return null;
}

/** Np/Gp/Wp: the sum of the daily rates (one day's volume each) up to `lastIndex` inclusive. */
export function cumulativeVolume(series: StreamSeries, lastIndex: number): number {
  let total = 0;
  for (let i = 0; i <= lastIndex; i++) {
    const rate = series.rates[i];
    if (rate !== null && rate !== undefined && rate > 0) total += rate;
  }
  return total;
}

/**
 * The points a fit reads. Daily: each day and its rate. Monthly: each
 * calendar month's average daily rate, i.e. its volume divided by its days
 * inside the span the cache holds (a month cut by the first or last cached day
 * is averaged over the days it has, so a well starting on the 20th is not read
 * as a third of its rate), placed on the middle day of those days (a whole
 * day: qi's anchor is a date).
 */
export function declinePoints(series: StreamSeries, frequency: DeclineFrequency): DeclinePoint[] {
  if (frequency === 'daily') {
    return series.days.map((t, i) => ({ t, rate: series.rates[i] ?? null }));
  }
  const points: DeclinePoint[] = [];
  const first = series.days[0];
  const last = series.days[series.days.length - 1];
  if (first === undefined || last === undefined) return points;
  let i = 0;
  while (i < series.dates.length) {
    const month = (series.dates[i] as string).slice(0, 7);
    const year = Number(month.slice(0, 4));
    const monthNumber = Number(month.slice(5, 7));
    const start = Math.max(daysFromCivil(year, monthNumber, 1), first);
    const end = Math.min(daysFromCivil(year, monthNumber, daysInMonth(year, monthNumber)), last);
    let volume = 0;
    let reported = false;
    while (i < series.dates.length && (series.dates[i] as string).startsWith(month)) {
      const rate = series.rates[i];
      if (rate !== null && rate !== undefined) {
        reported = true;
        if (rate > 0) volume += rate;
      }
      i++;
    }
    const days = end - start + 1;
    points.push({ t: start + Math.floor((days - 1) / 2), rate: reported ? volume / days : null });
  }
  return points;
}

/**
 * A digest of the stream's days and rates: equal digests mean the fit would
 * see the same data. Used to tell a real change from a version bump that
 * changed nothing the engineer sees (a queued edit reaching the server).
 * SHA-1 of the days and rates as binary numbers (a missing rate as NaN): no
 * number is turned into text, which made the first form a tenth of a whole
 * Forecast all wells run. Marked `v2:` so a fit saved with the first form is
 * compared in that form (`fingerprintLike`).
 */
export function seriesFingerprint(series: StreamSeries): string {
  const n = series.days.length;
  const numbers = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    numbers[2 * i] = series.days[i] as number;
    numbers[2 * i + 1] = series.rates[i] ?? NaN;
  }
  const hash = createHash('sha1').update(new Uint8Array(numbers.buffer));
  return `${FINGERPRINT_V2}${hash.digest('base64')}`;
}

const FINGERPRINT_V2 = 'v2:';

/** The series' digest in the form `saved` has: fits saved before `v2:` hold the text form. */
export function fingerprintLike(saved: string, series: StreamSeries): string {
  if (saved.startsWith(FINGERPRINT_V2)) return seriesFingerprint(series);
  let text = '';
  for (let i = 0; i < series.dates.length; i++) {
    text += `${series.dates[i]}=${series.rates[i] ?? ''};`;
  }
  return createHash('sha1').update(text).digest('base64');
}
