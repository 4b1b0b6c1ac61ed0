import { setTimeout as sleep } from 'node:timers/promises';
import {
  CoreError,
  HISTORY_START,
  type IpcError,
  type ReplicaListResult,
  type ReplicaPhase,
  type ReplicaSettings,
  type ReplicaSettingsSaveArgs,
  type ReplicaState,
  type ReplicaStatus,
} from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { DateInterval } from '../cache/date-intervals.js';
import { isOfflineError, toCoreError } from '../core-errors.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { DownloadLog } from '../download/download-log.js';
import { OfflineAvailabilityQuery } from '../download/offline-availability.js';
import { ReplicaCountsQuery } from './replica-counts.js';
import { ReplicaRepo, type ReplicaRow } from './replica-repo.js';
import { replicateProject } from './replica-run.js';
import { fetchWellDays } from './well-days-fetch.js';
import {
  firstDayToKeep,
  pendingEdits,
  removeProjectDays,
  ROW_BYTES_GUESS,
  rowBytes,
} from './replica-storage.js';

/**
 * The working set kept on this computer. Projects replicate one at a time, in the order they
 * were asked for (the project the person opens goes first); each run is resumable (see
 * replica-run.ts). Kept projects are checked again every REFRESH_EVERY_MS, and when the
 * server answers again after being offline. A project not opened for the settings' days is
 * released (its days removed; never a pinned one or one with queued edits); over the storage
 * budget a project keeps its newest days.
 *
 * Analyses call `ensure` for the wells they need: those go to the front of the run, and the
 * call returns once they are whole here, or says which are missing when they cannot be.
 */

/** Kept projects are checked against the server this often while the app runs. */
export const REFRESH_EVERY_MS = 10 * 60_000;
/**
 * Wells fetched at once in the background: one, so the core's one thread (which, with the
 * demo workspace, also runs the server) always has room for what the person does; two made
 * the app sluggish while a project replicated. A download asked for by hand takes 4.
 */
export const REPLICA_CONCURRENCY = 1;
/** The longest rest between two background wells (see `turn` in runOne). */
const MAX_REST_MS = 250;
/** A cancel lets the wells on the wire finish this long before aborting them. */
const STOP_GRACE_MS = 1_000;
/** Status events per project at most this often (each is three indexed counts). */
const EMIT_EVERY_MS = 250;
/** How old progress's counts of recent and complete wells may be (ReplicaCountsQuery.get). */
const PROGRESS_COUNTS_STALE_MS = 2_000;

/** The process's processor time so far (user and system), in microseconds. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

const DAY_MS = 86_400_000;

interface Job {
  key: string;
  connectionId: string;
  projectId: string;
  phase: ReplicaPhase;
  rateLimitedUntil: string | null;
  stop: AbortController;
  abort: AbortController;
  settled: Promise<void>;
}

export interface EnsureOutcome {
  /** Wells asked for that are not whole on this computer. */
  missing: string[];
  /** The server could not be reached, so the missing wells could not be fetched. */
  offline: boolean;
}

export class Replicator {
  readonly repo: ReplicaRepo;
  private readonly counts: ReplicaCountsQuery;
  private readonly log: DownloadLog;
  private readonly availability: OfflineAvailabilityQuery;
  private readonly queue: string[] = [];
  private job: Job | null = null;
  private pumping = false;
  private readonly problems = new Map<string, { state: 'offline' | 'failed'; error: IpcError }>();
  private readonly hurried = new Map<string, Set<string>>();
  private readonly moved = new Set<() => void>();
  private readonly lastEmit = new Map<string, number>();
  private readonly emitTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly unsubscribe: () => void;
  private rowBytes: number | null = null;
  private rowBytesAt = -Infinity;

