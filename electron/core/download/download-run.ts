import { CoreError } from '#shared/desktop/index.js';
import { subtractIntervals } from '../cache/date-intervals.js';
import { callServer, type CoreContext } from '../core-context.js';
import { fetchProject, refreshWells } from '../reads/server-refresh.js';
import type { DownloadSpec, RunControl, RunDeps, WellTask } from './run-types.js';
import { fetchWells } from './well-workers.js';

/**
 * One offline download: the project's complete well list (every page, through
 * the same refresh as wells-list), then, for every well, the parts of the range
 * its coverage lacks — so a re-run fetches only what is missing, and a second
 * run after a complete one sends the listing requests and nothing else.
 *
 * Requests go through the connection's one ApiClient, whose limiter sees all of
 * its traffic and slows everything down after a 429. Each well is written in
 * its own transaction as soon as it arrives: whatever was fetched stays cached
 * when the run stops.
 */

/** server-refresh lists wells 1,000 a page; used to count the listing's requests. */
const WELL_PAGE = 1000;
/** Passes over the wells when the project's unit system changes under us. */
const MAX_PASSES = 3;

export async function runDownload(
  ctx: CoreContext,
  spec: DownloadSpec,
  control: RunControl,
  deps: RunDeps,
): Promise<'done' | 'stopped'> {
  const { connection, projectId, range } = spec;
  if (!spec.wellsListed) await refreshWells(ctx, connection, projectId, control.signal);
  const project = ctx.projects.get(connection.id, projectId);
  if (!project) throw new CoreError('not-found', `Project ${projectId} is not in the cache.`);
  // Ids and names only: whole list rows of 20,000 wells held through a run took 40 MB.
  const wells = ctx.wells.refs(connection.id, projectId);
  let pending: WellTask[] = [];
  for (const well of wells) {
    const gaps = spec.refetch?.(well.id)
      ? [range]
      : subtractIntervals(range, ctx.coverage.overlapping(connection.id, well.id, range));
    if (gaps.length > 0) pending.push({ id: well.id, name: well.name, gaps });
  }
  const listingRequests = spec.wellsListed
    ? 0
    : 1 + Math.max(1, Math.ceil(wells.length / WELL_PAGE));
  deps.progress.listed({
    total: wells.length,
    alreadyCached: wells.length - pending.length,
    listingRequests,
    // + the project read that checks the unit system after fetching.
    plannedRequests: requestsOf(pending) + (pending.length > 0 ? 1 : 0),
    available: deps.availability.get(connection.id, projectId, range),
  });

  // Numbers come in the project's units. A project switched to the other system
  // while we fetch would leave some wells converted wrongly, so the project is
  // read again afterwards, and a switch means the pass is done again.
  let unitSystem = project.unitSystem;
  for (let pass = 1; pending.length > 0; pass++) {
    const fetched = await fetchWells(
      ctx,
      spec,
      pending,
      { unitSystem, again: pass > 1 },
      control,
      deps,
    );
    if (control.stopping.aborted) return 'stopped';
    if (fetched.length === 0) break;
    const current = await callServer(ctx, connection, (client) =>
      fetchProject(ctx, connection, client, projectId, control.signal),
    );
    deps.progress.answered(1);
    if (current.unitSystem === unitSystem) break;
    if (pass === MAX_PASSES) {
      throw new CoreError(
        'conflict',
        `The unit system of project ${projectId} keeps changing on the server; try again later.`,
      );
    }
    await refreshWells(ctx, connection, projectId, control.signal);
    unitSystem = current.unitSystem;
    pending = fetched;
    deps.progress.plan(listingRequests + requestsOf(pending) + 1);
    deps.progress.answered(listingRequests);
  }
  return 'done';
}

function requestsOf(tasks: readonly WellTask[]): number {
  return tasks.reduce((sum, task) => sum + task.gaps.length, 0);
}
