import type { CoreContext } from '../core-context.js';
import { ScreeningFill } from './screening-fill.js';
import { ScreeningRepo } from './screening-repo.js';

/** screening-fill-start/status/cancel (shared/desktop/screening.ts). */
export function screeningHandlers(ctx: CoreContext) {
  return new ScreeningFill(ctx, new ScreeningRepo(ctx.db)).handlers();
}
