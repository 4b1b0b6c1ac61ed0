import type { UnitSystem } from '#shared/api/index.js';
import { CoreError, type RefreshMode } from '#shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { wellDeclineSummaries } from '../decline/well-decline-summaries.js';
import { defineHandlers } from '../handler-kit.js';
import { wellViewer } from '../units/well-units.js';
import { overlaidWell, overlayJson, wellOverlays } from '../overlay/well-overlay.js';
import { readThrough } from './read-through.js';
import { refreshWell, refreshWells } from './server-refresh.js';

/**
 * wells-list, wells-index and wells-get. The list is answered by SQL over the cached copy of
 * the project's complete well list, so filters, search and sort work offline.
 */
export function wellHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'wells-list': (args) =>
        readProjectWells(ctx, args, ({ connectionId, unitSystem, overlay }) => {
          // Queued well changes are merged in the query, so filters and sort see them.
          const { rows, total, projectTotal } = ctx.wells.query(
            connectionId,
            args.projectId,
            { ...args, sparklines: (args.sparklines ?? []).length > 0 },
            overlay,
          );
          const view = wellViewer(unitSystem, args.sparklines ?? []);
          const decline = wellDeclineSummaries(
            ctx,
            connectionId,
            rows.map((row) => row.id),
            unitSystem,
          );
          return {
            wells: rows.map((row) => view(row, row.syncState, decline.get(row.id))),
            total,
            projectTotal,
            unitSystem,
          };
        }),

      // The wells table's search index: filters and order as wells-list's, no row read whole.
      'wells-index': (args) =>
        readProjectWells(ctx, args, ({ connectionId, overlay }) =>
          ctx.wells.index(connectionId, args.projectId, args, overlay),
        ),

      'wells-get': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const cached = () => {
          const well = ctx.wells.get(connection.id, args.wellId);
          const project = ctx.projects.get(connection.id, args.projectId);
          return well && project && well.projectId === project.id ? { well, project } : undefined;
        };
        return readThrough(ctx, {
          connection,
          refresh: args.refresh,
          key: `${connection.id}:well:${args.wellId}`,
          fetchedAt: () => cached()?.well.fetchedAt ?? null,
          update: (signal) => refreshWell(ctx, connection, args.projectId, args.wellId, signal),
          read: () => {
            const found = cached();
            if (!found) {
              throw new CoreError(
                'not-found',
                `Well ${args.wellId} of project ${args.projectId} is not in the cache.`,
              );
            }
            const { unitSystem } = found.project;
            const { row, state } = overlaidWell(ctx, connection.id, found.well);
            const decline = wellDeclineSummaries(ctx, connection.id, [row.id], unitSystem);
            return { well: wellViewer(unitSystem)(row, state, decline.get(row.id)), unitSystem };
          },
          notCached: `Well ${args.wellId} is not available offline.`,
        });
      },
    },
    ctx.log,
  );
}

/**
 * A read of a project's cached wells under the read-through policy (one refresh key for
 * wells-list and wells-index): `read` gets the project's unit system and the queued well
 * changes as the list's SQL merges them.
 */
function readProjectWells<T>(
  ctx: CoreContext,
  args: { connectionId?: string | undefined; projectId: string; refresh?: RefreshMode | undefined },
  read: (project: { connectionId: string; unitSystem: UnitSystem; overlay: string | null }) => T,
) {
  const connection = resolveConnection(ctx, args.connectionId);
  const project = () => ctx.projects.get(connection.id, args.projectId);
  return readThrough(ctx, {
    connection,
    refresh: args.refresh,
    key: `${connection.id}:wells:${args.projectId}`,
    fetchedAt: () => project()?.wellsFetchedAt ?? null,
    update: (signal) => refreshWells(ctx, connection, args.projectId, signal),
    read: () =>
      read({
        connectionId: connection.id,
        unitSystem: (project() ?? missingProject(args.projectId)).unitSystem,
        overlay: overlayJson(wellOverlays(ctx, connection.id, args.projectId)),
      }),
    notCached: `The wells of project ${projectLabel(project())} are not available offline: the server cannot be reached, and this project was never opened or made available offline while connected.`,
  });
}

function missingProject(projectId: string): never {
  throw new CoreError('not-found', `Project ${projectId} is not in the cache.`);
}

function projectLabel(project: { name: string } | undefined): string {
  return project ? `"${project.name}"` : 'this project';
}
