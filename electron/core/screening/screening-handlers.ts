import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { ScreeningFill } from './screening-fill.js';
import { ScreeningRepo } from './screening-repo.js';

/** screening-fill-start/status/cancel (shared/desktop/screening.ts): one fill at a time. */
export function screeningHandlers(ctx: CoreContext) {
  const fill = new ScreeningFill(ctx, new ScreeningRepo(ctx.db));
  const connectionOf = (connectionId: string | undefined) =>
    resolveConnection(ctx, connectionId).id;
  return defineHandlers(
    {
      'screening-fill-start': (args) => fill.start(args),
      'screening-fill-status': (args) =>
        fill.statusOf(connectionOf(args.connectionId), args.projectId),
      'screening-fill-cancel': (args) =>
        fill.cancel(connectionOf(args.connectionId), args.projectId),
    },
    ctx.log,
  );
}
