import { projectOnThisComputer, resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { pullWellEvents } from './event-sync.js';
import { importEventsCsv } from './events-csv.js';
import { deleteEvent, saveEvent, sharedOf, viewOf } from './record-event.js';

/**
 * Well events (shared/desktop/well-events.ts): recorded here first, sent by the sync engine,
 * read from the server when it answers. Listing asks the server for the project's events when
 * it is reachable, and answers from this computer whatever happens.
 */
export function wellEventHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'well-events-list': async (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        projectOnThisComputer(ctx, connection.id, args.projectId);
        if (!ctx.offline.has(connection.id)) {
          await ctx.refresher
            .run(`${connection.id}:events:${args.projectId}`, async (signal) => {
              await pullWellEvents(ctx, connection, args.projectId, signal);
            })
            // Offline, refused, a server in trouble: what this computer holds is the answer.
            .catch(() => undefined);
        }
        const filter = {
          ...(args.wellId !== undefined ? { wellId: args.wellId } : {}),
          ...(args.from !== undefined ? { from: args.from } : {}),
          ...(args.to !== undefined ? { to: args.to } : {}),
        };
        return {
          events: ctx.wellEvents
            .list(connection.id, args.projectId, filter)
            .map((event) => viewOf(ctx, connection.id, event)),
          categories: ctx.wellEvents.categories(connection.id, args.projectId),
          shared: sharedOf(ctx, connection.id),
        };
      },
      'well-event-save': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        projectOnThisComputer(ctx, connection.id, args.projectId);
        return viewOf(ctx, connection.id, saveEvent(ctx, connection, args));
      },
      'well-event-delete': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        deleteEvent(ctx, connection, args.projectId, args.id);
        return { deleted: true as const };
      },
      'well-event-categories-save': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        projectOnThisComputer(ctx, connection.id, args.projectId);
        // The same reason twice (in any letter case) is one reason.
        const seen = new Set<string>();
        const categories = args.categories.filter((category) => {
          const key = category.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        ctx.wellEvents.saveCategories(connection.id, args.projectId, categories);
        return { categories };
      },
      'well-events-import': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        projectOnThisComputer(ctx, connection.id, args.projectId);
        return importEventsCsv(ctx, connection, args.projectId, args.text, args.fileName ?? null);
      },
    },
    ctx.log,
  );
}
