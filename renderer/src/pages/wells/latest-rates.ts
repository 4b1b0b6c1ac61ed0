import type { ScreeningStream, WellView } from '../../../../shared/desktop/index.js';

const RATE_OF = { oil: 'oilRate', gas: 'gasRate', water: 'waterRate' } as const;

/**
 * A well's latest rate of a stream, as the wells table shows it and the map sizes its
 * dot by: the last producing day's, which the core takes from the cached rows or from the
 * screening fill's figures, whichever knows the later day. One accessor, so the two
 * screens cannot disagree.
 */
export function latestRate(well: WellView, stream: ScreeningStream): number | null {
  return well.lastProduction?.[RATE_OF[stream]] ?? null;
}