  constructor(private readonly ctx: CoreContext) {
    this.repo = new ReplicaRepo(ctx.db);
    this.counts = new ReplicaCountsQuery(ctx.db, ctx.production, ctx.coverage);
    this.log = new DownloadLog(ctx.db, ctx);
    this.availability = new OfflineAvailabilityQuery(ctx.db);
    this.timer = setInterval(() => this.checkAll(), REFRESH_EVERY_MS);
    this.timer.unref?.();
    // The server answers again: what stopped for the network goes on.
    this.unsubscribe = ctx.events.on('sync-status-changed', (status) => {
      if (status.reachability !== 'reachable') return;
      for (const [key, problem] of this.problems) {
        if (problem.state === 'offline' && key.startsWith(`${status.connectionId}\u0000`)) {
          this.problems.delete(key);
          this.enqueue(key, false);
        }
      }
    });
  }

  /** At start: release what is due, then resume every kept project (a crash's run included). */
  start(): void {
    this.releaseIdle();
    this.checkAll();
  }

  open(args: { connectionId?: string | undefined; projectId: string }): ReplicaStatus {
    const connection = resolveConnection(this.ctx, args.connectionId);
    const row = this.repo.update(connection.id, args.projectId, {
      lastOpenedAt: this.ctx.now().toISOString(),
    });
    if (row.kept && !row.paused) this.enqueue(keyOf(connection.id, args.projectId), true);
    return this.status(args);
  }

  pin(args: { connectionId?: string | undefined; projectId: string; pinned: boolean }) {
    const connection = resolveConnection(this.ctx, args.connectionId);
    const row = this.repo.update(connection.id, args.projectId, {
      pinned: args.pinned,
      ...(args.pinned ? { kept: true } : {}),
    });
    if (row.kept && !row.paused) this.enqueue(keyOf(connection.id, args.projectId), false);
    return this.emitNow(connection.id, args.projectId);
  }

  async pause(args: { connectionId?: string | undefined; projectId: string }) {
    const connection = resolveConnection(this.ctx, args.connectionId);
    this.repo.update(connection.id, args.projectId, { paused: true });
    await this.stop(keyOf(connection.id, args.projectId));
    return this.emitNow(connection.id, args.projectId);
  }

  resume(args: { connectionId?: string | undefined; projectId: string }): ReplicaStatus {
    const connection = resolveConnection(this.ctx, args.connectionId);
    this.repo.update(connection.id, args.projectId, { paused: false, kept: true });
    const key = keyOf(connection.id, args.projectId);
    this.problems.delete(key);
    this.enqueue(key, true);
    return this.emitNow(connection.id, args.projectId);
  }

  /** Stops keeping the project: the run stops, the days already here stay. */
  async cancel(args: { connectionId?: string | undefined; projectId: string }) {
    const connection = resolveConnection(this.ctx, args.connectionId);
    this.repo.update(connection.id, args.projectId, { kept: false, paused: false, pinned: false });
    await this.stop(keyOf(connection.id, args.projectId));
    return this.emitNow(connection.id, args.projectId);
  }

  async remove(args: { connectionId?: string | undefined; projectId: string }) {
    const connection = resolveConnection(this.ctx, args.connectionId);
    const pending = pendingEdits(this.ctx.db, connection.id, args.projectId);
    if (pending > 0) {
      throw new CoreError(
        'conflict',
        `${this.projectName(connection.id, args.projectId)} has ${pending} edit${pending === 1 ? '' : 's'} not yet sent to the server; sync or discard ${pending === 1 ? 'it' : 'them'} before removing the project from this computer.`,
      );
    }
    this.repo.update(connection.id, args.projectId, { kept: false, paused: false, pinned: false });
    await this.stop(keyOf(connection.id, args.projectId));
    removeProjectDays(this.ctx, connection.id, args.projectId, null);
    this.counts.forget(connection.id, args.projectId);
    this.repo.update(connection.id, args.projectId, {
      asOf: null,
      targetTo: null,
      dataVersion: null,
      leftOutBefore: null,
    });
    return this.emitNow(connection.id, args.projectId);
  }

  status(args: { connectionId?: string | undefined; projectId: string }): ReplicaStatus {
    const connection = resolveConnection(this.ctx, args.connectionId);
    return this.statusOf(connection.id, args.projectId);
  }

