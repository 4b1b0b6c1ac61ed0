import { setTimeout as sleep } from 'node:timers/promises';
import type { UnitSystem } from '#shared/api/index.js';
import {
  isAbortError,
  type ApiClient,
  type ProjectLatestProduction,
} from '#shared/client/index.js';
import { addDays, utcToday } from '#shared/dates/iso-day.js';
import {
  CoreError,
  type ScreeningFillStartArgs,
  type ScreeningStatus,
} from '#shared/desktop/index.js';
import { SCREENING_WINDOW_DAYS } from '#shared/production/screening.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { DateInterval } from '../cache/date-intervals.js';
import {
  callServer,
  emitCacheChanged,
  resolveConnection,
  writeIfConnected,
  type CoreContext,
} from '../core-context.js';
import { isOfflineError } from '../core-errors.js';
import { judgeWellFailure } from '../download/failure-policy.js';
import { fetchAndStore } from '../download/well-fetch.js';
import { cachedWindow, figuresFromCache } from './figures-from-cache.js';
import { figuresFromSummary } from './figures-from-summary.js';
import type { ScreeningRepo, ScreeningSource } from './screening-repo.js';

/**
 * The wells table's screening fill: for the project in view, the figures of
 * every well that has none, or stale ones (older than STALE_AFTER_MS, or
 * computed before the well's cached rows last changed), in the background,
 * one run at a time. In order:
 *
 * 1. from the cache, for wells whose last SCREENING_WINDOW_DAYS it holds,
 *    fetched within STALE_AFTER_MS: no request;
 * 2. from the server's project summary, one request, where its OpenAPI
 *    document offers it (an extension of ours);
 * 3. otherwise the window of each remaining well (one production read each,
 *    kept in the cache like any read), a couple at a time: the client's rate
 *    limiter paces them to the plan, and a 429 that outlasts its retries is
 *    waited out as the offline download does (download/failure-policy.ts).
 *
 * Offline (at the start or midway), wells without figures get them from
 * whatever rows the cache holds, dated by when those were fetched; the status
 * says `offline` and the project's oldest "as of". Starting for another
 * project cancels the run in progress (the table left its project).
 */

/** Figures older than this are fetched again: production arrives daily. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
/** Reads in flight at once: a background task leaves the plan's rate to the person's own clicks. */
export const PER_WELL_CONCURRENCY = 2;
/** The wells table re-reads after this many wells, not after each one. */
const ANNOUNCE_EVERY = 25;
/**
 * Wells of the server's summary written per transaction, the event loop free between: 100
 * take a few milliseconds, so a keystroke's wells-list waits no longer than that.
 */
const SUMMARY_SLICE = 100;
/** The summary's progress is told at most this often (each event renders the table's note). */
const PROGRESS_EVERY_MS = 200;
/**
 * A summary asked for by a run cancelled before it arrived serves the next run of the
 * project for this long: the table leaving its project and coming back does not make the
 * server build 20,000 wells' figures again.
 */
const SUMMARY_REUSE_MS = 60_000;

interface WellRef {
  id: string;
  name: string;
}

interface Run {
  connection: ConnectionRow;
  projectId: string;
  unitSystem: UnitSystem;
  status: ScreeningStatus;
  controller: AbortController;
  /** Wells not yet done. */
  pending: Set<string>;
  /** Wells that had figures when the run started (kept as they are when offline). */
  hadFigures: Set<string>;
}

export class ScreeningFill {
  private current: Run | null = null;
  /** The last run's start, so the next one's is always later (the table keeps the later run). */
  private lastStartedAt = 0;
  /** Numbers the runs: each is its own background task, whatever the clock says. */
  private runs = 0;
  /** Summaries asked for and not yet written, by connection and project (SUMMARY_REUSE_MS). */
  private readonly summaries = new Map<
    string,
    { askedAt: number; answer: Promise<ProjectLatestProduction> }
  >();

  constructor(
    private readonly ctx: CoreContext,
    private readonly repo: ScreeningRepo,
  ) {}

