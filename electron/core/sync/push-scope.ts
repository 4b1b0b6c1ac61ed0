import type { UnitSystem } from '#shared/api/index.js';
import { CoreError } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { isOlderThanFreshness, type CoreContext } from '../core-context.js';
import { refreshProject } from '../reads/server-refresh.js';

/** What one sync pass of a connection shares while it pushes well after well. */
export interface PushScope {
  ctx: CoreContext;
  connection: ConnectionRow;
  signal: AbortSignal;
  /** Unit systems confirmed during this pass, per project. */
  units: Map<string, UnitSystem>;
  /** Operations the server accepted during this pass. */
  pushed: number;
}

/**
 * The unit system to send a project's values in. Values are queued in
 * imperial and converted when sent, so a project switched to metric on the
 * server meanwhile still gets the right numbers, provided we know the switch:
 * a cached project older than the freshness window is fetched again (once per
 * pass). A project the server no longer has fails with not-found.
 */
export async function projectUnits(scope: PushScope, projectId: string): Promise<UnitSystem> {
  const known = scope.units.get(projectId);
  if (known) return known;
  const { ctx, connection } = scope;
  const cached = ctx.projects.get(connection.id, projectId);
  if (!cached || isOlderThanFreshness(ctx, cached.fetchedAt)) {
    await ctx.refresher.run(`${connection.id}:project:${projectId}`, (signal) =>
      refreshProject(ctx, connection, projectId, AbortSignal.any([signal, scope.signal])),
    );
  }
  const project = ctx.projects.get(connection.id, projectId);
  if (!project) {
    throw new CoreError(
      'not-found',
      `Project ${projectId} no longer exists on the server, or this token cannot see it.`,
    );
  }
  scope.units.set(projectId, project.unitSystem);
  return project.unitSystem;
}
