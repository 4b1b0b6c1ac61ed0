import { CoreError } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { addDays } from '#shared/dates/iso-day.js';
import { subtractIntervals, type DateInterval } from '../cache/date-intervals.js';
import { isOfflineError } from '../core-errors.js';
import type { CoreContext } from '../core-context.js';
import type { WellRow } from '../units/well-units.js';

/**
 * The production history a fit needs: from first production to today. What
 * the cache lacks of it is fetched when the server answers (the same
 * read-through as production-get); offline, the fit uses what this computer
 * holds, and `historyNote` says so with the fit.
 */

/** From the well's first production (else its spud date, else 50 years back) to today. */
export function wantedHistory(ctx: CoreContext, well: WellRow): DateInterval {
  const today = ctx.now().toISOString().slice(0, 10);
  const from =
    well.firstProductionDate ?? well.spudDate ?? addDays(today, -Math.round(50 * 365.25));
  return { from: from < today ? from : today, to: today };
}

export async function fetchMissingHistory(
  ctx: CoreContext,
  connection: ConnectionRow,
  well: WellRow,
): Promise<void> {
  const wanted = wantedHistory(ctx, well);
  const gaps = subtractIntervals(wanted, ctx.coverage.overlapping(connection.id, well.id, wanted));
  if (gaps.length === 0) return;
  try {
    await ctx.replica.hurry(connection, well.projectId, well.id, gaps);
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    ctx.log({
      level: 'info',
      message: `Decline fit of ${well.id} offline: fitting what the cache holds`,
    });
  }
}

/**
 * Null when the cache holds every day from first production to the last
 * producing day; otherwise what the cumulative (Np, Gp, Wp) lacks.
 */
export function historyNote(
  ctx: CoreContext,
  connectionId: string,
  well: WellRow,
  lastProducingDate: string,
): { code: string; message: string } | null {
  const first = well.firstProductionDate;
  if (first === null || first > lastProducingDate) return null;
  const wanted = { from: first, to: lastProducingDate };
  const gaps = subtractIntervals(wanted, ctx.coverage.overlapping(connectionId, well.id, wanted));
  if (gaps.length === 0) return null;
  const missingDays = gaps.reduce(
    (sum, gap) => sum + (Date.parse(gap.to) - Date.parse(gap.from)) / 86_400_000 + 1,
    0,
  );
  return {
    code: 'history-incomplete',
    message: `The cumulative to date counts only the production on this computer: ${missingDays} days between first production (${first}) and ${lastProducingDate} were never downloaded (from ${gaps[0]!.from}). Fit again while connected to count them.`,
  };
}

export function requireWell(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  wellId: string,
): WellRow {
  const well = ctx.wells.get(connectionId, wellId);
  if (!well || well.projectId !== projectId) {
    throw new CoreError(
      'not-found',
      `Well ${wellId} of project ${projectId} is not on this computer: open the project's wells first.`,
    );
  }
  return well;
}
