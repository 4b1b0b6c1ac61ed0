import type { ConnectionRow } from '../cache/connections-repo.js';
import { callServer, type CoreContext } from '../core-context.js';

/**
 * What changed in a project since a data version, from our server's changes extension
 * (docs/api-decisions.md, "Extensions"); null from a server without it (the hosted
 * service), found out from its OpenAPI document once per client.
 */

export interface ProjectChanges {
  version: number;
  projectVersion: number;
  reset: boolean;
  wells: Array<{ id: string; version: number; deleted: boolean }>;
}

export async function readProjectChanges(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  since: number | null,
  signal: AbortSignal,
): Promise<ProjectChanges | null> {
  return callServer(ctx, connection, async (client) => {
    if (!(await client.offersProjectChanges({ signal }))) return null;
    return client.getProjectChanges(projectId, since, { signal });
  });
}
