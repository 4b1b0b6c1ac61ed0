import { CoreError } from '#shared/desktop/index.js';
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
      'wells-list': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const project = () => ctx.projects.get(connection.id, args.projectId);
        return readThrough(ctx, {
          connection,
          refresh: args.refresh,
          key: `${connection.id}:wells:${args.projectId}`,
          fetchedAt: () => project()?.wellsFetchedAt ?? null,
          update: (signal) => refreshWells(ctx, connection, args.projectId, signal),
          read: () => {
            const { unitSystem } = project() ?? missingProject(args.projectId);
            // Queued well changes are merged in the query, so filters and sort see them.
            const { rows, total, projectTotal } = ctx.wells.query(
              connection.id,
              args.projectId,
              { ...args, sparklines: (args.sparklines ?? []).length > 0 },
              overlayJson(wellOverlays(ctx, connection.id, args.projectId)),
            );
            const view = wellViewer(unitSystem, args.sparklines ?? []);
            const decline = wellDeclineSummaries(
              ctx,
              connection.id,
              rows.map((row) => row.id),
              unitSystem,
            );
            return {
              wells: rows.map((row) => view(row, row.syncState, decline.get(row.id))),
              total,
              projectTotal,
              unitSystem,
            };
          },
          notCached: notCachedMessage(project()),
        });
      },

      // The wells table's search index: filters and order as wells-list's, no row read whole.
      'wells-index': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const project = () => ctx.projects.get(connection.id, args.projectId);
        return readThrough(ctx, {
          connection,
          refresh: args.refresh,
          key: `${connection.id}:wells:${args.projectId}`,
          fetchedAt: () => project()?.wellsFetchedAt ?? null,
          update: (signal) => refreshWells(ctx, connection, args.projectId, signal),
          read: () => {
            if (!project()) missingProject(args.projectId);
            return ctx.wells.index(
              connection.id,
              args.projectId,
              args,
              overlayJson(wellOverlays(ctx, connection.id, args.projectId)),
            );
          },
          notCached: notCachedMessage(project()),
        });
      },

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

function missingProject(projectId: string): never {
  throw new CoreError('not-found', `Project ${projectId} is not in the cache.`);
}

function projectLabel(project: { name: string } | undefined): string {
  return project ? `"${project.name}"` : 'this project';
}

function notCachedMessage(project: { name: string } | undefined): string {
  return `The wells of project ${projectLabel(project)} are not available offline: the server cannot be reached, and this project was never opened or made available offline while connected.`;
}