  /** Stops the project's run, if it is the one going on; answers its status. */
  cancel(connectionId: string, projectId: string): ScreeningStatus {
    const run = this.current;
    if (run && this.matches(run, connectionId, projectId) && isRunning(run)) {
      run.controller.abort();
    }
    return this.statusOf(connectionId, projectId);
  }

  private matches(run: Run, connectionId: string, projectId: string): boolean {
    return run.connection.id === connectionId && run.projectId === projectId;
  }

  statusOf(connectionId: string, projectId: string): ScreeningStatus {
    const run = this.current;
    if (run && this.matches(run, connectionId, projectId)) return { ...run.status };
    return {
      ...idleStatus(projectId),
      asOf: this.repo.oldestAsOf(connectionId, projectId),
    };
  }

  start(args: ScreeningFillStartArgs): ScreeningStatus {
    const { ctx, repo } = this;
    const connection = resolveConnection(ctx, args.connectionId);
    const running = this.current;
    // A cancelled run still says `running` until it notices, between wells: a start that
    // comes meanwhile (the table left the project and came back, its cancel and this start
    // one after the other) starts afresh rather than answer with a run about to stop.
    if (running && isRunning(running) && !running.controller.signal.aborted) {
      if (this.matches(running, connection.id, args.projectId)) return { ...running.status };
      running.controller.abort();
    }
    const project = ctx.projects.get(connection.id, args.projectId);
    if (!project) {
      throw new CoreError(
        'not-found',
        `Project ${args.projectId} is not on this computer: open it while connected first.`,
      );
    }
    // Ids and names only: the list's whole rows would hold every other handler meanwhile.
    const wells = ctx.wells.refs(connection.id, args.projectId);
    const states = repo.states(connection.id, args.projectId);
    const versions = repo.versions(connection.id, args.projectId);
    const now = ctx.now().getTime();
    this.lastStartedAt = Math.max(now, this.lastStartedAt + 1);
    const needs = wells.filter((well) => {
      const state = states.get(well.id);
      return (
        state === undefined ||
        now - Date.parse(state.asOf) > STALE_AFTER_MS ||
        state.version !== (versions.get(well.id) ?? 0)
      );
    });
    const run: Run = {
      connection,
      projectId: args.projectId,
      unitSystem: project.unitSystem,
      status: {
        ...idleStatus(args.projectId),
        state: 'running',
        total: needs.length,
        asOf: repo.oldestAsOf(connection.id, args.projectId),
        startedAt: new Date(this.lastStartedAt).toISOString(),
      },
      controller: new AbortController(),
      pending: new Set(needs.map((well) => well.id)),
      hadFigures: new Set(states.keys()),
    };
    this.current = run;
    ctx.refresher.background(
      `screening:${connection.id}:${args.projectId}:${++this.runs}`,
      (closing) => this.fill(run, needs, closing),
      (error) => ctx.log({ level: 'error', message: 'The screening fill failed', error }),
    );
    return { ...run.status };
  }

  private async fill(run: Run, wells: WellRef[], closing: AbortSignal): Promise<void> {
    const { ctx } = this;
    const signal = AbortSignal.any([closing, run.controller.signal]);
    const today = utcToday(ctx.now());
    const window = { from: addDays(today, -(SCREENING_WINDOW_DAYS - 1)), to: today };
    try {
      const remaining: WellRef[] = [];
      for (const [index, well] of wells.entries()) {
        if (index % 50 === 0) await yieldToLoop();
        signal.throwIfAborted();
        const held = cachedWindow(ctx, run.connection.id, well.id, window);
        if (held?.complete && this.isFresh(held.fetchedAt)) {
          this.saveFromCache(run, well, window, held.fetchedAt);
        } else {
          remaining.push(well);
        }
      }
      if (remaining.length === 0) {
        if (wells.length > 0) run.status.path = 'cache';
        // Nothing to update, but the figures shown are only as current as the last contact.
        if (ctx.offline.has(run.connection.id)) run.status.state = 'offline';
      } else if (ctx.offline.has(run.connection.id)) {
        this.fillOffline(run, remaining);
      } else {
        await callServer(ctx, run.connection, (client) =>
          this.fillFromServer(run, client, remaining, window, signal, closing),
        );
      }
      if (run.status.state === 'running') run.status.state = 'done';
    } catch (error) {
      if (isAbortError(error) || signal.aborted) {
        run.status.state = 'cancelled';
      } else if (isOfflineError(error)) {
        this.fillOffline(
          run,
          wells.filter((well) => run.pending.has(well.id)),
        );
      } else {
        run.status.state = 'failed';
        run.status.error = error instanceof Error ? error.message : String(error);
        ctx.log({ level: 'error', message: 'The screening fill failed', error });
      }
    }
    run.status.finishedAt = ctx.now().toISOString();
    if (!ctx.refresher.closed) {
      run.status.asOf = this.repo.oldestAsOf(run.connection.id, run.projectId);
      this.announce(run);
      ctx.events.emit('screening-progress', { ...run.status });
    }
  }

