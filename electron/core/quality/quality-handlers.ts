import { CoreError } from '#shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { DismissedRepo } from './dismissed-repo.js';
import { scanProject } from './project-scan.js';
import { QualitySettingsRepo } from './settings-repo.js';

/**
 * quality-scan: the data-quality queue of a project, from the production on this
 * computer (no server call: the queue works offline, and says how old its data is).
 * quality-dismiss: hides findings from the queue (one, or a rule's or a well's at
 * once), or shows them again. quality-settings-get/save: the rules as tuned for the
 * project, which every scan uses unless told otherwise.
 */
export function qualityHandlers(ctx: CoreContext) {
  const dismissed = new DismissedRepo(ctx.db);
  const settings = new QualitySettingsRepo(ctx.db);
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
  return defineHandlers(
    {
      'quality-scan': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        requireProject(connection.id, args.projectId);
        // Read when the scan is asked for: a save meanwhile applies to the next scan.
        const saved = settings.get(connection.id, args.projectId);
        const rules = {
          minGapDays: args.minGapDays ?? saved.minGapDays,
          flatLineDays: args.flatLineDays ?? saved.flatLineDays,
        };
        const key = [connection.id, args.projectId, rules.minGapDays, rules.flatLineDays].join(
          '\u0000',
        );
        let scan = running.get(key);
        if (!scan) {
          scan = scanProject(ctx, dismissed, {
            connectionId: connection.id,
            projectId: args.projectId,
            ...rules,
          }).finally(() => running.delete(key));
          running.set(key, scan);
        }
        return scan;
      },
      'quality-dismiss': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        requireProject(connection.id, args.projectId);
        // The schema admits exactly one of key and keys.
        const keys = args.keys ?? [args.key as string];
        dismissed.setAll(
          connection.id,
          args.projectId,
          keys,
          args.dismissed,
          ctx.now().toISOString(),
        );
        return { keys, dismissed: args.dismissed };
      },
      'quality-settings-get': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        requireProject(connection.id, args.projectId);
        return settings.get(connection.id, args.projectId);
      },
      'quality-settings-save': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        requireProject(connection.id, args.projectId);
        return settings.save(
          connection.id,
          args.projectId,
          { minGapDays: args.minGapDays, flatLineDays: args.flatLineDays },
          ctx.now().toISOString(),
        );
      },
    },
    ctx.log,
  );
}
