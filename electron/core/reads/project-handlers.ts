import { CoreError } from '#shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { readThrough } from './read-through.js';
import { refreshProject, refreshProjectList } from './server-refresh.js';

/** projects-list and projects-get. */
export function projectHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'projects-list': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        return readThrough(ctx, {
          connection,
          refresh: args.refresh,
          key: `${connection.id}:projects`,
          // Only a complete list can answer: a project opened alone is not the list.
          fetchedAt: () => ctx.connections.get(connection.id)?.projectsFetchedAt ?? null,
          update: (signal) => refreshProjectList(ctx, connection, signal),
          read: () => ctx.projects.listViews(connection.id),
          notCached: `The project list of "${connection.name}" has not been downloaded yet, and the server cannot be reached.`,
        });
      },

      'projects-get': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        return readThrough(ctx, {
          connection,
          refresh: args.refresh,
          key: `${connection.id}:project:${args.projectId}`,
          fetchedAt: () => ctx.projects.get(connection.id, args.projectId)?.fetchedAt ?? null,
          update: (signal) => refreshProject(ctx, connection, args.projectId, signal),
          read: () => {
            const view = ctx.projects.getView(connection.id, args.projectId);
            if (!view)
              throw new CoreError('not-found', `Project ${args.projectId} is not in the cache.`);
            return view;
          },
          notCached: `Project ${args.projectId} is not available offline.`,
        });
      },
    },
    ctx.log,
  );
}