  private async fillFromServer(
    run: Run,
    client: ApiClient,
    wells: WellRef[],
    window: DateInterval,
    signal: AbortSignal,
    closing: AbortSignal,
  ): Promise<void> {
    if (await client.offersProjectLatestProduction({ signal })) {
      run.status.path = 'summary';
      const key = `${run.connection.id}:${run.projectId}`;
      let asked = this.summaries.get(key);
      if (!asked || Date.now() - asked.askedAt > SUMMARY_REUSE_MS) {
        run.status.requests++;
        // On the core's signal only: a cancelled run leaves the answer to the next one.
        const answer = client.getProjectLatestProduction(run.projectId, { signal: closing });
        const entry = { askedAt: Date.now(), answer };
        asked = entry;
        this.summaries.set(key, entry);
        answer.catch(() => {
          if (this.summaries.get(key) === entry) this.summaries.delete(key);
        });
      }
      const summary = await untilAborted(asked.answer, signal);
      this.summaries.delete(key);
      const byId = new Map(summary.data.map((well) => [well.wellId, well]));
      const at = this.ctx.now().toISOString();
      // In slices, yielding between them: 20,000 wells in one go would hold every other
      // handler (a keystroke's wells-list) for as long as the writes take.
      let toldAt = 0;
      for (let start = 0; start < wells.length; start += SUMMARY_SLICE) {
        await yieldToLoop();
        signal.throwIfAborted();
        const slice = wells.slice(start, start + SUMMARY_SLICE);
        writeIfConnected(this.ctx, run.connection.id, () => {
          for (const well of slice) {
            const item = byId.get(well.id);
            if (item) this.save(run, well, figuresFromSummary(item, run.unitSystem), at, 'summary');
          }
        });
        for (const well of slice) this.done(run, well, false);
        if (performance.now() - toldAt >= PROGRESS_EVERY_MS) {
          toldAt = performance.now();
          this.ctx.events.emit('screening-progress', { ...run.status });
        }
      }
      return;
    }
    run.status.path = 'per-well';
    await this.fillPerWell(run, client, wells, window, signal);
  }

