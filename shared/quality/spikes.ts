import { isoFromEpochDay } from './days.js';
import {
  formatNumber,
  formatRate,
  formatTimes,
  RATE_FIELDS,
  RATE_NAMES,
  type RateField,
} from './format.js';
import { median, robustSigma } from './robust-stats.js';
import { spikeSeverity } from './severity.js';
import { STREAM_OF, volumeAtStake } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';
import { windowExtremes } from './window-extremes.js';

/**
 * Single-day spikes and drops: a Hampel filter. Each producing day's rate is compared
 * with the median of the producing days around it (SPIKE_HALF_WINDOW before and after,
 * the day itself left out) and flagged when it is both more than SPIKE_SIGMAS robust
 * standard deviations (1.4826 × MAD) from that median and at least SPIKE_FACTOR times
 * above or below it. The first test ignores a well's everyday noise, the second keeps a
 * very steady well's small wobbles out. A step to a new level is not flagged: half of
 * the window sits on each side, so the median follows it.
 *
 * Rates are compared per full day: a day's rate over its runtime × 24 h (for runtimes
 * from SPIKE_MIN_RUNTIME_HOURS up), so a half-day outage is not a drop. Days with no
 * flow (shut in, or a zero rate) are not producing days: a shut-in is no drop.
 *
 * At stake: the day's rate less what the median gives over its runtime, × 1 day: the
 * volume the day books too much (or too little).
 */
export const SPIKE_HALF_WINDOW = 7;
export const SPIKE_SIGMAS = 6;
export const SPIKE_FACTOR = 3;
/** Fewer neighbours than this (the very first days, after long shut-ins) are no basis. */
export const SPIKE_MIN_NEIGHBOURS = 8;
/** Below two hours the per-day rate says more about the clock than about the well. */
export const SPIKE_MIN_RUNTIME_HOURS = 2;

const WIDTH = 2 * SPIKE_HALF_WINDOW + 1;

export function spikes(columns: WellColumns, context: WellSeriesContext): QualityFinding[] {
  const findings: QualityFinding[] = [];
  const neighbours = new Float64Array(2 * SPIKE_HALF_WINDOW);
  // Reused for each field: the producing days' per-day rates and their rows.
  const daily = new Float64Array(columns.length);
  const rows = new Int32Array(columns.length);
  for (const field of RATE_FIELDS) {
    const count = producingDays(columns, field, daily, rows);
    // Where the lowest and highest rate of a day's window are both within a factor of
    // SPIKE_FACTOR of it, so is the median (it lies between them): nearly every day of a
    // well is settled by these two numbers, and only the rest needs a median.
    const { min, max } = windowExtremes(daily, count, WIDTH);
    for (let i = 0; i < count; i++) {
      const from = Math.max(0, i - SPIKE_HALF_WINDOW);
      const to = Math.min(count, i + SPIKE_HALF_WINDOW + 1);
      const neighbourCount = to - from - 1;
      if (neighbourCount < SPIKE_MIN_NEIGHBOURS) continue;
      const value = daily[i] as number;
      const start = i - SPIKE_HALF_WINDOW;
      // Division is monotonic, so these bound the ratio to the median exactly as computed
      // below. (Windows cut short at either end are simply measured.)
      if (
        from === start &&
        to === i + SPIKE_HALF_WINDOW + 1 &&
        value / (min[start] as number) < SPIKE_FACTOR &&
        value / (max[start] as number) > 1 / SPIKE_FACTOR
      ) {
        continue;
      }
      let filled = 0;
      for (let n = from; n < to; n++) if (n !== i) neighbours[filled++] = daily[n] as number;
      const centre = median(neighbours, 0, neighbourCount);
      const ratio = value / centre;
      // Both tests must hold; the ratio is the cheap one and rules out nearly every day.
      if (ratio < SPIKE_FACTOR && ratio > 1 / SPIKE_FACTOR) continue;
      const sigma = robustSigma(neighbours, centre, 0, neighbourCount);
      if (!(Math.abs(value - centre) > SPIKE_SIGMAS * sigma)) continue;
      findings.push(
        finding(columns, rows[i] as number, field, value, ratio, centre, neighbourCount, context),
      );
    }
  }
  return findings.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * Fills `daily` and `rows` with the producing days of `field` (a rate above zero, on a
 * runtime of SPIKE_MIN_RUNTIME_HOURS or more, or none recorded): the rate over a full
 * day and the row it is on. Returns how many there are.
 */
function producingDays(
  columns: WellColumns,
  field: RateField,
  daily: Float64Array,
  rows: Int32Array,
): number {
  const values = columns[field];
  const runtimes = columns.runtime;
  let count = 0;
  for (let r = 0; r < columns.length; r++) {
    const value = values[r] as number;
    const runtime = runtimes[r] as number;
    // NaN (no value) fails both comparisons as null did.
    if (!(value > 0) || runtime < SPIKE_MIN_RUNTIME_HOURS) continue;
    daily[count] = Number.isNaN(runtime) ? value : (value * 24) / runtime;
    rows[count++] = r;
  }
  return count;
}

function finding(
  columns: WellColumns,
  row: number,
  field: RateField,
  daily: number,
  ratio: number,
  centre: number,
  neighbourCount: number,
  context: WellSeriesContext,
): QualityFinding {
  const date = isoFromEpochDay(columns.days[row] as number);
  const value = columns[field][row] as number;
  const runtime = columns.runtime[row] as number;
  const system = context.unitSystem;
  // What the median rate would have given over the day's runtime (a full day if none).
  const expected = runtime < 24 ? (centre * runtime) / 24 : centre;
  const compared = ratio >= 1 ? `${formatTimes(ratio)}` : `${formatNumber(100 * ratio, 0)}% of`;
  const perDay =
    runtime < 24
      ? ` (${formatRate(daily, field, system)} over a full day at its ${formatNumber(runtime)} h runtime)`
      : '';
  return {
    key: findingKey('spike', context.wellId, date, date, field),
    wellId: context.wellId,
    rule: 'spike',
    from: date,
    to: date,
    reason: `${RATE_NAMES[field]} ${formatRate(value, field, system)} on ${date}${perDay} is ${compared} the median of the ${neighbourCount} producing days around it, ${formatRate(centre, field, system)}`,
    severity: spikeSeverity(ratio),
    atStake: volumeAtStake(STREAM_OF[field], value - expected, system),
  };
}
