import { CoreError } from '#shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { fieldTotals } from './field-totals.js';
import { TotalsSql } from './totals-sql.js';

/**
 * field-totals: a project's production summed over its wells, from this computer alone
 * (no server call: the overview works offline, and says which wells it had nothing for).
 */
export function fieldHandlers(ctx: CoreContext) {
  const sql = new TotalsSql(ctx.db);
  /** One run per project and arguments at a time: a second caller waits for the same one. */
  const running = new Map<string, ReturnType<typeof fieldTotals>>();
  return defineHandlers(
    {
      'field-totals': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        if (!ctx.projects.get(connection.id, args.projectId)) {
          throw new CoreError(
            'not-found',
            `Project ${args.projectId} is not on this computer: open it from the sidebar first.`,
          );
        }
        const request = { ...args, connectionId: connection.id };
        const key = JSON.stringify(request);
        let run = running.get(key);
        if (!run) {
          run = fieldTotals(ctx, sql, request).finally(() => running.delete(key));
          running.set(key, run);
        }
        return run;
      },
    },
    ctx.log,
  );
}
