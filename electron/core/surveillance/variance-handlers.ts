import { CoreError } from '../../../shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandler } from '../handler-kit.js';
import { varianceList } from './variance-list.js';

/** variance-list (shared/desktop/surveillance.ts): no server call, so it works offline. */
export function varianceHandlers(ctx: CoreContext) {
  return {
    'variance-list': defineHandler(
      'variance-list',
      (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const project = ctx.projects.get(connection.id, args.projectId);
        if (!project) {
          throw new CoreError(
            'not-found',
            `Project ${args.projectId} is not on this computer: open it from the sidebar first.`,
          );
        }
        return varianceList(ctx, {
          connectionId: connection.id,
          projectId: args.projectId,
          unitSystem: project.unitSystem,
          stream: args.stream ?? 'oil',
          windowDays: args.windowDays ?? 30,
          tolerancePercent: args.tolerancePercent ?? 10,
        });
      },
      ctx.log,
    ),
  };
}
