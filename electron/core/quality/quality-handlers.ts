import { CoreError } from '../../../shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandler } from '../handler-kit.js';
import { DismissedRepo } from './dismissed-repo.js';
import { scanProject } from './project-scan.js';

/**
 * quality-scan: the data-quality queue of a project, from the production on this
 * computer (no server call: the queue works offline, and says how old its data is).
 * quality-dismiss: hides a finding from the queue, or shows it again.
 */
export function qualityHandlers(ctx: CoreContext) {
  const dismissed = new DismissedRepo(ctx.db);
  /** One scan per project and options at a time: a second caller waits for the same one. */
  const running = new Map<string, ReturnType<typeof scanProject>>();
  const requireProject = (connectionId: string, projectId: string) => {
    if (!ctx.projects.get(connectionId, projectId)) {
      throw new CoreError(
        'not-found',
        `Project ${projectId} is not on this computer: open it from the sidebar first.`,
      );
    }
  };
  return {
    'quality-scan': defineHandler(
      'quality-scan',
      (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        requireProject(connection.id, args.projectId);
        const key = `${connection.id}\u0000${args.projectId}\u0000${args.flatLineDays ?? ''}`;
        let scan = running.get(key);
        if (!scan) {
          scan = scanProject(ctx, dismissed, {
            connectionId: connection.id,
            projectId: args.projectId,
            flatLineDays: args.flatLineDays,
          }).finally(() => running.delete(key));
          running.set(key, scan);
        }
        return scan;
      },
      ctx.log,
    ),
    'quality-dismiss': defineHandler(
      'quality-dismiss',
      (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        requireProject(connection.id, args.projectId);
        dismissed.set(
          connection.id,
          args.projectId,
          args.key,
          args.dismissed,
          ctx.now().toISOString(),
        );
        return { key: args.key, dismissed: args.dismissed };
      },
      ctx.log,
    ),
  };
}