  private async fillPerWell(
    run: Run,
    client: ApiClient,
    wells: WellRef[],
    window: DateInterval,
    signal: AbortSignal,
  ): Promise<void> {
    const queue = [...wells];
    // One worker's fatal error (offline, 401, cancel) stops the other at once.
    const fatal = new AbortController();
    const stop = AbortSignal.any([signal, fatal.signal]);
    let failure: { error: unknown } | undefined;
    const spec = { connection: run.connection, projectId: run.projectId, range: window };
    const fetchWell = async (well: WellRef) => {
      for (let rateRetries = 0; ; rateRetries++) {
        try {
          run.status.requests++;
          const stored = await fetchAndStore(
            this.ctx,
            spec,
            client,
            { ...well, gaps: [window] },
            // Not held, or held but older than the screening's freshness: read whatever is held.
            { unitSystem: run.unitSystem, again: true },
            stop,
          );
          if (stored !== null) {
            const at = this.ctx.now().toISOString();
            writeIfConnected(this.ctx, run.connection.id, () =>
              this.save(
                run,
                well,
                figuresFromCache(
                  this.ctx,
                  run.connection.id,
                  well.id,
                  window,
                  this.repo.latestProducingDay(run.connection.id, well.id),
                ),
                at,
                'cache',
              ),
            );
          }
          this.done(run, well);
          return;
        } catch (error) {
          const verdict = judgeWellFailure(error, rateRetries);
          if (verdict.kind === 'stop') throw error;
          if (verdict.kind === 'retry') {
            await sleep(verdict.afterMs, undefined, { signal: stop });
            continue;
          }
          // This well only (gone, refused): the others go on; it stays without figures.
          this.ctx.log({
            level: 'warn',
            message: `Screening figures of well ${well.name} could not be read`,
            error: verdict.error,
          });
          this.done(run, well);
          return;
        }
      }
    };
    const worker = async () => {
      for (let well = queue.shift(); well && !stop.aborted; well = queue.shift()) {
        await fetchWell(well);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(PER_WELL_CONCURRENCY, queue.length) }, () =>
        worker().catch((error: unknown) => {
          failure ??= { error };
          fatal.abort();
        }),
      ),
    );
    if (failure) throw failure.error;
    signal.throwIfAborted();
  }

  /**
   * No server: wells without figures get them from the rows the cache holds,
   * over the window ending at their latest cached producing day, dated by when
   * those rows were fetched. Wells with (stale) figures keep them.
   */
  private fillOffline(run: Run, wells: WellRef[]): void {
    const { ctx } = this;
    run.status.state = 'offline';
    run.status.path ??= 'cache';
    for (const well of wells) {
      const last = ctx.wells.get(run.connection.id, well.id)?.lastProductionDate ?? null;
      if (!run.hadFigures.has(well.id) && last !== null) {
        const window = { from: addDays(last, -(SCREENING_WINDOW_DAYS - 1)), to: last };
        const held = cachedWindow(ctx, run.connection.id, well.id, window);
        if (held) this.saveFromCache(run, well, window, held.fetchedAt);
      }
      this.done(run, well, false);
    }
  }

  private saveFromCache(run: Run, well: WellRef, window: DateInterval, asOf: string): void {
    const last = this.repo.latestProducingDay(run.connection.id, well.id);
    const figures = figuresFromCache(this.ctx, run.connection.id, well.id, window, last);
    writeIfConnected(this.ctx, run.connection.id, () =>
      this.save(run, well, figures, asOf, 'cache'),
    );
    this.done(run, well);
  }

  private save(
    run: Run,
    well: WellRef,
    figures: Parameters<ScreeningRepo['save']>[2],
    asOf: string,
    source: ScreeningSource,
  ): void {
    // The well may have left the project meanwhile (a refresh): its figures have no row to join.
    if (!this.repo.hasWell(run.connection.id, well.id)) return;
    const version = this.repo.version(run.connection.id, well.id);
    this.repo.save(run.connection.id, well.id, figures, { asOf, source, version });
  }

  private done(run: Run, well: WellRef, tell = true): void {
    if (!run.pending.delete(well.id)) return;
    run.status.done++;
    if (!tell) return;
    if (run.status.done % ANNOUNCE_EVERY === 0) this.announce(run);
    this.ctx.events.emit('screening-progress', { ...run.status });
  }

  private isFresh(fetchedAt: string): boolean {
    return this.ctx.now().getTime() - Date.parse(fetchedAt) <= STALE_AFTER_MS;
  }

  private announce(run: Run): void {
    emitCacheChanged(this.ctx, {
      connectionId: run.connection.id,
      kind: 'wells',
      projectId: run.projectId,
    });
  }
}

function isRunning(run: Run): boolean {
  return run.status.state === 'running';
}

function idleStatus(projectId: string): ScreeningStatus {
  return {
    projectId,
    state: 'idle',
    total: 0,
    done: 0,
    requests: 0,
    path: null,
    asOf: null,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
}

/** `promise`, or the abort of `signal` if that comes first (the promise goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
