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
  // Asked apart from callServer: the answer is remembered per client, and a remembered "no"
  // is no contact with the server; counted as one, it would put "Online" in the top bar of
  // a computer whose server has gone.
  const client = await ctx.clients.get(connection);
  if (!(await client.offersProjectChanges({ signal }))) return null;
  return callServer(ctx, connection, (current) =>
    current.getProjectChanges(projectId, since, { signal }),
  );
}
