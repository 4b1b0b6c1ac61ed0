import type { DeclineFrequency, DeclineStream } from '#shared/desktop/index.js';
import {
  exponentOf,
  firstYearDecline,
  fitDecline,
  parseIsoDay,
  rateAt,
  type DeclineModel,
  type DeclineModelKind,
  type DeclinePoint,
} from '#shared/decline/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { StoredFit } from './decline-fits-repo.js';
import type { StoredSettings } from './decline-settings-repo.js';
import { forecastOf } from './fit-forecast.js';
import {
  cumulativeVolume,
  declinePoints,
  lastProducingIndex,
  seriesFingerprint,
  type StreamSeries,
} from './well-series.js';

/**
 * Fitting one well's stream and turning the result into a fit to save:
 * everything imperial, the forecast's EUR and remaining computed under the
 * project's settings so the wells table can sort by them.
 */

export interface FitTarget {
  projectId: string;
  wellId: string;
  stream: DeclineStream;
  frequency: DeclineFrequency;
}

export interface FitContext {
  settings: StoredSettings;
  productionVersion: number;
  savedAt: string;
  /** Said with the fit when the cumulative cannot count from first production. */
  historyNote: { code: string; message: string } | null;
}

export type FitAttempt =
  | { ok: true; fit: StoredFit }
  | { ok: false; code: 'no-production' | 'too-few-points' | 'not-declining'; message: string };

/** The fit is poor above this RMSE of ln(rate), or with fewer points (fitDecline's defaults). */
const MAX_RMSE_LOG = 0.35;
const MIN_POINTS = 6;

export function fitStream(
  series: StreamSeries,
  target: FitTarget & { kind: DeclineModelKind; window?: { from: string; to: string } },
  context: FitContext,
): FitAttempt {
  const last = lastProducingIndex(series);
  if (last === null) {
    return {
      ok: false,
      code: 'no-production',
      message: `This computer holds no ${target.stream} production of this well.`,
    };
  }
  const points = declinePoints(series, target.frequency);
  const fit = fitDecline(points, {
    model: target.kind,
    ...(target.window
      ? { from: parseIsoDay(target.window.from), to: parseIsoDay(target.window.to) }
      : {}),
    dMinEffective: context.settings.dMinEffectivePercent / 100,
    maxRmseLog: MAX_RMSE_LOG,
    minPoints: MIN_POINTS,
  });
  if (!fit.model) {
    const reason = fit.reasons[0];
    return {
      ok: false,
      code:
        reason?.code === 'too-few-points' || reason?.code === 'not-declining'
          ? reason.code
          : 'no-production',
      message: reason?.message ?? 'Nothing could be fitted.',
    };
  }
  const reasons = fit.reasons.map(({ code, message }) => ({ code, message }));
  if (!reasons.some((reason) => reason.code === 'not-declining') && !declines(points, fit.used)) {
    // fitDecline says so from Di at its bound, which a modified hyperbolic never reaches: below
    // Dmin its Di no longer changes the curve. The trend of the points says it for every model.
    reasons.push({
      code: 'not-declining',
      message: 'The rates in the window do not decline: their trend is flat or rising.',
    });
  }
  return {
    ok: true,
    fit: storedFit(series, last, target, fit.model, context, {
      windowFrom: dateOf(fit.window.from),
      windowTo: dateOf(fit.window.to),
      windowChosen: target.window !== undefined,
      anchorDate: dateOf(fit.t0),
      origin: 'fitted',
      rmseLog: fit.goodness?.rmseLog ?? null,
      r2Log: fit.goodness?.r2Log ?? null,
      pointsUsed: fit.used.length,
      pointsExcluded: fit.excluded.length,
      poor: reasons.length > 0,
      reasons,
    }),
  };
}

/** True when ln(rate) of the used points falls over time (least-squares slope below zero). */
function declines(points: readonly DeclinePoint[], used: readonly number[]): boolean {
  let st = 0;
  let sy = 0;
  for (const i of used) {
    st += points[i]!.t;
    sy += Math.log(points[i]!.rate as number);
  }
  const tMean = st / used.length;
  const yMean = sy / used.length;
  let slope = 0;
  for (const i of used) {
    slope += (points[i]!.t - tMean) * (Math.log(points[i]!.rate as number) - yMean);
  }
  return slope < 0;
}

/**
 * Parameters the person edited: saved as they are, with the goodness of the
 * curve against the window's producing points (none excluded as outliers: the
 * person chose the curve, the numbers say how well it matches).
 */
