import { bringHistory } from '../replica/bring-history.js';
import {
  CoreError,
  type DeclineFrequency,
  type DeclineStream,
  type ForecastAllKept,
  type ForecastAllStartArgs,
  type ForecastAllStatus,
} from '#shared/desktop/index.js';
import { DeclineInputError } from '#shared/decline/index.js';
import { emitCacheChanged, resolveConnection, type CoreContext } from '../core-context.js';
import type { WellRow } from '../units/well-units.js';
import type { StoredFit } from './decline-fits-repo.js';
import { fitStream } from './fit-stream.js';
import { historyNote } from './well-history.js';
import { lastProducingIndex, readStreamSeries } from './well-series.js';

/**
 * "Forecast all wells": fits one stream of every well of a project from the
 * production on this computer (nothing is fetched; `missingProduction` counts
 * the wells to download first), one well at a time, yielding to the event loop
 * between wells so every other handler keeps answering, and saving the fits a
 * few wells at a time (`fitted` counts the saved ones). One run at a time per
 * core: starting while one runs answers the running one's status. Cancel stops
 * between wells; the fits saved so far stay.
 *
 * Every well ends in exactly one place: fitted (and in `poor` when the fit is
 * poor), `kept` or `skipped`, with why. A fit is work the person did when they
 * edited its parameters or saved it on another basis than the run's (other
 * rates, or a window they chose): it is kept, and listed, unless the run was
 * started with `replaceKept`. Every fit the run saves goes into the stream's
 * history too, so a replaced one can be restored.
 */

/** The wells table re-reads after this many wells, not after each one. */
const ANNOUNCE_EVERY = 25;

/**
 * Fits are saved this many wells at a time, in one transaction: a commit waits
 * for the disk (synchronous=FULL), and one per well cost a fifth of the run.
 * The run still gives way to other handlers after every well.
 */
const SAVE_EVERY = 10;

/** Default frequency: monthly rates, the usual basis of a field-wide forecast (and fast). */
const DEFAULT_FREQUENCY = 'monthly';

export class ForecastAll {
  private status: ForecastAllStatus = idleStatus(null, 'oil');
  private connectionId: string | null = null;
  private cancelRequested = false;
  private run: Promise<void> | null = null;
  /** Wells of the run whose whole history could not be brought here (offline). */
  private notWhole: ReadonlySet<string> = new Set();

  constructor(private readonly ctx: CoreContext) {}

