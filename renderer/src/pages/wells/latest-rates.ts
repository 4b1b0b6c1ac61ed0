import type { ScreeningStream, WellView } from '#shared/desktop/index.js';

const RATE_OF = { oil: 'oilRate', gas: 'gasRate', water: 'waterRate' } as const;

/**
 * A well's latest rate of a stream, as the wells table shows it and the map sizes its
 * dot by: on the basis the list was asked for (wells-list's rateBasis; the last producing
 * day's, from the cached rows or the screening fill's figures, whichever knows the later
 * day, when it names none). One accessor, so the two screens read rates alike.
 */
export function latestRate(well: WellView, stream: ScreeningStream): number | null {
  return well.lastProduction?.[RATE_OF[stream]] ?? null;
}
