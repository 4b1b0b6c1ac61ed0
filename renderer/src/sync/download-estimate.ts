import { DEFAULT_RATE_LIMITER } from '#shared/client/rate-limiter.js';
import { localToday, yearsBefore } from '#shared/dates/iso-day.js';
import { formatDay, formatDayRange } from './dates.js';

/**
 * What "Keep on this computer" (the download dialog) will cost before it starts. The core counts
 * requests exactly once the well list is in (DownloadStatus.requestsTotal) but
 * offers no estimate beforehand, and the plan belongs to the token's account,
 * which the desktop only learns from response headers during a run. So this
 * counts requests the way the download makes them and prices them at each
 * plan's published rate (docs/api-v1.md, "Limits").
 */

export interface RatePlan {
  name: string;
  perMinute: number;
  burst: number;
}

export const RATE_PLANS: readonly RatePlan[] = [
  { name: 'Standard', perMinute: 60, burst: 120 },
  { name: 'Professional', perMinute: 300, burst: 600 },
  { name: 'Enterprise', perMinute: 1000, burst: 2000 },
];

/** The core lists wells 1,000 a page (electron/core/download/download-run.ts). */
const WELL_PAGE = 1000;

/**
 * Requests of a download: the project read and the well list's pages, one
 * production request per well whose range is not cached yet, and the project
 * read that confirms the unit system afterwards.
 */
export function estimateRequests(wells: number, wellsAlreadyCached = 0): number {
  const toFetch = Math.max(0, wells - wellsAlreadyCached);
  const listing = 1 + Math.max(1, Math.ceil(wells / WELL_PAGE));
  return listing + toFetch + (toFetch > 0 ? 1 : 0);
}

/**
 * Time the plan's limit imposes, paced as the client's limiter paces: the
 * burst goes at once (but for the reserve the limiter keeps), the rest at the
 * plan's rate with its safety margin. The server's own speed comes on top.
 */
export function timeAtPlanMs(requests: number, plan: RatePlan): number {
  const { lowRemainingFraction, paceMargin } = DEFAULT_RATE_LIMITER;
  const reserve = Math.max(1, Math.floor(plan.perMinute * lowRemainingFraction));
  const unpaced = Math.max(0, plan.burst - reserve);
  return (Math.max(0, requests - unpaced) * 60_000 * paceMargin) / plan.perMinute;
}

/** "under a minute", "about 4 min", "about 1 h 20 min". */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return ms < 10_000 ? 'a few seconds' : 'under a minute';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest === 0 ? '' : ` ${rest} min`}`;
}

/** Time left on the progress bar: "2 min 10 s left". */
export function formatEta(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

export type RangePreset = '1y' | '5y' | 'all' | 'custom';

/**
 * "All" reaches back further than any well produces; the server answers with
 * the days it has, and the cache then knows the whole history is covered.
 */
export const ALL_HISTORY_FROM = '1900-01-01';

export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  now: Date = new Date(),
): { from: string; to: string } {
  const to = localToday(now);
  if (preset === 'all') return { from: ALL_HISTORY_FROM, to };
  return { from: yearsBefore(to, preset === '1y' ? 1 : 5), to };
}

/** The preset a range came from, so a range passed in by the well page shows as what it is. */
export function presetOf(range: { from: string; to: string }, now: Date = new Date()): RangePreset {
  for (const preset of ['1y', '5y', 'all'] as const) {
    const candidate = presetRange(preset, now);
    if (candidate.from === range.from && candidate.to === range.to) return preset;
  }
  return 'custom';
}

/** A download's range in words: "all history to 21 Nov 2026" rather than from 1900. */
export function describeRange(from: string, to: string): string {
  return from === ALL_HISTORY_FROM ? `all history to ${formatDay(to)}` : formatDayRange(from, to);
}