export function editedFit(
  series: StreamSeries,
  target: FitTarget & { window: { from: string; to: string }; anchorDate: string },
  model: DeclineModel,
  context: FitContext,
): FitAttempt {
  const last = lastProducingIndex(series);
  if (last === null) {
    return {
      ok: false,
      code: 'no-production',
      message: `This computer holds no ${target.stream} production of this well.`,
    };
  }
  const from = parseIsoDay(target.window.from);
  const to = parseIsoDay(target.window.to);
  const anchor = parseIsoDay(target.anchorDate);
  const points = declinePoints(series, target.frequency).filter(
    (point) => point.t >= from && point.t <= to,
  );
  const { goodness, used, excluded } = goodnessOf(points, model, anchor);
  const reasons: StoredFit['reasons'] = [];
  if (used < MIN_POINTS) {
    reasons.push({
      code: 'too-few-points',
      message: `${used} producing points in the window; at least ${MIN_POINTS} are needed.`,
    });
  }
  if (goodness && goodness.rmseLog > MAX_RMSE_LOG) {
    reasons.push({
      code: 'high-rmse',
      message: `RMSE of ln(rate) is ${goodness.rmseLog.toFixed(3)}, above ${MAX_RMSE_LOG}.`,
    });
  }
  return {
    ok: true,
    fit: storedFit(series, last, target, model, context, {
      windowFrom: target.window.from,
      windowTo: target.window.to,
      // The person's parameters belong to the window they were edited over.
      windowChosen: true,
      anchorDate: target.anchorDate,
      origin: 'edited',
      rmseLog: goodness?.rmseLog ?? null,
      r2Log: goodness?.r2Log ?? null,
      pointsUsed: used,
      pointsExcluded: excluded,
      poor: reasons.length > 0,
      reasons,
    }),
  };
}

/** RMSE and R² of ln(rate) over the producing points at or after the anchor. */
export function goodnessOf(
  points: readonly DeclinePoint[],
  model: DeclineModel,
  anchor: number,
): { goodness: { rmseLog: number; r2Log: number } | null; used: number; excluded: number } {
  const observed: number[] = [];
  const residuals: number[] = [];
  let excluded = 0;
  for (const { t, rate } of points) {
    if (rate === null || !(rate > 0) || t < anchor) {
      excluded++;
      continue;
    }
    const logRate = Math.log(rate);
    observed.push(logRate);
    residuals.push(logRate - Math.log(rateAt(model, t - anchor)));
  }
  if (observed.length === 0) return { goodness: null, used: 0, excluded };
  const mean = observed.reduce((sum, value) => sum + value, 0) / observed.length;
  const total = observed.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  const squares = residuals.reduce((sum, value) => sum + value * value, 0);
  return {
    goodness: {
      rmseLog: Math.sqrt(squares / observed.length),
      r2Log: total > 0 ? 1 - squares / total : squares === 0 ? 1 : 0,
    },
    used: observed.length,
    excluded,
  };
}

type FitOutcome = Pick<
  StoredFit,
  | 'windowFrom'
  | 'windowTo'
  | 'windowChosen'
  | 'anchorDate'
  | 'origin'
  | 'rmseLog'
  | 'r2Log'
  | 'pointsUsed'
  | 'pointsExcluded'
  | 'poor'
  | 'reasons'
>;

function storedFit(
  series: StreamSeries,
  last: number,
  target: FitTarget,
  model: DeclineModel,
  context: FitContext,
  outcome: FitOutcome,
): StoredFit {
  const b = exponentOf(model);
  const fit: StoredFit = {
    projectId: target.projectId,
    wellId: target.wellId,
    stream: target.stream,
    frequency: target.frequency,
    ...outcome,
    reasons: context.historyNote ? [...outcome.reasons, context.historyNote] : outcome.reasons,
    kind: model.kind,
    qi: model.qi,
    di: model.di,
    b,
    dMin: model.kind === 'modified-hyperbolic' ? model.dMin : null,
    // The rate's own first year: a modified hyperbolic's is not the secant of Di alone.
    diEffectivePercent: 100 * firstYearDecline(model),
    lastProducingDate: series.dates[last] as string,
    cumulativeToDate: cumulativeVolume(series, last),
    eur: null,
    remaining: null,
    savedAt: context.savedAt,
    productionVersion: context.productionVersion,
    fingerprint: seriesFingerprint(series),
  };
  const forecast = forecastOf(fit, target.stream, context.settings);
  return { ...fit, eur: forecast?.eur ?? null, remaining: forecast?.remaining ?? null };
}

function dateOf(epochDay: number): string {
  return addDays('1970-01-01', Math.round(epochDay));
}
