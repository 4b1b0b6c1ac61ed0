import type { ProductionRecord } from '#shared/api/index.js';
import { formatNumber, formatRate, formatTimes, RATE_FIELDS, RATE_NAMES } from '../../format.js';
import { robustSigma } from '../../robust-stats.js';
import { SortedWindow } from './sorted-window.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

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
 */
export const SPIKE_HALF_WINDOW = 7;
export const SPIKE_SIGMAS = 6;
export const SPIKE_FACTOR = 3;
/** Fewer neighbours than this (the very first days, after long shut-ins) are no basis. */
export const SPIKE_MIN_NEIGHBOURS = 8;
/** Below two hours the per-day rate says more about the clock than about the well. */
export const SPIKE_MIN_RUNTIME_HOURS = 2;

interface ProducingDay {
  record: ProductionRecord;
  /** The rate over a full day. */
  daily: number;
}

export function spikes(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
): FindingFacts[] {
  const findings: FindingFacts[] = [];
  const neighbours = new Float64Array(2 * SPIKE_HALF_WINDOW);
  for (const field of RATE_FIELDS) {
    const producing = producingDays(days, field);
    // The days from i - SPIKE_HALF_WINDOW to i + SPIKE_HALF_WINDOW, kept sorted as the
    // window slides (one value in, one out), so a day's median costs a few steps, not a sort.
    const window = new SortedWindow(2 * SPIKE_HALF_WINDOW + 1);
    for (let n = 0; n < Math.min(producing.length, SPIKE_HALF_WINDOW); n++) {
      window.add((producing[n] as ProducingDay).daily);
    }
    producing.forEach((day, i) => {
      // Index checks, not reads past the ends: those are slow in V8.
      const leaving = i - SPIKE_HALF_WINDOW - 1;
      if (leaving >= 0) window.remove((producing[leaving] as ProducingDay).daily);
      const entering = i + SPIKE_HALF_WINDOW;
      if (entering < producing.length) window.add((producing[entering] as ProducingDay).daily);
      const count = window.size - 1;
      if (count < SPIKE_MIN_NEIGHBOURS) return;
      const centre = window.medianWithout(day.daily);
      const ratio = day.daily / centre;
      // Both tests must hold; the ratio is the cheap one and rules out nearly every day.
      if (ratio < SPIKE_FACTOR && ratio > 1 / SPIKE_FACTOR) return;
      let filled = 0;
      const last = Math.min(producing.length, i + 1 + SPIKE_HALF_WINDOW);
      for (let n = Math.max(0, i - SPIKE_HALF_WINDOW); n < last; n++) {
        if (n !== i) neighbours[filled++] = (producing[n] as ProducingDay).daily;
      }
      const sigma = robustSigma(neighbours, centre, 0, count);
      if (!(Math.abs(day.daily - centre) > SPIKE_SIGMAS * sigma)) return;
      const value = day.record[field] as number;
      const system = context.unitSystem;
      const compared = ratio >= 1 ? `${formatTimes(ratio)}` : `${formatNumber(100 * ratio, 0)}% of`;
      const runtime = day.record.runtime;
      const perDay =
        runtime !== null && runtime < 24
          ? ` (${formatRate(day.daily, field, system)} over a full day at its ${formatNumber(runtime)} h runtime)`
          : '';
      findings.push({
        key: findingKey('spike', context.wellId, day.record.date, day.record.date, field),
        wellId: context.wellId,
        rule: 'spike',
        from: day.record.date,
        to: day.record.date,
        reason: `${RATE_NAMES[field]} ${formatRate(value, field, system)} on ${day.record.date}${perDay} is ${compared} the median of the ${count} producing days around it, ${formatRate(centre, field, system)}`,
      });
    });
  }
  return findings.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

function producingDays(
  days: readonly ProductionRecord[],
  field: (typeof RATE_FIELDS)[number],
): ProducingDay[] {
  const producing: ProducingDay[] = [];
  for (const record of days) {
    const value = record[field];
    const runtime = record.runtime;
    if (value === null || value <= 0) continue;
    if (runtime !== null && runtime < SPIKE_MIN_RUNTIME_HOURS) continue;
    producing.push({ record, daily: runtime === null ? value : (value * 24) / runtime });
  }
  return producing;
}
