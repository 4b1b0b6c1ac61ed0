import type { ForecastAllStatus } from '../../../../../shared/desktop/index.js';
import { formatCount } from '../../../shell/format.js';

/** What "Forecast all wells" says of a run: its progress line, and how it ended. */

const STREAM_NAME = { oil: 'oil', gas: 'gas', water: 'water' } as const;

export function progressText(status: ForecastAllStatus): string {
  if (status.total === 0) return 'Listing the wells…';
  return `Fitting ${formatCount(status.done)} of ${formatCount(status.total)}`;
}

export function progressPercent(status: ForecastAllStatus): number {
  if (status.state === 'done') return 100;
  return status.total > 0 ? Math.round((status.done / status.total) * 100) : 0;
}

export function outcomeText(status: ForecastAllStatus): string {
  const stream = STREAM_NAME[status.stream];
  const fitted = `${formatCount(status.fitted)} of ${formatCount(status.total)} wells fitted (${stream})`;
  switch (status.state) {
    case 'done':
      return `Done: ${fitted}.`;
    case 'cancelled':
      return `Cancelled after ${formatCount(status.done)} wells: ${fitted}. Fits made so far are kept.`;
    case 'failed':
      return `Stopped: ${(status.error ?? 'an unknown error').replace(/\.$/, '')}. ${fitted}.`;
    default:
      return '';
  }
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * The later of two reports of a project's Forecast all. Progress events, the start reply
 * and a status read travel separately and can arrive out of order (a small project is
 * done before the start reply is); a report never replaces a later one.
 */
export function laterStatus(
  previous: ForecastAllStatus | undefined,
  next: ForecastAllStatus,
): ForecastAllStatus {
  if (!previous) return next;
  if (previous.startedAt !== next.startedAt) {
    return (next.startedAt ?? '') >= (previous.startedAt ?? '') ? next : previous;
  }
  const rank = (status: ForecastAllStatus) => (status.state === 'running' ? 0 : 1);
  if (rank(previous) !== rank(next)) return rank(next) > rank(previous) ? next : previous;
  return next.done >= previous.done ? next : previous;
}
