import { pullWellEvents } from '../well-events/event-sync.js';
import { addDays, utcToday } from '#shared/dates/iso-day.js';
import { HISTORY_START, REPLICA_RECENT_DAYS, type ReplicaPhase } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { writeIfConnected, type CoreContext } from '../core-context.js';
import type { DownloadLog } from '../download/download-log.js';
import { DownloadProgress } from '../download/download-progress.js';
import { runDownload } from '../download/download-run.js';
import type { OfflineAvailabilityQuery } from '../download/offline-availability.js';
import type { RunControl } from '../download/run-types.js';
import { forgetWell } from '../reads/server-refresh.js';
import { readProjectChanges, type ProjectChanges } from './project-changes.js';
import type { ReplicaRepo, ReplicaRow } from './replica-repo.js';

/**
 * One replication of one project, in the order the analyses need it:
 *
 * - first time (nothing whole yet): the well list, then every well's last
 *   REPLICA_RECENT_DAYS, then the rest of each well's history. Both passes fetch only what
 *   the coverage lacks, so a run stopped by a crash, a cancel or the network resumes where
 *   it stopped and never fetches a day twice;
 * - kept current afterwards, on a server with the changes extension: one request says which
 *   wells changed since the version seen last; only those are read again (whole), deleted
 *   ones are dropped, new ones fetched, and with nothing changed the replica is current
 *   after that one request;
 * - on a server without it (the hosted service): every well's last REFRESH_DAYS read again.
 *
 * Server rows replace cached server rows only; queued edits live in the outbox and are laid
 * over them on every read, so a server change never overwrites a pending edit (the sync's
 * conflict rules decide between them when the edit is sent).
 */

/** The hosted service cannot say what changed: this many recent days are read again. */
export const REFRESH_DAYS = 31;

export interface ReplicationTarget {
  connection: ConnectionRow;
  projectId: string;
  row: ReplicaRow;
}

export interface ReplicationDeps {
  repo: ReplicaRepo;
  log: DownloadLog;
  availability: OfflineAvailabilityQuery;
  phase: (phase: ReplicaPhase) => void;
  /** Called with each pass's rate-limit hold (ISO 8601, or null) whenever its counters move. */
  moved: (rateLimitedUntil: string | null) => void;
}

export async function replicateProject(
  ctx: CoreContext,
  target: ReplicationTarget,
  control: RunControl,
  deps: ReplicationDeps,
): Promise<'done' | 'stopped'> {
  const { connection, projectId, row } = target;
  const today = utcToday(ctx.now());
  const keptFrom = row.leftOutBefore ?? HISTORY_START;
  const whole = row.asOf !== null && row.targetTo !== null;
  deps.phase(whole ? 'refresh' : 'wells');
  // The version is read before any data: whatever changes after it is seen next time.
  const versionReadAt = ctx.now().toISOString();
  const changes = await readProjectChanges(
    ctx,
    connection,
    projectId,
    whole ? row.dataVersion : null,
    control.signal,
  );
  deps.repo.update(connection.id, projectId, { targetTo: today });

  let wellsListed = false;
  const pass = async (
    phase: ReplicaPhase,
    from: string,
    refetch?: (wellId: string) => boolean,
  ): Promise<'done' | 'stopped'> => {
    deps.phase(phase);
    const range = { from: from < keptFrom ? keptFrom : from, to: today };
    const progress = new DownloadProgress(
      { connectionId: connection.id, projectId, ...range },
      {
        emit: (status) => deps.moved(status.rateLimitedUntil),
        now: ctx.now,
        intervalMs: 200,
        heartbeatMs: 1000,
      },
    );
    try {
      const outcome = await runDownload(
        ctx,
        { connection, projectId, range, wellsListed, ...(refetch ? { refetch } : {}) },
        control,
        { progress, log: deps.log, availability: deps.availability },
      );
      // A second pass of this run uses the well list this one read.
      wellsListed = true;
      return outcome;
    } finally {
      progress.finish('done', null, null);
    }
  };

  let outcome: 'done' | 'stopped';
  let confirmedAt: string | undefined;
  if (whole && changes !== null && !changes.reset && row.dataVersion !== null) {
    outcome = await applyChanges(ctx, target, changes, today, pass);
    // The wells not listed were as the server had them when the version was read; the
    // listed ones were read again after it: the whole replica is current as of then.
    confirmedAt = versionReadAt;
  } else if (whole) {
    // No way to ask what changed: the recent days again, then any well still missing history.
    outcome = await pass('refresh', addDays(today, -(REFRESH_DAYS - 1)), () => true);
    if (outcome === 'done') outcome = await pass('history', keptFrom);
  } else {
    outcome = await pass('recent', addDays(today, -(REPLICA_RECENT_DAYS - 1)));
    if (outcome === 'done') outcome = await pass('history', keptFrom);
  }
  if (outcome === 'done') {
    // The project's well events come along, so lost production offline has their reasons:
    // read on a first run, and again when the project changed (an event write counts).
    const eventsMayHaveChanged =
      !whole || changes === null || changes.reset || changes.version !== row.dataVersion;
    if (eventsMayHaveChanged) {
      await pullWellEvents(ctx, connection, projectId, control.signal).catch((error: unknown) => {
        if (!control.signal.aborted) {
          ctx.log({ level: 'warn', message: `Well events of ${projectId} were not read`, error });
        }
      });
    }
    deps.repo.update(connection.id, projectId, {
      asOf: ctx.now().toISOString(),
      dataVersion: changes?.version ?? null,
      ...(confirmedAt ? { confirmedAt } : {}),
    });
  }
  return outcome;
}

