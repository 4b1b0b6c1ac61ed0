import type { CoreContext } from '../core-context.js';

/**
 * An analysis's first step: the wells it needs, whole on this computer. Online, those still
 * missing go to the front of the replication and this waits for them (`moved` counts the
 * wells still to come); offline, or when the person paused or stopped keeping the project,
 * it returns at once. Returns the wells that are not whole here, for the analysis to name.
 */
export async function bringHistory(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  wellIds: readonly string[],
  moved: (fetching: number) => void,
  signal: AbortSignal = new AbortController().signal,
): Promise<Set<string>> {
  const connection = ctx.connections.get(connectionId);
  if (!connection || wellIds.length === 0) return new Set();
  try {
    const outcome = await ctx.replica.ensure(connection, projectId, wellIds, signal, moved);
    return new Set(outcome.missing);
  } finally {
    moved(0);
  }
}