  list(args: { connectionId?: string | undefined }): ReplicaListResult {
    const connection = resolveConnection(this.ctx, args.connectionId);
    this.measureRowBytes();
    const projects = this.repo
      .list(connection.id)
      .map((row) => this.statusOf(connection.id, row.projectId));
    return {
      projects,
      settings: this.repo.settings(),
      totalBytes: projects.reduce((sum, project) => sum + project.bytes, 0),
    };
  }

  saveSettings(args: ReplicaSettingsSaveArgs): ReplicaSettings {
    const settings = { ...this.repo.settings(), ...definedOnly(args) };
    this.repo.saveSettings(settings);
    this.releaseIdle();
    return settings;
  }

  /**
   * Waits until `wellIds` (every well of the project: null) are whole here, fetching them
   * first. Returns at once offline, with what is missing; `moved` is called as wells arrive.
   */
  async ensure(
    connection: ConnectionRow,
    projectId: string,
    wellIds: readonly string[] | null,
    signal: AbortSignal,
    moved?: (missing: number) => void,
  ): Promise<EnsureOutcome> {
    const key = keyOf(connection.id, projectId);
    let missing = this.missing(connection.id, projectId, wellIds);
    if (missing.length === 0) return { missing, offline: false };
    // The person's own "stop keeping" or pause stands: the analysis then says what is missing.
    const row = this.repo.get(connection.id, projectId);
    if (row && (!row.kept || row.paused)) return { missing, offline: false };
    // An analysis is a use of the project: it is not released as unopened.
    this.repo.update(connection.id, projectId, { lastOpenedAt: this.ctx.now().toISOString() });
    const hurried = this.hurried.get(key) ?? new Set<string>();
    for (const id of missing) hurried.add(id);
    this.hurried.set(key, hurried);
    this.problems.delete(key);
    this.enqueue(key, true);
    moved?.(missing.length);
    try {
      for (;;) {
        await this.nextMove(signal);
        missing = this.missing(connection.id, projectId, wellIds);
        moved?.(missing.length);
        const active = this.job?.key === key || this.queue.includes(key);
        if (missing.length === 0 || !active) {
          return { missing, offline: this.problems.get(key)?.state === 'offline' };
        }
      }
    } finally {
      for (const id of wellIds ?? []) hurried.delete(id);
      if (wellIds === null) hurried.clear();
    }
  }

  /**
   * A read the person waits on (a chart, a records grid, a fit) lacks these days of a well:
   * they are fetched now, while the background waits between its wells, and only what the
   * coverage still lacks once a fetch of the well already on the wire has landed (`again`:
   * all of them, a refresh the person asked for). Rejects offline, as the read's caller
   * expects.
   */
  hurry(
    connection: ConnectionRow,
    projectId: string,
    wellId: string,
    ranges: readonly DateInterval[],
    again = false,
  ): Promise<void> {
    const key = `${connection.id}:production:${wellId}:${again}:${JSON.stringify(ranges)}`;
    return this.ctx.foreground.track(() =>
      this.ctx.refresher.run(key, (signal) =>
        fetchWellDays(this.ctx, connection, projectId, wellId, ranges, again, signal),
      ),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const timer of this.emitTimers.values()) clearTimeout(timer);
    this.queue.length = 0;
    if (this.job) await this.stop(this.job.key);
  }

  // — the queue —

  private enqueue(key: string, front: boolean): void {
    if (this.job?.key === key) return;
    if (front) this.preemptFor(key);
    const at = this.queue.indexOf(key);
    if (at >= 0) {
      if (!front || at === 0) return;
      this.queue.splice(at, 1);
    }
    if (front) this.queue.unshift(key);
    else this.queue.push(key);
    const [connectionId, projectId] = splitKey(key);
    this.emitSoon(connectionId, projectId);
    this.pump();
  }

  /**
   * The project asked for goes first: the run of another one stops gently (its wells on the
   * wire finish and are kept) and goes back in the queue right behind, to resume later.
   */
  private preemptFor(key: string): void {
    const job = this.job;
    if (!job || job.key === key || job.stop.signal.aborted) return;
    job.stop.abort();
    setTimeout(() => job.abort.abort(), STOP_GRACE_MS).unref?.();
    if (!this.queue.includes(job.key)) this.queue.unshift(job.key);
  }

