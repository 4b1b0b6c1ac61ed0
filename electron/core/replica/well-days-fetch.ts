import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { CoreError } from '#shared/desktop/index.js';
import { isApiCallError, type ApiProductionSeries } from '#shared/client/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { span, subtractIntervals, type DateInterval } from '../cache/date-intervals.js';
import type { StoredRow } from '../cache/production-repo.js';
import { seriesToStoredRows } from '../cache/series-rows.js';
import {
  callServer,
  emitCacheChanged,
  writeIfConnected,
  type CoreContext,
} from '../core-context.js';
import { fetchProject, forgetWell, storeProject } from '../reads/server-refresh.js';

/**
 * The days of one well that a person waits on (a chart, a records grid, a fit), fetched for
 * the replicator's `hurry`: the cache then holds exactly the server's rows there, merged
 * into the well's coverage. Every range is fetched before anything is written.
 *
 * It takes the well's turn (ctx.wellFetches) first, and then fetches only what the coverage
 * still lacks (all of `ranges` when `again`): a fetch of the same well already on the wire,
 * by the background replication or another read, lands first and is not repeated.
 *
 * The project is read first: its unitSystem says what units the numbers come in, and
 * trusting a cached unitSystem could store metric numbers as imperial after someone
 * switched the project on the server.
 */
export async function fetchWellDays(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  wellId: string,
  ranges: readonly DateInterval[],
  again: boolean,
  signal: AbortSignal,
): Promise<void> {
  await ctx.wellFetches.run(connection.id, wellId, async () => {
    const gaps = again
      ? ranges
      : ranges.flatMap((range) =>
          subtractIntervals(range, ctx.coverage.overlapping(connection.id, wellId, range)),
        );
    if (gaps.length === 0) return;
    // Rows read before a sync stored the server's answer to a push must not overwrite it:
    // read again (the sync settles a push in one step, so a second read is rarely needed).
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (await fetchOnce(ctx, connection, projectId, wellId, gaps, signal)) return;
    }
    throw new CoreError(
      'conflict',
      `The production of well ${wellId} kept changing on this computer while it was read; try again.`,
    );
  });
}

/** One read and write of the ranges; false when a sync stored newer rows meanwhile. */
async function fetchOnce(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  wellId: string,
  ranges: readonly DateInterval[],
  signal: AbortSignal,
): Promise<boolean> {
  const generation = ctx.production.settled(connection.id, wellId);
  const { project, fetched } = await callServer(ctx, connection, async (client) => {
    const project = await fetchProject(ctx, connection, client, projectId, signal);
    const fetched: Array<{ range: DateInterval; rows: StoredRow[] }> = [];
    for (const range of ranges) {
      let series: ApiProductionSeries;
      try {
        series = await client.getProduction(
          projectId,
          wellId,
          { ...range, aggregation: 'daily', fields: PRODUCTION_FIELDS },
          { signal },
        );
      } catch (error) {
        if (isApiCallError(error) && error.status === 404) {
          throw forgetWell(ctx, connection, projectId, wellId);
        }
        throw error;
      }
      fetched.push({ range, rows: seriesToStoredRows(series, range, project.unitSystem) });
    }
    return { project, fetched };
  });
  storeProject(ctx, connection.id, project);
  const at = ctx.now().toISOString();
  const changes = writeIfConnected(ctx, connection.id, () => {
    // The well may have been removed by a refresh meanwhile; coverage needs it.
    if (!ctx.wells.get(connection.id, wellId)) return 0;
    if (ctx.production.settled(connection.id, wellId) !== generation) return 'moved';
    let changes = 0;
    for (const { range, rows } of fetched) {
      changes += ctx.production.replaceRange(connection.id, wellId, range, rows);
      ctx.coverage.add(connection.id, wellId, range, at);
    }
    return changes;
  });
  if (changes === 'moved') return false;
  if (changes) {
    emitCacheChanged(ctx, {
      connectionId: connection.id,
      kind: 'production',
      projectId,
      wellId,
      range: ranges.reduce(span),
    });
  }
  return true;
}
