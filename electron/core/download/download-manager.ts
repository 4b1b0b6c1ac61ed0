import {
  CoreError,
  type DownloadState,
  type DownloadStatus,
  type IpcError,
  type OfflineDownloadCancelArgs,
  type OfflineDownloadStartArgs,
  type OfflineDownloadStatusArgs,
} from '#shared/desktop/index.js';
import { toCoreError } from '../core-errors.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { DownloadLog } from './download-log.js';
import { DownloadProgress, idleStatus } from './download-progress.js';
import { runDownload } from './download-run.js';
import { OfflineAvailabilityQuery } from './offline-availability.js';
import type { DownloadSpec } from './run-types.js';

/**
 * The offline downloads of a core: at most one per project at a time, run in
 * the background (start answers at once; `download-progress` events follow),
 * cancellable, and queryable — also after a restart, from the sync log.
 *
 * Cancel is gentle first: no new well starts and the wells already on the wire
 * are finished and kept, so a resumed download never fetches them again. What
 * has not left yet (waiting in the rate limiter) is dropped after a short grace.
 */

/** How long a cancel lets wells in flight finish before it aborts them. */
export const CANCEL_GRACE_MS = 1_000;
const PROGRESS_INTERVAL_MS = 100;
const PROGRESS_HEARTBEAT_MS = 1_000;

interface Job {
  spec: DownloadSpec;
  progress: DownloadProgress;
  stop: AbortController;
  abort: AbortController;
  settled: Promise<void>;
}

export class DownloadManager {
  private readonly jobs = new Map<string, Job>();
  private readonly log: DownloadLog;
  private readonly availability: OfflineAvailabilityQuery;
  private runs = 0;

  constructor(private readonly ctx: CoreContext) {
    this.log = new DownloadLog(ctx.db, ctx);
    this.availability = new OfflineAvailabilityQuery(ctx.db);
  }

  start(args: OfflineDownloadStartArgs): DownloadStatus {
    const connection = resolveConnection(this.ctx, args.connectionId);
    const key = jobKey(connection.id, args.projectId);
    const current = this.jobs.get(key);
    if (current?.progress.state === 'running') {
      const { from, to } = current.spec.range;
      // A second click on "Make available offline" joins the download under way.
      if (from === args.from && to === args.to) return current.progress.snapshot();
      throw new CoreError(
        'conflict',
        `Project ${args.projectId} is already being downloaded for ${from} to ${to}; cancel that download before starting another range.`,
      );
    }
    const spec: DownloadSpec = {
      connection,
      projectId: args.projectId,
      range: { from: args.from, to: args.to },
    };
    const progress = new DownloadProgress(
      { connectionId: connection.id, projectId: args.projectId, from: args.from, to: args.to },
      {
        emit: (status) => this.ctx.events.emit('download-progress', status),
        now: this.ctx.now,
        intervalMs: PROGRESS_INTERVAL_MS,
        heartbeatMs: PROGRESS_HEARTBEAT_MS,
      },
    );
    const job: Job = {
      spec,
      progress,
      stop: new AbortController(),
      abort: new AbortController(),
      settled: Promise.resolve(),
    };
    this.jobs.set(key, job);
    this.log.record(progress.snapshot());
    progress.flush();
    // Through the refresher: closing the core aborts the run and waits for it.
    job.settled = this.ctx.refresher
      .run(`${connection.id}:download:${args.projectId}:${++this.runs}`, (signal) =>
        this.execute(job, signal),
      )
      .catch((error: unknown) => {
        // Only when the core closed before the run began.
        if (job.progress.state === 'running') {
          job.progress.finish('cancelled', this.ipcError(error), null);
        }
      });
    return progress.snapshot();
  }

  async cancel(args: OfflineDownloadCancelArgs): Promise<DownloadStatus> {
    const connection = resolveConnection(this.ctx, args.connectionId);
    const job = this.jobs.get(jobKey(connection.id, args.projectId));
    if (job?.progress.state === 'running') {
      job.stop.abort();
      const timer = setTimeout(() => job.abort.abort(), CANCEL_GRACE_MS);
      try {
        await job.settled;
      } finally {
        clearTimeout(timer);
      }
    }
    return this.status(args);
  }

  status(args: OfflineDownloadStatusArgs): DownloadStatus {
    const connection = resolveConnection(this.ctx, args.connectionId);
    const job = this.jobs.get(jobKey(connection.id, args.projectId));
    if (job?.progress.state === 'running') return job.progress.snapshot();
    const last = job?.progress.snapshot() ?? this.log.lastStatus(connection.id, args.projectId);
    if (!last || last.from === null || last.to === null) {
      return idleStatus(connection.id, args.projectId);
    }
    // What is cached now, not what was when the download ended.
    const available = this.availability.get(connection.id, args.projectId, {
      from: last.from,
      to: last.to,
    });
    return { ...last, available };
  }

  private async execute(job: Job, closing: AbortSignal): Promise<void> {
    const { spec, progress } = job;
    let state: DownloadState = 'done';
    let error: IpcError | null = null;
    try {
      const outcome = await runDownload(
        this.ctx,
        spec,
        { signal: AbortSignal.any([closing, job.abort.signal]), stopping: job.stop.signal },
        { progress, log: this.log, availability: this.availability },
      );
      if (outcome === 'stopped') state = 'cancelled';
    } catch (caught) {
      if (job.stop.signal.aborted || closing.aborted) {
        state = 'cancelled';
      } else {
        state = 'failed';
        error = this.ipcError(caught);
      }
    }
    const available = this.ctx.connections.get(spec.connection.id)
      ? this.availability.get(spec.connection.id, spec.projectId, spec.range)
      : null;
    progress.finish(state, error, available);
    this.log.record(progress.snapshot());
  }

  private ipcError(error: unknown): IpcError {
    return toCoreError(error, 'offline-download-start', this.ctx.log).toJSON();
  }
}

function jobKey(connectionId: string, projectId: string): string {
  return `${connectionId}\u0000${projectId}`;
}
