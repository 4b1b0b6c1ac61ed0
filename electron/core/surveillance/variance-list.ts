import type { UnitSystem } from '#shared/api/index.js';
import { epochDay } from '#shared/dates/iso-day.js';
import type { DeclineStream, VarianceListResult, WellVarianceRow } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { storedModel } from '../decline/fit-forecast.js';
import { isStale } from '../decline/staleness.js';
import { STREAM_QUANTITY } from '../decline/stream-units.js';
import { displayConverter } from '../units/cache-units.js';
import { readStreamDays } from './read-series.js';
import { projectWellsAndFits } from './project-wells.js';
import { wellVariance } from './well-variance.js';

export interface VarianceRequest {
  connectionId: string;
  projectId: string;
  unitSystem: UnitSystem;
  stream: DeclineStream;
  windowDays: number;
  tolerancePercent: number;
}

/**
 * Every well of a project against its saved forecast of one stream, fits taken as saved
 * (a stale one is marked, not refitted: the person decides), wells without a fit listed
 * as such. Volumes are sums of daily rates, converted to the project's units like rates
 * (a barrel per day and a barrel convert alike).
 */
export function varianceList(ctx: CoreContext, request: VarianceRequest): VarianceListResult {
  const { connectionId, projectId, stream } = request;
  const show = displayConverter(STREAM_QUANTITY[stream], request.unitSystem);
  const volume = (value: number | null) => (value === null ? null : show(value));
  const { wells, fits } = projectWellsAndFits(ctx, connectionId, projectId, stream);

  const rows = wells.map((well): WellVarianceRow => {
    const base = well;
    const fit = fits.get(well.wellId);
    if (!fit) return { ...base, ...EMPTY, fit: 'none' };
    const state = isStale(ctx, ctx.declineFits, connectionId, fit) ? 'stale' : 'current';
    const series = readStreamDays(ctx, connectionId, well.wellId, stream);
    const result = wellVariance(
      series,
      storedModel(fit),
      epochDay(fit.anchorDate),
      request.windowDays,
      request.tolerancePercent / 100,
    );
    if (!result) return { ...base, ...EMPTY, fit: state };
    return {
      ...base,
      fit: state,
      from: result.from,
      to: result.to,
      days: result.days,
      actual: volume(result.actual),
      forecast: volume(result.forecast),
      volumeVariance: volume(result.volumeVariance),
      percentVariance: result.percentVariance,
      divergedSince: result.divergedSince,
    };
  });
  rows.sort(
    (a, b) =>
      (a.volumeVariance ?? Infinity) - (b.volumeVariance ?? Infinity) ||
      a.name.localeCompare(b.name),
  );
  return {
    stream,
    windowDays: request.windowDays,
    tolerancePercent: request.tolerancePercent,
    wells: rows,
  };
}

const EMPTY = {
  from: null,
  to: null,
  days: 0,
  actual: null,
  forecast: null,
  volumeVariance: null,
  percentVariance: null,
  divergedSince: null,
} as const;