  private pump(): void {
    if (this.pumping || this.ctx.refresher.closed) return;
    this.pumping = true;
    this.ctx.refresher
      .run('replica:queue', async (closing) => {
        for (let key = this.queue.shift(); key && !closing.aborted; key = this.queue.shift()) {
          await this.runOne(key, closing);
        }
      })
      .catch(() => {})
      .finally(() => {
        this.pumping = false;
        // Asked for while the last run was ending.
        if (this.queue.length > 0) this.pump();
      });
  }

  private async runOne(key: string, closing: AbortSignal): Promise<void> {
    const [connectionId, projectId] = splitKey(key);
    const row = this.repo.get(connectionId, projectId);
    const connection = this.ctx.connections.get(connectionId);
    if (!row || !row.kept || row.paused || !connection) return;
    let finish!: () => void;
    const job: Job = {
      key,
      connectionId,
      projectId,
      phase: 'wells',
      rateLimitedUntil: null,
      stop: new AbortController(),
      abort: new AbortController(),
      settled: new Promise((resolve) => (finish = resolve)),
    };
    this.job = job;
    this.problems.delete(key);
    this.emitNow(connectionId, projectId);
    // The core's CPU time (µs) when the last well started: a well's own work is what it cost.
    let lastTurn: number | null = null;
    try {
      await replicateProject(
        this.ctx,
        { connection, projectId, row },
        {
          signal: AbortSignal.any([closing, job.abort.signal]),
          stopping: job.stop.signal,
          first: () => this.hurried.get(key) ?? new Set(),
          // Background work: one well at a time, and the person's own reads go first.
          concurrency: REPLICA_CONCURRENCY,
          turn: async (signal) => {
            // Nobody waits for these wells: rest about as long as the last one took, so
            // keeping a project takes at most half of a busy laptop's core.
            const waitedFor = (this.hurried.get(key)?.size ?? 0) > 0;
            if (!waitedFor && lastTurn !== null) {
              // Time on the wire costs the laptop nothing: rest for the processor time only.
              const rest = Math.min(MAX_REST_MS, (cpuMicros() - lastTurn) / 1000);
              await sleep(rest, undefined, { signal });
            }
            await this.ctx.foreground.quiet(signal);
            // A turn of the event loop between wells: a click waits for one well, not a run.
            await new Promise((resolve) => setImmediate(resolve));
            lastTurn = cpuMicros();
          },
        },
        {
          repo: this.repo,
          log: this.log,
          availability: this.availability,
          phase: (phase) => {
            job.phase = phase;
            this.progressed(connectionId, projectId);
          },
          moved: (rateLimitedUntil) => {
            job.rateLimitedUntil = rateLimitedUntil;
            this.progressed(connectionId, projectId);
          },
        },
      );
      this.keepWithinBudget(connectionId, projectId);
    } catch (error) {
      if (!job.stop.signal.aborted && !closing.aborted) {
        const problem = toCoreError(error, 'replica-open', this.ctx.log).toJSON();
        this.problems.set(key, {
          state: isOfflineError(error) ? 'offline' : 'failed',
          error: problem,
        });
        if (!isOfflineError(error)) {
          this.ctx.log({
            level: 'warn',
            message: `Keeping project ${projectId} failed: ${problem.message}`,
          });
        }
      }
    } finally {
      this.job = null;
      finish();
      this.emitNow(connectionId, projectId);
      this.wakeWaiters();
    }
  }

