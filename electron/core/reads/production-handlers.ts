import type { UnitSystem } from '#shared/api/index.js';
import { CoreError, type ProductionGetArgs, type ReadResult } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { CoverageInterval } from '../cache/coverage-repo.js';
import { subtractIntervals, type DateInterval } from '../cache/date-intervals.js';
import { isOfflineError } from '../core-errors.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { mergeProductionEdits } from '../overlay/production-overlay.js';
import { buildProductionView } from './production-view.js';
import { refreshWell } from './server-refresh.js';

/**
 * production-get: answered from the cache (the replica) and the queued edits. The
 * range's gaps in the coverage are not fetched here: the replicator is asked to hurry
 * them (only those), then everything is answered from the cache. Offline, the cached part is
 * answered with the gaps listed in `missing`; a range with nothing cached is
 * an `offline` error. Covered ranges are re-fetched only with refresh 'await'
 * (and, in the sync half, by the conflict reads before a push).
 */
export function productionHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'production-get': async (args) => {
        const read = await prepareProductionRead(ctx, args);
        const { connection, unitSystem, missing } = read;
        return {
          data: buildProductionView(
            (days) =>
              mergeProductionEdits(
                ctx,
                connection.id,
                args.wellId,
                days,
                ctx.production.readColumns(connection.id, args.wellId, days),
              ),
            args,
            unitSystem,
            missing,
          ),
          ...read.meta,
        };
      },
    },
    ctx.log,
  );
}

export interface PreparedRead {
  connection: ConnectionRow;
  unitSystem: UnitSystem;
  /** Parts of the range the cache does not hold (offline only). */
  missing: DateInterval[];
  meta: Omit<ReadResult<unknown>, 'data'>;
}

/**
 * What every production read does before reading the cache: the well and its project
 * cached, the range's gaps hurried by the replicator (all of it with refresh 'await'); offline, the gaps
 * are `missing`, or an `offline` error when nothing of the range is cached.
 */
export async function prepareProductionRead(
  ctx: CoreContext,
  args: ProductionGetArgs,
): Promise<PreparedRead> {
  const connection = resolveConnection(ctx, args.connectionId);
  await ensureWellCached(ctx, connection, args);
  const range: DateInterval = { from: args.from, to: args.to };
  const covered = () => ctx.coverage.overlapping(connection.id, args.wellId, range);
  const again = args.refresh === 'await';
  const toFetch = again ? [range] : subtractIntervals(range, covered());
  const { offline, missing } = await fetchWhatIsMissing(ctx, connection, args, toFetch, covered);
  const project = ctx.projects.get(connection.id, args.projectId);
  if (!project) {
    throw new CoreError('not-found', `Project ${args.projectId} is not in the cache.`);
  }
  return {
    connection,
    unitSystem: project.unitSystem,
    missing,
    meta: {
      source: toFetch.length > 0 && !offline ? 'server' : 'cache',
      stale: offline,
      offline,
      fetchedAt: oldestFetch(covered()),
    },
  };
}

/** Fetches `toFetch`; offline, says what the cache lacks, or fails when it holds nothing. */
async function fetchWhatIsMissing(
  ctx: CoreContext,
  connection: ConnectionRow,
  args: Pick<ProductionGetArgs, 'projectId' | 'wellId' | 'from' | 'to' | 'refresh'>,
  toFetch: DateInterval[],
  covered: () => CoverageInterval[],
): Promise<{ offline: boolean; missing: DateInterval[] }> {
  if (toFetch.length === 0) return { offline: false, missing: [] };
  try {
    const again = args.refresh === 'await';
    await ctx.replica.hurry(connection, args.projectId, args.wellId, toFetch, again);
    return { offline: false, missing: [] };
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    const missing = subtractIntervals({ from: args.from, to: args.to }, covered());
    const nothingCached =
      missing.length === 1 && missing[0]?.from === args.from && missing[0].to === args.to;
    if (nothingCached) {
      throw new CoreError(
        'offline',
        `This range is not available offline: ${args.from} to ${args.to} of this well was never downloaded, and the server cannot be reached.`,
        { status: error.status, code: error.code },
      );
    }
    return { offline: true, missing };
  }
}

function oldestFetch(intervals: readonly CoverageInterval[]): string | null {
  let oldest: string | null = null;
  for (const { fetchedAt } of intervals)
    if (oldest === null || fetchedAt < oldest) oldest = fetchedAt;
  return oldest;
}

/** The well and its project must be cached (for the unit system); fetched once if not. */
async function ensureWellCached(
  ctx: CoreContext,
  connection: ConnectionRow,
  args: Pick<ProductionGetArgs, 'projectId' | 'wellId'>,
): Promise<void> {
  const cached = () => {
    const well = ctx.wells.get(connection.id, args.wellId);
    return well?.projectId === args.projectId && ctx.projects.get(connection.id, args.projectId);
  };
  if (cached()) return;
  try {
    await ctx.refresher.run(`${connection.id}:well:${args.wellId}`, (signal) =>
      refreshWell(ctx, connection, args.projectId, args.wellId, signal),
    );
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    throw new CoreError(
      'offline',
      `This well is not available offline: it was never opened or downloaded while connected, and the server cannot be reached.`,
      { status: error.status, code: error.code },
    );
  }
  if (!cached()) {
    throw new CoreError('not-found', `Well ${args.wellId} is not in project ${args.projectId}.`);
  }
}