async function applyChanges(
  ctx: CoreContext,
  target: ReplicationTarget,
  changes: ProjectChanges,
  today: string,
  pass: (
    phase: ReplicaPhase,
    from: string,
    refetch?: (wellId: string) => boolean,
  ) => Promise<'done' | 'stopped'>,
): Promise<'done' | 'stopped'> {
  const { connection, projectId, row } = target;
  for (const well of changes.wells) {
    if (well.deleted) forgetWell(ctx, connection, projectId, well.id);
  }
  const projectChanged = changes.projectVersion > (row.dataVersion ?? 0);
  const changed = new Set(changes.wells.filter((well) => !well.deleted).map((well) => well.id));
  // Nothing changed for the others since the version read last, so the server holds no new
  // day for them either: their coverage reaches today without a request.
  extendUnchanged(ctx, target, today, projectChanged ? null : changed);
  if (!projectChanged && changed.size === 0) return 'done';
  return pass(
    'refresh',
    row.leftOutBefore ?? HISTORY_START,
    (id) => projectChanged || changed.has(id),
  );
}

/**
 * Every well not in `changed` (none: null) is as the server has it: its coverage reaches today.
 * When it counts as fetched is the project's confirmation, recorded once the run is done.
 */
function extendUnchanged(
  ctx: CoreContext,
  target: ReplicationTarget,
  today: string,
  changed: ReadonlySet<string> | null,
): void {
  const { connection, projectId, row } = target;
  if (changed === null || row.targetTo === null) return;
  const from = addDays(row.targetTo, 1);
  const at = ctx.now().toISOString();
  // Wells whose days reach the last target: the others are fetched by the pass that follows.
  const wells = () =>
    ctx.db
      .prepare(
        `SELECT w.id FROM wells w
         JOIN coverage c ON c.connection_id = w.connection_id AND c.well_id = w.id
         WHERE w.connection_id = ? AND w.project_id = ? AND c.to_date >= ? AND c.from_date <= ?`,
      )
      .pluck()
      .all(connection.id, projectId, row.targetTo, row.targetTo) as string[];
  if (from > today) return;
  writeIfConnected(ctx, connection.id, () => {
    for (const id of wells()) {
      if (!changed.has(id)) ctx.coverage.add(connection.id, id, { from, to: today }, at);
    }
  });
}
