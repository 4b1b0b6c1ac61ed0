import { projectOnThisComputer, resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { lostProduction } from './lost-production.js';
import { varianceList } from './variance-list.js';

/**
 * variance-list and lost-production (shared/desktop/surveillance.ts): no server call, so
 * they work offline.
 */
export function surveillanceHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'variance-list': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const project = projectOnThisComputer(ctx, connection.id, args.projectId);
        return varianceList(ctx, {
          connectionId: connection.id,
          projectId: args.projectId,
          unitSystem: project.unitSystem,
          stream: args.stream ?? 'oil',
          windowDays: args.windowDays ?? 30,
          tolerancePercent: args.tolerancePercent ?? 10,
        });
      },
      'lost-production': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const project = projectOnThisComputer(ctx, connection.id, args.projectId);
        return lostProduction(ctx, {
          connectionId: connection.id,
          projectId: args.projectId,
          unitSystem: project.unitSystem,
          stream: args.stream ?? 'oil',
          window:
            args.from !== undefined && args.to !== undefined
              ? { from: args.from, to: args.to }
              : null,
        });
      },
    },
    ctx.log,
  );
}