  private async stop(key: string): Promise<void> {
    const at = this.queue.indexOf(key);
    if (at >= 0) this.queue.splice(at, 1);
    const job = this.job;
    if (job?.key !== key) return;
    job.stop.abort();
    const timer = setTimeout(() => job.abort.abort(), STOP_GRACE_MS);
    try {
      await job.settled;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every kept project opened within the release window (or pinned) is checked. */
  private checkAll(): void {
    const { releaseAfterDays } = this.repo.settings();
    const since = this.ctx.now().getTime() - releaseAfterDays * DAY_MS;
    for (const row of this.repo.all()) {
      if (!row.kept || row.paused || !this.ctx.connections.get(row.connectionId)) continue;
      const opened = row.lastOpenedAt !== null && Date.parse(row.lastOpenedAt) >= since;
      if (row.pinned || opened) this.enqueue(keyOf(row.connectionId, row.projectId), false);
    }
  }

  // — storage —

  /** Releases the days of kept projects not opened for the settings' days. */
  private releaseIdle(): void {
    const { releaseAfterDays } = this.repo.settings();
    const since = this.ctx.now().getTime() - releaseAfterDays * DAY_MS;
    for (const row of this.repo.all()) {
      if (
        row.pinned ||
        row.targetTo === null ||
        this.job?.key === keyOf(row.connectionId, row.projectId)
      )
        continue;
      if (row.lastOpenedAt !== null && Date.parse(row.lastOpenedAt) >= since) continue;
      if (pendingEdits(this.ctx.db, row.connectionId, row.projectId) > 0) continue;
      removeProjectDays(this.ctx, row.connectionId, row.projectId, null);
      this.repo.update(row.connectionId, row.projectId, {
        asOf: null,
        targetTo: null,
        dataVersion: null,
        leftOutBefore: null,
      });
      this.ctx.log({
        level: 'info',
        message: `Released project ${row.projectId} from this computer: not opened for ${releaseAfterDays} days.`,
      });
    }
  }

  /** Over the budget, the project just replicated keeps its newest days that fit. */
  private keepWithinBudget(connectionId: string, projectId: string): void {
    const { budgetBytes } = this.repo.settings();
    const perRow = this.measureRowBytes();
    let others = 0;
    let own = { days: 0, packedBytes: 0 };
    for (const row of this.repo.all()) {
      const counts = this.counts.get(row.connectionId, row.projectId, null, null);
      if (row.connectionId === connectionId && row.projectId === projectId) own = counts;
      else others += counts.packedBytes + counts.days * perRow;
    }
    const ownBytes = own.packedBytes + own.days * perRow;
    if (others + ownBytes <= budgetBytes || own.days === 0) return;
    const perDay = ownBytes / own.days;
    const keepFrom = firstDayToKeep(
      this.ctx.db,
      connectionId,
      projectId,
      (budgetBytes - others) / perDay,
    );
    if (keepFrom === null) return;
    removeProjectDays(this.ctx, connectionId, projectId, keepFrom);
    this.repo.update(connectionId, projectId, { leftOutBefore: keepFrom });
    this.ctx.log({
      level: 'info',
      message: `Project ${projectId} is over the storage budget: days before ${keepFrom} were left out.`,
    });
  }

  /**
   * Bytes a stored day takes beside its packed copy. Measuring walks the rows table's pages
   * (a sixth of a second at 20,000 wells), and the figure hardly moves: measured at most
   * once per refresh interval, not after every run.
   */
  private measureRowBytes(): number {
    const now = performance.now();
    if (this.rowBytes === null || now - this.rowBytesAt >= REFRESH_EVERY_MS) {
      // Too few rows to measure yet: measured again next time.
      this.rowBytes = rowBytes(this.ctx.db);
      this.rowBytesAt = now;
    }
    return this.rowBytes ?? ROW_BYTES_GUESS;
  }

  // — status —

  /** `progress`: a status on the way (counts of covering wells may be a few seconds old). */
  private statusOf(connectionId: string, projectId: string, progress = false): ReplicaStatus {
    const key = keyOf(connectionId, projectId);
    const row = this.repo.get(connectionId, projectId);
    const counts = this.counts.get(
      connectionId,
      projectId,
      row?.targetTo ?? null,
      row?.leftOutBefore ?? null,
      progress ? PROGRESS_COUNTS_STALE_MS : 0,
    );
    const job = this.job?.key === key ? this.job : null;
    const problem = this.problems.get(key);
    return {
      connectionId,
      projectId,
      projectName: this.projectName(connectionId, projectId),
      state: stateOf(row, job !== null, this.queue.includes(key), problem?.state),
      phase: job?.phase ?? null,
      pinned: row?.pinned ?? false,
      wellsTotal: counts.wellsTotal,
      wellsRecent: counts.wellsRecent,
      wellsComplete: counts.wellsComplete,
      days: counts.days,
      bytes: Math.round(counts.packedBytes + counts.days * (this.rowBytes ?? ROW_BYTES_GUESS)),
      asOf: row?.asOf ?? null,
      lastOpenedAt: row?.lastOpenedAt ?? null,
      leftOutBefore: row?.leftOutBefore ?? null,
      rateLimitedUntil: job?.rateLimitedUntil ?? null,
      error: problem?.error ?? null,
    };
  }

  private projectName(connectionId: string, projectId: string): string {
    return this.ctx.projects.get(connectionId, projectId)?.name ?? projectId;
  }

  private missing(connectionId: string, projectId: string, wellIds: readonly string[] | null) {
    const row = this.repo.get(connectionId, projectId);
    const from = row?.leftOutBefore ?? HISTORY_START;
    // A well is whole when it is held from the history's start to the last target (or today's
    // run's, once one started); a project never replicated has no well whole.
    const to = row?.targetTo;
    const ids =
      wellIds ??
      (this.ctx.db
        .prepare('SELECT id FROM wells WHERE connection_id = ? AND project_id = ?')
        .pluck()
        .all(connectionId, projectId) as string[]);
    if (!to) return [...ids];
    const whole = new Set(
      this.ctx.db
        .prepare(
          `SELECT DISTINCT w.id FROM wells w
           JOIN coverage c ON c.connection_id = w.connection_id AND c.well_id = w.id
           WHERE w.connection_id = ? AND w.project_id = ? AND c.from_date <= ? AND c.to_date >= ?`,
        )
        .pluck()
        .all(connectionId, projectId, from, to) as string[],
    );
    return ids.filter((id) => !whole.has(id));
  }

  private progressed(connectionId: string, projectId: string): void {
    this.wakeWaiters();
    this.emitSoon(connectionId, projectId);
  }

  private wakeWaiters(): void {
    const waiting = [...this.moved];
    this.moved.clear();
    for (const wake of waiting) wake();
  }

  private nextMove(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        this.moved.delete(wake);
        reject(abortReason(signal));
      };
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.moved.add(wake);
    });
  }

  private emitNow(connectionId: string, projectId: string, progress = false): ReplicaStatus {
    const key = keyOf(connectionId, projectId);
    clearTimeout(this.emitTimers.get(key));
    this.emitTimers.delete(key);
    this.lastEmit.set(key, performance.now());
    const status = this.statusOf(connectionId, projectId, progress);
    this.ctx.events.emit('replica-progress', status);
    return status;
  }

  private emitSoon(connectionId: string, projectId: string): void {
    const key = keyOf(connectionId, projectId);
    if (this.emitTimers.has(key)) return;
    const wait = (this.lastEmit.get(key) ?? -Infinity) + EMIT_EVERY_MS - performance.now();
    if (wait <= 0) {
      this.emitNow(connectionId, projectId, true);
      return;
    }
    const timer = setTimeout(() => {
      this.emitTimers.delete(key);
      if (this.ctx.connections.get(connectionId)) this.emitNow(connectionId, projectId, true);
    }, wait);
    timer.unref?.();
    this.emitTimers.set(key, timer);
  }
}

function stateOf(
  row: ReplicaRow | undefined,
  running: boolean,
  queued: boolean,
  problem: 'offline' | 'failed' | undefined,
): ReplicaState {
  if (!row || !row.kept) return 'not-kept';
  if (row.paused) return 'paused';
  if (running) return 'running';
  if (queued) return 'queued';
  // Whole at the last check: offline it stays what it was then ("as of"), nothing is missing.
  if (problem === 'offline' && row.asOf !== null) return 'current';
  if (problem) return problem;
  return row.asOf !== null ? 'current' : 'queued';
}

function keyOf(connectionId: string, projectId: string): string {
  return `${connectionId}\u0000${projectId}`;
}

function splitKey(key: string): [string, string] {
  const at = key.indexOf('\u0000');
  return [key.slice(0, at), key.slice(at + 1)];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
