import { z } from 'zod';
import { finiteNumber, isoDate } from '../api/index.js';
import { connectionIdArg, dateRangeShape, fromNotAfterTo, idArg } from './common-args.js';

/**
 * Decline analysis on the desktop (docs/architecture.md, "Decline analysis"):
 * fits saved per well and stream on this computer, the project's forecast
 * settings, and "Forecast all wells". The maths is shared/decline's; these are
 * the handlers' arguments and results.
 *
 * Units: rates in the project's units per day (bbl/d, Mcf/d, m³/d), volumes in
 * its volume units (bbl, Mcf, m³). Declines on the wire are NOMINAL per year,
 * as shared/decline's DeclineModel holds them; the UI shows effective (annual
 * secant) beside them and converts what the person types.
 */

export const DECLINE_STREAMS = ['oil', 'gas', 'water'] as const;
export type DeclineStream = (typeof DECLINE_STREAMS)[number];
export const declineStreamSchema = z.enum(DECLINE_STREAMS);

/** Daily rates, or each calendar month's average daily rate. */
export const DECLINE_FREQUENCIES = ['daily', 'monthly'] as const;
export type DeclineFrequency = (typeof DECLINE_FREQUENCIES)[number];
export const declineFrequencySchema = z.enum(DECLINE_FREQUENCIES);

export const DECLINE_MODEL_KINDS = [
  'exponential',
  'hyperbolic',
  'harmonic',
  'modified-hyperbolic',
] as const;
export const declineModelKindSchema = z.enum(DECLINE_MODEL_KINDS);

const positive = (what: string) =>
  finiteNumber.refine((value) => value > 0, { message: `${what} must be greater than 0` });
const exponent = finiteNumber.refine((value) => value >= 0 && value <= 2, {
  message: 'b must be between 0 and 2',
});

/** shared/decline's DeclineModel, validated: qi per day, di and dMin nominal per year. */
export const declineModelSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('exponential'), qi: positive('qi'), di: positive('Di') }),
  z.strictObject({ kind: z.literal('harmonic'), qi: positive('qi'), di: positive('Di') }),
  z.strictObject({
    kind: z.literal('hyperbolic'),
    qi: positive('qi'),
    di: positive('Di'),
    b: exponent,
  }),
  z.strictObject({
    kind: z.literal('modified-hyperbolic'),
    qi: positive('qi'),
    di: positive('Di'),
    b: exponent,
    dMin: positive('Dmin'),
  }),
]);

/** A project's forecast settings, kept on this computer. */
export interface DeclineSettings {
  /** The model "Fit decline" and "Forecast all wells" use. Default modified-hyperbolic. */
  model: (typeof DECLINE_MODEL_KINDS)[number];
  /** Terminal decline of the modified hyperbolic, effective %/yr. Default 6. */
  dMinEffectivePercent: number;
  /** Economic limit rates per stream, in the project's units per day. */
  economicLimit: Record<DeclineStream, number>;
  /** A last forecast day (ISO date), or null: forecast to the limit, at most `maxYears`. */
  endDate: string | null;
  /**
   * The forecast's cap in years of 365.25 days (default 50): a curve that has not reached
   * the limit or the end date by then stops there, so every EUR is finite.
   */
  maxYears: number;
}

/** The bounds of the forecast cap: a year is the least a forecast is worth, 100 years ample. */
export const DECLINE_MAX_YEARS_RANGE = { min: 1, max: 100 } as const;

export const declineSettingsSchema = z.strictObject({
  model: declineModelKindSchema,
  dMinEffectivePercent: finiteNumber.refine((value) => value > 0 && value < 100, {
    message: 'Dmin must be between 0 and 100 %/yr (effective)',
  }),
  economicLimit: z.strictObject({
    oil: positive('the oil economic limit'),
    gas: positive('the gas economic limit'),
    water: positive('the water economic limit'),
  }),
  endDate: isoDate.nullable(),
  maxYears: finiteNumber.refine(
    (value) => value >= DECLINE_MAX_YEARS_RANGE.min && value <= DECLINE_MAX_YEARS_RANGE.max,
    {
      message: `maxYears (the forecast cap) must be between ${DECLINE_MAX_YEARS_RANGE.min} and ${DECLINE_MAX_YEARS_RANGE.max} years`,
    },
  ),
}) satisfies z.ZodType<DeclineSettings>;

