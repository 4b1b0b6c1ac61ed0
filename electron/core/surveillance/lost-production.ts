import type { UnitSystem } from '#shared/api/index.js';
import { addDays, epochDay } from '#shared/dates/iso-day.js';
import {
  LOSS_REASONS,
  UNRECORDED_CAUSE,
  type CauseVolume,
  type DeclineStream,
  type LostProductionResult,
  type MonthLoss,
  type VolumeByReason,
  type WellLossRow,
} from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { storedModel } from '../decline/fit-forecast.js';
import { isStale } from '../decline/staleness.js';
import { STREAM_QUANTITY } from '../decline/stream-units.js';
import { displayConverter } from '../units/cache-units.js';
import { projectWellsAndFits } from './project-wells.js';
import { readLossSeries } from './read-series.js';
import {
  TRAILING_FULL_DAYS,
  TRAILING_LOOKBACK_DAYS,
  wellLoss,
  type CauseSpan,
  type DayLoss,
} from './well-loss.js';

export interface LostProductionRequest {
  connectionId: string;
  projectId: string;
  unitSystem: UnitSystem;
  stream: DeclineStream;
  /** Both or neither: the default window is worked out from the project's data. */
  window: { from: string; to: string } | null;
}

const noLoss = (): VolumeByReason => ({ 'shut-in': 0, 'reduced-runtime': 0 });

const causeOf = (day: DayLoss) => day.cause ?? UNRECORDED_CAUSE[day.reason];
const RECORDED_NOT = new Set(Object.values(UNRECORDED_CAUSE));

/** Volumes by cause, the largest first, shown in the project's units. */
function causeList(volumes: Map<string, number>, show: (value: number) => number): CauseVolume[] {
  return [...volumes]
    .filter(([, volume]) => volume > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([cause, volume]) => ({
      cause,
      recorded: !RECORDED_NOT.has(cause),
      volume: show(volume),
    }));
}

function add(volumes: Map<string, number>, cause: string, volume: number): void {
  volumes.set(cause, (volumes.get(cause) ?? 0) + volume);
}

/** The project's well events as spans per well, from the events on this computer. */
function eventSpans(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  from: string,
  to: string,
) {
  const spans = new Map<string, CauseSpan[]>();
  for (const event of ctx.wellEvents.list(connectionId, projectId, { from, to })) {
    const list = spans.get(event.wellId) ?? [];
    list.push({
      startDay: epochDay(event.startDate),
      endDay: event.endDate === null ? Infinity : epochDay(event.endDate),
      category: event.category,
    });
    spans.set(event.wellId, list);
  }
  return spans;
}

/** The first day of the month two months before `to`'s: the month so far and two whole ones. */
export function defaultWindowStart(to: string): string {
  const [year, month] = to.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - 2, 1));
  return start.toISOString().slice(0, 10);
}

/** The first day of every month from `from`'s to `to`'s. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month <= to;) {
    months.push(month);
    const [year, m] = month.split('-').map(Number) as [number, number];
    month = new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 10);
  }
  return months;
}

/**
 * The production a project's wells lost over a window, from the production on this
 * computer (so it works offline): per well, per month and in total, by reason, in the
 * project's units. See well-loss.ts for what a day loses and against what potential.
 */
export function lostProduction(
  ctx: CoreContext,
  request: LostProductionRequest,
): LostProductionResult {
  const { connectionId, projectId, stream } = request;
  const show = displayConverter(STREAM_QUANTITY[stream], request.unitSystem);
  const { wells, fits } = projectWellsAndFits(ctx, connectionId, projectId, stream);
  // The window ends on the last day any well has a record, unless one was chosen.
  const lastDay = ctx.db
    .prepare('SELECT max(date) FROM production WHERE connection_id = ? AND well_id = ?')
    .pluck();
  const to =
    request.window?.to ??
    (wells
      .map((well) => (lastDay.get(connectionId, well.wellId) as string | null) ?? '')
      .reduce((a, b) => (b > a ? b : a), '') ||
      // No data at all: the window ends today (and loses nothing).
      new Date().toISOString().slice(0, 10));
  const from = request.window?.from ?? defaultWindowStart(to);
  // The days a trailing rate may need before the window: a year.
  const read = { from: addDays(from, -TRAILING_LOOKBACK_DAYS), to };

  const months = new Map<string, MonthLoss>(
    monthsOf(from, to).map((month) => [
      month,
      { month, byReason: noLoss(), byCause: {}, total: 0 },
    ]),
  );
  const spans = eventSpans(ctx, connectionId, projectId, from, to);
  const byCause = new Map<string, number>();
  const byReason = noLoss();
  let total = 0;
  const rows = wells.map((well): WellLossRow => {
    const fit = fits.get(well.wellId);
    const loss = wellLoss(
      readLossSeries(ctx, connectionId, well.wellId, stream, read),
      epochDay(from),
      epochDay(to),
      fit ? { model: storedModel(fit), anchorDay: epochDay(fit.anchorDate) } : null,
      spans.get(well.wellId),
    );
    const wellByReason = noLoss();
    const wellByCause = new Map<string, number>();
    for (const day of loss.days) {
      wellByReason[day.reason] += day.lost;
      const cause = causeOf(day);
      add(wellByCause, cause, day.lost);
      add(byCause, cause, day.lost);
      const month = months.get(`${day.date.slice(0, 7)}-01`) as MonthLoss;
      month.byReason[day.reason] += day.lost;
      month.byCause[cause] = (month.byCause[cause] ?? 0) + day.lost;
    }
    for (const reason of LOSS_REASONS) {
      byReason[reason] += wellByReason[reason];
      wellByReason[reason] = show(wellByReason[reason]);
    }
    total += loss.lost;
    return {
      ...well,
      basis: fit ? 'forecast' : 'trailing',
      fit: fit ? (isStale(ctx, ctx.declineFits, connectionId, fit) ? 'stale' : 'current') : 'none',
      lost: show(loss.lost),
      byReason: wellByReason,
      causes: causeList(wellByCause, show),
      shutInDays: loss.shutInDays,
      reducedRuntimeDays: loss.reducedRuntimeDays,
      unratedDays: loss.unratedDays,
    };
  });
  rows.sort((a, b) => b.lost - a.lost || a.name.localeCompare(b.name));
  const shownMonths = [...months.values()].map((month) => {
    const shown = noLoss();
    for (const reason of LOSS_REASONS) shown[reason] = show(month.byReason[reason]);
    const shownByCause: Record<string, number> = {};
    for (const [cause, volume] of Object.entries(month.byCause)) shownByCause[cause] = show(volume);
    return {
      month: month.month,
      byReason: shown,
      byCause: shownByCause,
      total: show(month.byReason['shut-in'] + month.byReason['reduced-runtime']),
    };
  });
  const shownByReason = noLoss();
  for (const reason of LOSS_REASONS) shownByReason[reason] = show(byReason[reason]);
  return {
    stream,
    from,
    to,
    trailingDays: TRAILING_FULL_DAYS,
    total: show(total),
    byReason: shownByReason,
    causes: causeList(byCause, show),
    months: shownMonths,
    wells: rows,
  };
}