  /** Stops the project's run, if it is the one going on; answers its status. */
  cancel(connectionId: string, projectId: string): ForecastAllStatus {
    if (this.isRunning() && this.matches(connectionId, projectId)) this.cancelRequested = true;
    return this.statusOf(connectionId, projectId);
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

  statusOf(connectionId: string, projectId: string): ForecastAllStatus {
    if (this.matches(connectionId, projectId)) return snapshot(this.status);
    return idleStatus(projectId, this.status.stream);
  }

  start(args: ForecastAllStartArgs): ForecastAllStatus {
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
    const wells = ctx.wells.query(connection.id, args.projectId, {}).rows;
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
    wells: WellRow[],
  ): Promise<void> {
    const { ctx, status } = this;
    const frequency = args.frequency ?? DEFAULT_FREQUENCY;
    const settings = ctx.declineSettings.get(connectionId, args.projectId, unitSystem);
    const replaceKept = args.replaceKept === true;
    // Read once, so such wells are not fitted for nothing; a fit saved during the run is
    // looked at again when the run's fit is saved.
    const kept = new Map<string, Keep>();
    if (!replaceKept) {
      for (const fit of ctx.declineFits.ofProject(connectionId, args.projectId)) {
        const keep = fit.stream === args.stream ? keepOf(fit, frequency) : null;
        if (keep) kept.set(fit.wellId, keep);
      }
    }
    const pending: Pending[] = [];
    try {
      await this.bringHistory(connectionId, args.projectId, wells);
      // The person's own work: background replication waits between its wells meanwhile.
      await ctx.foreground.track(async () => {
        for (const well of wells) {
          // Between wells: let every other handler, event and timer run.
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (this.cancelRequested || ctx.refresher.closed) {
            status.state = 'cancelled';
            break;
          }
          const fit = this.fitOne(connectionId, args, frequency, settings, well, kept);
          if (fit) pending.push({ well, fit });
          status.done++;
          if (pending.length >= SAVE_EVERY)
            this.save(connectionId, pending, frequency, replaceKept);
          if (status.done % ANNOUNCE_EVERY === 0) this.announce(connectionId);
          ctx.events.emit('forecast-all-progress', snapshot(status));
        }
      });
      // Cancelled or done: the fits made so far are kept.
      if (!ctx.refresher.closed) this.save(connectionId, pending, frequency, replaceKept);
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

  /** Every well's whole history on this computer first (see bringHistory); cancel stops the wait. */
  private async bringHistory(
    connectionId: string,
    projectId: string,
    wells: readonly WellRow[],
  ): Promise<void> {
    const { ctx, status } = this;
    this.notWhole = new Set();
    const stop = new AbortController();
    const watch = setInterval(() => {
      if (this.cancelRequested || ctx.refresher.closed) stop.abort();
    }, 100);
    try {
      const notWhole = await bringHistory(
        ctx,
        connectionId,
        projectId,
        wells.map((well) => well.id),
        (fetching) => {
          status.fetching = fetching;
          ctx.events.emit('forecast-all-progress', snapshot(status));
        },
        stop.signal,
      );
      this.notWhole = notWhole;
      status.notWhole = notWhole.size;
    } catch (error) {
      if (!stop.signal.aborted) throw error;
    } finally {
      clearInterval(watch);
    }
  }

  /** The well's fit to save, or null when it is skipped (and listed with why). */
  private fitOne(
    connectionId: string,
    args: ForecastAllStartArgs,
    frequency: 'daily' | 'monthly',
    settings: ReturnType<CoreContext['declineSettings']['get']>,
    well: WellRow,
    kept: ReadonlyMap<string, Keep>,
  ): StoredFit | null {
    const { ctx, status } = this;
    const { stream } = args;
    const series = readStreamSeries(ctx, connectionId, well.id, stream);
    if (series.dates.length === 0) {
      // Whole here and still empty: the server has none either.
      if (!this.notWhole.has(well.id)) {
        this.skip(well, 'No production recorded for this well.');
        return null;
      }
      status.missingProduction++;
      this.skip(
        well,
        'No production on this computer: the server could not be reached to fetch it.',
      );
      return null;
    }
    const last = lastProducingIndex(series);
    if (last === null) {
      this.skip(well, `No ${stream} production (no day with a ${stream} rate above zero).`);
      return null;
    }
    const keep = kept.get(well.id);
    if (keep) {
      this.keep(well, keep, frequency);
      return null;
    }
    let attempt;
    try {
      attempt = fitStream(
        series,
        { projectId: args.projectId, wellId: well.id, stream, frequency, kind: settings.model },
        {
          settings,
          productionVersion: ctx.declineFits.productionVersion(connectionId, well.id),
          savedAt: ctx.now().toISOString(),
          historyNote: historyNote(ctx, connectionId, well, series.dates[last] as string),
        },
      );
    } catch (error) {
      if (!(error instanceof DeclineInputError)) throw error;
      this.skip(well, `Could not be fitted: ${error.message}`);
      return null;
    }
    if (!attempt.ok) {
      this.skip(
        well,
        attempt.code === 'too-few-points'
          ? `Too little history: ${attempt.message}`
          : attempt.code === 'not-declining'
            ? `Not declining: ${attempt.message}`
            : attempt.message,
      );
      return null;
    }
    const notDeclining = attempt.fit.reasons.find((reason) => reason.code === 'not-declining');
    if (notDeclining) {
      this.skip(well, `Not declining: ${notDeclining.message}`);
      return null;
    }
    return attempt.fit;
  }

  /**
   * Saves the pending fits in one transaction and empties the list. A well whose fit is
   * to be kept by now (edited or refitted on another basis during the run) keeps it.
   */
  private save(
    connectionId: string,
    pending: Pending[],
    frequency: DeclineFrequency,
    replaceKept: boolean,
  ): void {
    if (pending.length === 0) return;
    const fits = this.ctx.declineFits;
    const now = this.ctx.now().toISOString();
    const outcomes = fits.transaction(() =>
      pending.map(({ fit }) => {
        const current = replaceKept ? null : fits.get(connectionId, fit.wellId, fit.stream);
        const keep = current ? keepOf(current, frequency) : null;
        if (!keep) fits.save(connectionId, fit, { source: 'forecast-all' }, now);
        return keep;
      }),
    );
    pending.forEach(({ well, fit }, i) => {
      const keep = outcomes[i];
      if (keep) {
        this.keep(well, keep, frequency);
        return;
      }
      this.status.fitted++;
      if (fit.poor) {
        this.status.poor.push({
          wellId: well.id,
          wellName: well.name,
          reason: fit.reasons
            .filter((reason) => reason.code !== 'history-incomplete')
            .map((reason) => reason.message)
            .join(' '),
        });
      }
    });
    pending.length = 0;
  }

  private skip(well: WellRow, reason: string): void {
    this.status.skipped.push({ wellId: well.id, wellName: well.name, reason });
  }

  private keep(well: WellRow, keep: Keep, frequency: DeclineFrequency): void {
    this.status.kept.push({
      wellId: well.id,
      wellName: well.name,
      ...keep,
      reason: keptReason(keep, frequency),
    });
  }

  private announce(connectionId: string): void {
    emitCacheChanged(this.ctx, {
      connectionId,
      kind: 'wells',
      ...(this.status.projectId === null ? {} : { projectId: this.status.projectId }),
    });
  }
}

/** Why a saved fit is kept: the person's work, which a run on its own basis must not undo. */
type Keep = Pick<ForecastAllKept, 'why' | 'frequency'>;

/**
 * Whether the run keeps a saved fit: edited by hand, or saved on another basis than the
 * run's (its rates, or a window the person chose; the run fits the default window).
 */
export function keepOf(
  fit: Pick<StoredFit, 'origin' | 'frequency' | 'windowChosen'>,
  frequency: DeclineFrequency,
): Keep | null {
  if (fit.origin === 'edited') return { why: 'edited', frequency: fit.frequency };
  if (fit.frequency !== frequency) return { why: 'frequency', frequency: fit.frequency };
  if (fit.windowChosen) return { why: 'window', frequency: fit.frequency };
  return null;
}

const REPLACE_HINT =
  'run again with "Replace fits edited by hand or saved on another basis", or fit it again ' +
  'from the well page, to replace it.';

function keptReason(keep: Keep, frequency: DeclineFrequency): string {
  switch (keep.why) {
    case 'edited':
      return `Kept the fit you edited by hand: ${REPLACE_HINT}`;
    case 'frequency':
      return `Kept the fit saved on ${keep.frequency} rates (this run fitted ${frequency} rates): ${REPLACE_HINT}`;
    case 'window':
      return `Kept the fit saved over a window you chose: ${REPLACE_HINT}`;
  }
}

/** A well fitted, its fit not saved yet. */
interface Pending {
  well: WellRow;
  fit: StoredFit;
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
    kept: [],
    missingProduction: 0,
    fetching: 0,
    notWhole: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
}

/** A copy: listeners and callers must not see the run's own arrays change under them. */
function snapshot(status: ForecastAllStatus): ForecastAllStatus {
  return {
    ...status,
    poor: [...status.poor],
    skipped: [...status.skipped],
    kept: [...status.kept],
  };
}
