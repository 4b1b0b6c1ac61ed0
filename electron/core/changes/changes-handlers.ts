import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { changeViewer } from './change-views.js';
import { undoImport } from './undo-import.js';

/** One page when the caller does not say: a screenful and then some. */
const DEFAULT_PAGE = 200;

/**
 * changes-list and changes-recent (shared/desktop/changes.ts): the change log read back,
 * in the project's units (imperial when the cache no longer holds the project); import-undo
 * takes an import back (undo-import.ts).
 */
export function changesHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'changes-list': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = ctx.projects.get(connection.id, args.projectId)?.unitSystem ?? 'imperial';
        const limit = args.limit ?? DEFAULT_PAGE;
        const { rows, total } = ctx.changeLog.list(
          connection.id,
          {
            projectId: args.projectId,
            wellId: args.wellId,
            sources: args.sources,
            field: args.field,
            // Days of the person's choosing, as whole UTC days.
            madeFrom: args.madeFrom,
            madeTo: args.madeTo === undefined ? undefined : `${args.madeTo}T23:59:59.999Z`,
            batch: args.batch,
          },
          { before: args.before, limit },
        );
        const last = rows[rows.length - 1];
        return {
          changes: rows.map(changeViewer(system, connection.name, args.field)),
          total,
          nextBefore: rows.length === limit && last !== undefined ? last.id : null,
        };
      },

      'import-undo': (args) =>
        undoImport(ctx, resolveConnection(ctx, args.connectionId), args.projectId, args.batch),

      'changes-recent': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        return { actions: ctx.changeLog.recentSettled(connection.id, args.limit ?? 10) };
      },
    },
    ctx.log,
  );
}
