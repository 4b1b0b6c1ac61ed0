import type { UnitSystem } from '#shared/api/index.js';
import type { WellView } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { fitSummary } from './fit-view.js';
import { isStale } from './staleness.js';

/** `WellView.decline` of each of the given wells (`{}` for a well without fits). */
export function wellDeclineSummaries(
  ctx: CoreContext,
  connectionId: string,
  wellIds: readonly string[],
  system: UnitSystem,
): Map<string, WellView['decline']> {
  const byWell = new Map<string, WellView['decline']>(wellIds.map((id) => [id, {}]));
  for (const fit of ctx.declineFits.ofWells(connectionId, wellIds)) {
    const summaries = byWell.get(fit.wellId);
    if (!summaries) continue;
    summaries[fit.stream] = fitSummary(
      fit,
      system,
      isStale(ctx, ctx.declineFits, connectionId, fit),
    );
  }
  return byWell;
}
