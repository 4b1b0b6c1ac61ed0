import type { DownloadStatus, DownloadWellFailure } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';
import type { CoreContext } from '../core-context.js';
import { idleStatus } from './download-progress.js';

/**
 * Downloads leave their trace in sync_log (no table of their own, so no
 * migration for the sync half to collide with): a record when one starts and
 * when it ends, holding the status, so after a restart `offline-download-status`
 * still knows the range that was made available offline and how it went. A
 * start with no end after it was interrupted (the app closed or crashed).
 * Each failed well gets a line of its own, for the "Sync problems" view and support.
 */

const KIND = 'offline-download';
const WELL_KIND = 'offline-download-well-failed';
/** A record need not carry thousands of failures; the count is in `done`. */
const MAX_FAILURES_KEPT = 100;

export class DownloadLog {
  private readonly last;

  constructor(
    db: CacheDb,
    private readonly ctx: Pick<CoreContext, 'syncLog' | 'connections'>,
  ) {
    this.last = db
      .prepare(
        `SELECT details FROM sync_log
         WHERE connection_id = ? AND kind = '${KIND}' AND json_extract(details, '$.projectId') = ?
         ORDER BY id DESC LIMIT 1`,
      )
      .pluck();
  }

  record(status: DownloadStatus): void {
    const verb = status.state === 'running' ? 'started' : status.state;
    this.add(status.connectionId, {
      kind: KIND,
      message: `Offline download of project ${status.projectId} (${status.from} to ${status.to}) ${verb}: ${status.done} of ${status.total} wells, ${status.failed.length} failed`,
      details: { ...status, failed: status.failed.slice(0, MAX_FAILURES_KEPT) },
    });
  }

  wellFailed(connectionId: string, projectId: string, failure: DownloadWellFailure): void {
    this.add(connectionId, {
      kind: WELL_KIND,
      message: `Offline download of project ${projectId}: well ${failure.name ?? failure.wellId} skipped: ${failure.error.message}`,
      requestId: failure.error.details?.requestId,
      details: { projectId, ...failure },
    });
  }

  /** The last recorded status of the project's download; an interrupted one reads as cancelled. */
  lastStatus(connectionId: string, projectId: string): DownloadStatus | undefined {
    const details = this.last.get(connectionId, projectId) as string | undefined;
    if (details === undefined) return undefined;
    const saved = JSON.parse(details) as Partial<DownloadStatus>;
    const status = { ...idleStatus(connectionId, projectId), ...saved };
    return status.state === 'running'
      ? { ...status, state: 'cancelled', etaMs: null, rateLimitedUntil: null }
      : status;
  }

  private add(
    connectionId: string,
    entry: { kind: string; message: string; requestId?: string | undefined; details: unknown },
  ): void {
    // A removed connection takes its log with it (the foreign key would refuse the line anyway).
    if (!this.ctx.connections.get(connectionId)) return;
    this.ctx.syncLog.add({ connectionId, ...entry });
  }
}
