import {
  CoreError,
  type DeclineStream,
  type ForecastAllStartArgs,
  type ForecastAllStatus,
} from '../../../shared/desktop/index.js';
import { DeclineInputError } from '../../../shared/decline/index.js';
import { emitCacheChanged, resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandler } from '../handler-kit.js';
import { fitStream } from './fit-stream.js';
import { historyNote } from './well-history.js';
import { hasProduction, lastProducingIndex, readStreamSeries } from './well-series.js';

/**
 * "Forecast all wells": fits one stream of every well of a project from the
 * production on this computer (nothing is fetched; `missingProduction` counts
 * the wells to download first), one well at a time, yielding to the event loop
 * between wells so every other handler keeps answering. One run at a time per
 * core: starting while one runs answers the running one's status. Cancel stops
 * between wells; the fits saved so far stay.
 *
 * Every well ends in exactly one place: fitted (and in `poor` when the fit is
 * poor) or `skipped`, with why. Fits the person edited are kept, not replaced.
 */

/** The wells table re-reads after this many wells, not after each one. */
const ANNOUNCE_EVERY = 25;

/** Default frequency: monthly rates, the usual basis of a field-wide forecast (and fast). */
const DEFAULT_FREQUENCY = 'monthly';

export class ForecastAll {
  private status: ForecastAllStatus = idleStatus(null, 'oil');
  private connectionId: string | null = null;
  private cancelRequested = false;
  private run: Promise<void> | null = null;

  constructor(private readonly ctx: CoreContext) {}

  handlers() {
    const { ctx } = this;
    return {
      'forecast-all-start': defineHandler(
        'forecast-all-start',
        (args) => this.start(args),
        ctx.log,
      ),
      'forecast-all-status': defineHandler(
        'forecast-all-status',
        (args) => this.statusOf(resolveConnection(ctx, args.connectionId).id, args.projectId),
        ctx.log,
      ),
      'forecast-all-cancel': defineHandler(
        'forecast-all-cancel',
        (args) => {
          const connectionId = resolveConnection(ctx, args.connectionId).id;
          if (this.isRunning() && this.matches(connectionId, args.projectId)) {
            this.cancelRequested = true;
          }
          return this.statusOf(connectionId, args.projectId);
        },
        ctx.log,
      ),
    };
  }

  /** Resolves when no run is going on (tests, orderly shutdown). */
  idle(): Promise<void> {
    return this.run ?? Promise.resolve();
  }

  private isRunning(): boolean {
    return this.status.state === 'running';
  }

  private matches(connectionId: string, projectId: string): boolean {
    return this.connectionId === connectionId && this.status.projectId === projectId;
  }

  private statusOf(connectionId: string, projectId: string): ForecastAllStatus {
    if (this.matches(connectionId, projectId)) return snapshot(this.status);
    return idleStatus(projectId, this.status.stream);
  }

  private start(args: ForecastAllStartArgs): ForecastAllStatus {
    const { ctx } = this;
    const connection = resolveConnection(ctx, args.connectionId);
    if (this.isRunning()) return snapshot(this.status);
    const project = ctx.projects.get(connection.id, args.projectId);
    if (!project) {
      throw new CoreError(
        'not-found',
        `Project ${args.projectId} is not on this computer: open it while connected first.`,
      );
    }
    const wells = ctx.wells
      .query(connection.id, args.projectId, {})
      .rows.map((row) => ({ id: row.id, name: row.name }));
    this.connectionId = connection.id;
    this.cancelRequested = false;
    this.status = {
      ...idleStatus(args.projectId, args.stream),
      state: 'running',
      total: wells.length,
      startedAt: ctx.now().toISOString(),
    };
    this.run = this.fitAll(connection.id, args, project.unitSystem, wells).finally(() => {
      this.run = null;
    });
    return snapshot(this.status);
  }