/** The forecast of a saved fit under the project's current settings. */
export interface DeclineForecastSummary {
  /** First forecast day: the day after the last producing day. */
  startDate: string;
  endDate: string;
  endReason: 'economic-limit' | 'end-date' | 'max-duration' | 'below-limit-at-start';
  /** Cumulative volume since first production up to startDate (Np, Gp or Wp). */
  cumulativeToDate: number;
  eur: number;
  /** EUR − cumulativeToDate. */
  remaining: number;
  daysToLimit: number;
  /** Calendar months of the forecast: `YYYY-MM` and the volume produced in it. */
  months: { month: string; volume: number }[];
}

/** One saved fit: a well's stream, on this computer. */
export interface SavedDeclineFit {
  wellId: string;
  stream: DeclineStream;
  frequency: DeclineFrequency;
  /** The fit window the person chose (or the default: peak to last producing day). */
  window: { from: string; to: string };
  /** The person chose the window; false for the default one. */
  windowChosen: boolean;
  /** The day qi refers to (the start of the window the fit used). */
  anchorDate: string;
  model: z.infer<typeof declineModelSchema>;
  /** `fitted` straight from the data; `edited` once the person changed a parameter. */
  origin: 'fitted' | 'edited';
  /** Over the points used in the window, in ln(rate); null when nothing could be compared. */
  goodness: { rmseLog: number; r2Log: number } | null;
  pointsUsed: number;
  /** Points in the window left out (not producing, or outliers). */
  pointsExcluded: number;
  poor: boolean;
  reasons: { code: string; message: string }[];
  savedAt: string;
  /** The well's production on this computer changed after the fit was saved. */
  stale: boolean;
  forecast: DeclineForecastSummary | null;
}

/** What the wells table shows of a well's saved fit of one stream. */
export interface WellDeclineSummary {
  eur: number | null;
  remaining: number | null;
  b: number;
  /** Initial decline, effective %/yr (annual secant for b > 0). */
  diEffectivePercent: number;
  rmseLog: number | null;
  poor: boolean;
  stale: boolean;
}

const projectArgs = { connectionId: connectionIdArg, projectId: idArg };
const wellArgs = { ...projectArgs, wellId: idArg };

export const declineSettingsGetArgsSchema = z.strictObject(projectArgs);
export type DeclineSettingsGetArgs = z.infer<typeof declineSettingsGetArgsSchema>;

export const declineSettingsSaveArgsSchema = z.strictObject({
  ...projectArgs,
  settings: declineSettingsSchema,
});
export type DeclineSettingsSaveArgs = z.infer<typeof declineSettingsSaveArgsSchema>;

const windowSchema = z.strictObject(dateRangeShape).superRefine(fromNotAfterTo);

/** Fit from the production this computer holds (fetched first when online and missing), then save. */
export const declineFitRunArgsSchema = z.strictObject({
  ...wellArgs,
  stream: declineStreamSchema,
  frequency: declineFrequencySchema,
  /** Default: from the peak after first production to the last producing day. */
  window: windowSchema.optional(),
  /** Default: the project's settings' model. */
  model: declineModelKindSchema.optional(),
});
export type DeclineFitRunArgs = z.infer<typeof declineFitRunArgsSchema>;

/** Save parameters the person edited; goodness is recomputed against the window's data. */
export const declineFitSaveArgsSchema = z.strictObject({
  ...wellArgs,
  stream: declineStreamSchema,
  frequency: declineFrequencySchema,
  window: windowSchema,
  anchorDate: isoDate,
  model: declineModelSchema,
});
export type DeclineFitSaveArgs = z.infer<typeof declineFitSaveArgsSchema>;

export const declineFitsGetArgsSchema = z.strictObject(wellArgs);
export type DeclineFitsGetArgs = z.infer<typeof declineFitsGetArgsSchema>;
export interface DeclineFitsGetResult {
  fits: SavedDeclineFit[];
}

export const declineFitDeleteArgsSchema = z.strictObject({
  ...wellArgs,
  stream: declineStreamSchema,
});
export type DeclineFitDeleteArgs = z.infer<typeof declineFitDeleteArgsSchema>;
export interface DeclineFitDeleteResult {
  deleted: boolean;
}

