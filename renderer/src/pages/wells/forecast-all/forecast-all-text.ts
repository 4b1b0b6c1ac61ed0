import type { ForecastAllStatus } from '#shared/desktop/index.js';
import { formatCount } from '#renderer/shell/format.js';

/** What "Forecast all wells" says of a run: its progress line, and how it ended. */

const STREAM_NAME = { oil: 'oil', gas: 'gas', water: 'water' } as const;

export function progressText(status: ForecastAllStatus): string {
  if (status.total === 0) return 'Listing the wells…';
  if (status.fetching > 0) {
    return `Bringing ${formatCount(status.fetching)} ${status.fetching === 1 ? "well's" : "wells'"} history to this computer first…`;
  }
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

/**
 * What the run kept rather than replaced, in one sentence ("Kept 3 fits edited by hand,
 * 2 saved on a daily basis."), or null when it kept none.
 */
export function keptText(status: ForecastAllStatus): string | null {
  if (status.kept.length === 0) return null;
  const count = (test: (kept: ForecastAllStatus['kept'][number]) => boolean) =>
    status.kept.filter(test).length;
  const parts: string[] = [];
  const edited = count((kept) => kept.why === 'edited');
  if (edited > 0) parts.push(plural(edited, 'fit edited by hand', 'fits edited by hand'));
  for (const frequency of ['daily', 'monthly'] as const) {
    const n = count((kept) => kept.why === 'frequency' && kept.frequency === frequency);
    if (n > 0) parts.push(`${plural(n, 'fit', 'fits')} saved on a ${frequency} basis`);
  }
  const windowed = count((kept) => kept.why === 'window');
  if (windowed > 0) {
    parts.push(`${plural(windowed, 'fit', 'fits')} saved over a window you chose`);
  }
  // Only the first part names "fits": "Kept 3 fits edited by hand, 2 saved on a daily basis".
  const [first, ...rest] = parts;
  return `Kept ${[first, ...rest.map((part) => part.replace(/ fits? /, ' '))].join(', ')}.`;
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
