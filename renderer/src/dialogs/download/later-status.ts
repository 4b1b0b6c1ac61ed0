import type { DownloadStatus } from '#shared/desktop/index.js';

/**
 * The later of two reports of a project's offline download. The start and cancel replies
 * and the `download-progress` events travel separately and can arrive out of order: a small
 * project, or a fast server, is done before the start reply is, and that reply ("running,
 * listing the wells") must not replace "done". A report never replaces a later one of the
 * same run; a report of a later run (a later `startedAt`) replaces any of an earlier one.
 * A report without `startedAt` (idle) says nothing of order and is taken as it comes.
 */
export function laterDownloadStatus(
  previous: DownloadStatus | undefined,
  next: DownloadStatus,
): DownloadStatus {
  if (!previous || previous.startedAt === null || next.startedAt === null) return next;
  if (previous.startedAt !== next.startedAt) {
    return next.startedAt > previous.startedAt ? next : previous;
  }
  const ended = (status: DownloadStatus) => (status.state === 'running' ? 0 : 1);
  if (ended(previous) !== ended(next)) return ended(next) > ended(previous) ? next : previous;
  return next.requestsDone >= previous.requestsDone ? next : previous;
}