/** Who saved a fit: the person's edit, a run over the project, a fit of one well, a restore. */
export const DECLINE_FIT_SOURCES = [
  'manual-edit',
  'forecast-all',
  'single-well-fit',
  'restore',
  /** Saved before this computer kept a history of fits (who is not known). */
  'before-history',
] as const;
export type DeclineFitSource = (typeof DECLINE_FIT_SOURCES)[number];

/** One fit of a well's stream as it was saved, in the project's units. */
export interface DeclineFitHistoryEntry {
  id: number;
  source: DeclineFitSource;
  /** When it was saved (for a restore: when it was restored). */
  recordedAt: string;
  /** For a restore, the entry it brought back. */
  restoredFrom: number | null;
  /** This entry is the stream's current fit. */
  current: boolean;
  frequency: DeclineFrequency;
  window: { from: string; to: string };
  /** The person chose the window; false for the default (peak to last producing day). */
  windowChosen: boolean;
  anchorDate: string;
  model: z.infer<typeof declineModelSchema>;
  origin: 'fitted' | 'edited';
  goodness: { rmseLog: number; r2Log: number } | null;
  /** EUR as it was saved (its settings then), in the project's volume units. */
  eur: number | null;
}

export const declineFitHistoryArgsSchema = z.strictObject({
  ...wellArgs,
  stream: declineStreamSchema,
});
export type DeclineFitHistoryArgs = z.infer<typeof declineFitHistoryArgsSchema>;
export interface DeclineFitHistoryResult {
  /** The latest first. */
  entries: DeclineFitHistoryEntry[];
}

/** Save an earlier fit of the history as the stream's current fit (recorded as a restore). */
export const declineFitRestoreArgsSchema = z.strictObject({
  ...wellArgs,
  stream: declineStreamSchema,
  entryId: z.number().int().positive(),
});
export type DeclineFitRestoreArgs = z.infer<typeof declineFitRestoreArgsSchema>;

/** A well "Forecast all wells" could not fit well, or did not fit, and why. */
export interface ForecastAllListed {
  wellId: string;
  wellName: string;
  reason: string;
}

export interface ForecastAllStatus {
  projectId: string | null;
  state: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  stream: DeclineStream;
  /** Wells of the project in the cache. */
  total: number;
  /** Wells handled so far (fitted, poor or skipped). */
  done: number;
  fitted: number;
  /** Fitted, but the fit is poor. */
  poor: ForecastAllListed[];
  /** Not fitted: no production on this computer, too little history, nothing declining. */
  skipped: ForecastAllListed[];
  /**
   * Not replaced: the well's fit was edited by hand, or saved on another basis than the
   * run's (other rates, or a window the person chose). Empty when the run replaces them.
   */
  kept: ForecastAllKept[];
  /** Wells without production on this computer (offer to download them). */
  missingProduction: number;
  /**
   * While running: wells whose history is still being brought to this computer; the fits
   * start once they are here (online, every well is fitted on its whole history).
   */
  fetching: number;
  /** Wells whose whole history is not on this computer (offline): fitted on what is here. */
  notWhole: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

/** A well whose fit Forecast all kept, and why: `edited`, or its `frequency` or `window`. */
export interface ForecastAllKept extends ForecastAllListed {
  why: 'edited' | 'frequency' | 'window';
  /** The kept fit's rates (for `frequency`: not the run's). */
  frequency: DeclineFrequency;
}

export const forecastAllStartArgsSchema = z.strictObject({
  ...projectArgs,
  stream: declineStreamSchema,
  frequency: declineFrequencySchema.optional(),
  /**
   * Replace the fits edited by hand or saved on another basis (other rates, a chosen
   * window) too. Default false: they are kept and listed in `kept`.
   */
  replaceKept: z.boolean().optional(),
});
export type ForecastAllStartArgs = z.infer<typeof forecastAllStartArgsSchema>;

export const forecastAllStatusArgsSchema = z.strictObject(projectArgs);
export type ForecastAllStatusArgs = z.infer<typeof forecastAllStatusArgsSchema>;
export const forecastAllCancelArgsSchema = z.strictObject(projectArgs);
export type ForecastAllCancelArgs = z.infer<typeof forecastAllCancelArgsSchema>;
