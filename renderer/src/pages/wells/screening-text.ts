import { daysBetween } from '#shared/dates/iso-day.js';
import {
  SCREENING_STREAMS,
  type ScreeningStatus,
  type ScreeningStream,
} from '#shared/desktop/index.js';

/** The screening columns' and status line's words and numbers (screening-columns.tsx). */

const percent = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
/** From ±100 % on, whole percent: the column stays narrow. */
const wholePercent = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

/** The sparkline columns' ids; the table asks the core for the streams of those shown. */
export const SPARKLINE_COLUMN: Record<ScreeningStream, string> = {
  oil: 'oilSparkline',
  gas: 'gasSparkline',
  water: 'waterSparkline',
};

/** Whole days from the last producing day to today on this computer; null without one. */
export function daysSince(
  lastProductionDate: string | null | undefined,
  today: string,
): number | null {
  return lastProductionDate == null ? null : Math.max(0, daysBetween(lastProductionDate, today));
}

/** "-12.5%", "+3%", "+1,510%", "0%"; "—" without a change (no producing day 30 days before). */
export function changeText(value: number | null | undefined): string {
  if (value == null) return '—';
  return `${(Math.abs(value) >= 100 ? wholePercent : percent).format(value)}%`;
}

/** The streams whose sparkline column is shown, for wells-list's `sparklines`. */
export function shownSparklines(columnIds: readonly string[]): ScreeningStream[] {
  return SCREENING_STREAMS.filter((stream) => columnIds.includes(SPARKLINE_COLUMN[stream]));
}

/** What the wells table says of the fill: progress, how old the figures are offline, a failure. */
export function screeningText(
  status: ScreeningStatus | undefined,
  error: string | null,
  offline: boolean,
): string | null {
  if (error !== null) return `Latest production could not be updated: ${error}`;
  if (!status) return null;
  if (status.state === 'running' && status.total > 0) {
    return `Updating latest production… ${status.done.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')}`;
  }
  if (status.state === 'cancelled') {
    return `Latest production updated for ${status.done.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')} wells, then cancelled`;
  }
  if (status.state === 'failed') {
    return `Latest production could not be updated${status.error ? `: ${status.error}` : ''}`;
  }
  if ((offline || status.state === 'offline') && status.asOf !== null) {
    return `Latest production as of ${status.asOf.slice(0, 10)}`;
  }
  if (offline || status.state === 'offline') return 'No latest production on this computer yet';
  return null;
}

/**
 * Of two statuses of a project's fill, the more recent: a later run, else the one that
 * ended, else the one further on. The start's reply can arrive after the run's own events.
 */
export function laterScreeningStatus(
  previous: ScreeningStatus | undefined,
  next: ScreeningStatus,
): ScreeningStatus {
  if (!previous) return next;
  if (previous.startedAt !== next.startedAt) {
    return (next.startedAt ?? '') >= (previous.startedAt ?? '') ? next : previous;
  }
  const ended = (status: ScreeningStatus) => (status.state === 'running' ? 0 : 1);
  if (ended(previous) !== ended(next)) return ended(next) > ended(previous) ? next : previous;
  return next.done >= previous.done ? next : previous;
}