  private async fitAll(
    connectionId: string,
    args: ForecastAllStartArgs,
    unitSystem: 'imperial' | 'metric',
    wells: Array<{ id: string; name: string }>,
  ): Promise<void> {
    const { ctx, status } = this;
    const frequency = args.frequency ?? DEFAULT_FREQUENCY;
    const settings = ctx.declineSettings.get(connectionId, args.projectId, unitSystem);
    try {
      for (const well of wells) {
        // Between wells: let every other handler, event and timer run.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.cancelRequested || ctx.refresher.closed) {
          status.state = 'cancelled';
          break;
        }
        this.fitOne(connectionId, args.projectId, args.stream, frequency, settings, well);
        status.done++;
        if (status.done % ANNOUNCE_EVERY === 0) this.announce(connectionId);
        ctx.events.emit('forecast-all-progress', snapshot(status));
      }
      if (status.state === 'running') status.state = 'done';
    } catch (error) {
      status.state = 'failed';
      status.error = error instanceof Error ? error.message : String(error);
      ctx.log({ level: 'error', message: 'Forecast all wells failed', error });
    }
    status.finishedAt = ctx.now().toISOString();
    if (!ctx.refresher.closed) this.announce(connectionId);
    ctx.events.emit('forecast-all-progress', snapshot(status));
  }

  private fitOne(
    connectionId: string,
    projectId: string,
    stream: DeclineStream,
    frequency: 'daily' | 'monthly',
    settings: ReturnType<CoreContext['declineSettings']['get']>,
    well: { id: string; name: string },
  ): void {
    const { ctx, status } = this;
    const fits = ctx.declineFits;
    const skip = (reason: string) =>
      status.skipped.push({ wellId: well.id, wellName: well.name, reason });
    const series = readStreamSeries(ctx, connectionId, well.id, stream);
    if (series.dates.length === 0) {
      status.missingProduction++;
      skip('No production on this computer: download the project for offline use to include it.');
      return;
    }
    if (!hasProduction(series)) {
      skip(`No ${stream} production (no day with a ${stream} rate above zero).`);
      return;
    }
    if (
      fits.ofWell(connectionId, well.id).some((f) => f.stream === stream && f.origin === 'edited')
    ) {
      skip('Kept the fit you edited: fit it again from the well page to replace it.');
      return;
    }
    const wellRow = ctx.wells.get(connectionId, well.id);
    const last = lastProducingIndex(series) as number;
    let attempt;
    try {
      attempt = fitStream(
        series,
        { projectId, wellId: well.id, stream, frequency, kind: settings.model },
        {
          settings,
          productionVersion: fits.productionVersion(connectionId, well.id),
          savedAt: ctx.now().toISOString(),
          historyNote: wellRow
            ? historyNote(ctx, connectionId, wellRow, series.dates[last] as string)
            : null,
        },
      );
    } catch (error) {
      if (!(error instanceof DeclineInputError)) throw error;
      skip(`Could not be fitted: ${error.message}`);
      return;
    }
    if (!attempt.ok) {
      skip(
        attempt.code === 'too-few-points'
          ? `Too little history: ${attempt.message}`
          : attempt.message,
      );
      return;
    }
    const notDeclining = attempt.fit.reasons.find((reason) => reason.code === 'not-declining');
    if (notDeclining) {
      skip(`Not declining: ${notDeclining.message}`);
      return;
    }
    fits.transaction(() => fits.save(connectionId, attempt.fit));
    status.fitted++;
    if (attempt.fit.poor) {
      status.poor.push({
        wellId: well.id,
        wellName: well.name,
        reason: attempt.fit.reasons
          .filter((reason) => reason.code !== 'history-incomplete')
          .map((reason) => reason.message)
          .join(' '),
      });
    }
  }

  private announce(connectionId: string): void {
    emitCacheChanged(this.ctx, {
      connectionId,
      kind: 'wells',
      ...(this.status.projectId === null ? {} : { projectId: this.status.projectId }),
    });
  }
}

function idleStatus(projectId: string | null, stream: DeclineStream): ForecastAllStatus {
  return {
    projectId,
    state: 'idle',
    stream,
    total: 0,
    done: 0,
    fitted: 0,
    poor: [],
    skipped: [],
    missingProduction: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
}

/** A copy: listeners and callers must not see the run's own arrays change under them. */
function snapshot(status: ForecastAllStatus): ForecastAllStatus {
  return { ...status, poor: [...status.poor], skipped: [...status.skipped] };
}
