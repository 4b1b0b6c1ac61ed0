import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import {
  SCREENING_WINDOW_DAYS,
  screeningFigures,
  type ScreeningFigures,
} from '#shared/production/screening.js';
import type { CoverageInterval } from '../cache/coverage-repo.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CoreContext } from '../core-context.js';

const OIL = PRODUCTION_FIELDS.indexOf('oil_rate');
const GAS = PRODUCTION_FIELDS.indexOf('gas_rate');
const WATER = PRODUCTION_FIELDS.indexOf('water_rate');

/**
 * The figures from the server rows the cache holds over `window` (imperial). A well whose
 * last producing day (`lastProducing`, from its cached rows) lies before the window has
 * none in it: its figures come from the window ending at that day instead, as the server's
 * summary gives them, so its averages and sparkline are of its last producing days rather
 * than blank, and the wells table shows them beside that day's date.
 */
export function figuresFromCache(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  window: DateInterval,
  lastProducing: string | null = null,
): ScreeningFigures {
  const figures = figuresOver(ctx, connectionId, wellId, window);
  if (figures.lastProductionDate !== null || lastProducing === null) return figures;
  if (lastProducing >= window.from) return figures;
  const earlier = { from: addDays(lastProducing, -(SCREENING_WINDOW_DAYS - 1)), to: lastProducing };
  return figuresOver(ctx, connectionId, wellId, earlier);
}

function figuresOver(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  window: DateInterval,
): ScreeningFigures {
  const { dates, columns } = ctx.production.readColumns(connectionId, wellId, window);
  return screeningFigures({
    dates,
    rates: {
      oil: columns[OIL] ?? [],
      gas: columns[GAS] ?? [],
      water: columns[WATER] ?? [],
    },
  });
}

/**
 * When the cache's rows over `window` were fetched: the oldest fetch of the
 * coverage intervals it overlaps, and whether they cover all of it. null when
 * the cache holds none of it.
 */
export function cachedWindow(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  window: DateInterval,
): { fetchedAt: string; complete: boolean } | null {
  const intervals: CoverageInterval[] = ctx.coverage.overlapping(connectionId, wellId, window);
  const first = intervals[0];
  if (first === undefined) return null;
  const fetchedAt = intervals.reduce(
    (oldest, interval) => (interval.fetchedAt < oldest ? interval.fetchedAt : oldest),
    first.fetchedAt,
  );
  // Intervals are disjoint and never touch (CoverageRepo merges them), so one must hold it all.
  const complete = intervals.length === 1 && first.from <= window.from && first.to >= window.to;
  return { fetchedAt, complete };
}
