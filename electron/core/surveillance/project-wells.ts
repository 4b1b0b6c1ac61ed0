import type { WellStatus } from '#shared/api/index.js';
import type { DeclineStream } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { wellOverlays } from '../overlay/well-overlay.js';

/**
 * What every surveillance figure starts from: the project's wells as the engineer sees them
 * (a queued rename or status change applied) and each one's saved fit of the stream.
 */
export function projectWellsAndFits(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  stream: DeclineStream,
) {
  const fits = new Map(
    ctx.declineFits
      .ofProject(connectionId, projectId)
      .filter((fit) => fit.stream === stream)
      .map((fit) => [fit.wellId, fit]),
  );
  const overlays = wellOverlays(ctx, connectionId, projectId);
  const rows = ctx.db
    .prepare('SELECT id, name, status FROM wells WHERE connection_id = ? AND project_id = ?')
    .all(connectionId, projectId) as Array<{ id: string; name: string; status: WellStatus | null }>;
  const wells = rows.map((well) => {
    const patch = overlays.get(well.id)?.patch;
    return {
      wellId: well.id,
      name: patch?.name ?? well.name,
      status: patch?.status ?? well.status,
    };
  });
  return { wells, fits };
}
