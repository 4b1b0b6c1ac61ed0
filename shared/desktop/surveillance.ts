import { z } from 'zod';
import type { WellStatus } from '../api/index.js';
import { isoDate } from '../api/index.js';
import { connectionIdArg, fromNotAfterTo, idArg } from './common-args.js';
import { DECLINE_STREAMS, type DeclineStream } from './decline.js';

/**
 * Surveillance: which wells produce less than their saved forecast. Declared here;
 * implemented by electron/core/surveillance from the production on this computer.
 */

export const varianceListArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  stream: z.enum(DECLINE_STREAMS).optional(),
  /** The last N days with a record of the stream (default 30). */
  windowDays: z.number().int().min(1).max(366).optional(),
  /** A day is off its forecast when below it by more than this (default 10 %). */
  tolerancePercent: z.number().min(0).max(100).optional(),
});
export type VarianceListArgs = z.infer<typeof varianceListArgsSchema>;

/** Volumes in the project's units (bbl, Mscf, m³, 10³m³). */
export interface WellVarianceRow {
  wellId: string;
  name: string;
  status: WellStatus | null;
  /** The saved fit the forecast comes from: current, stale (production changed since), none. */
  fit: 'current' | 'stale' | 'none';
  /** Null without a fit, or without a day of data after the fit's start. */
  from: string | null;
  to: string | null;
  days: number;
  actual: number | null;
  forecast: number | null;
  volumeVariance: number | null;
  percentVariance: number | null;
  /** The first day of the current run below the forecast by more than the tolerance. */
  divergedSince: string | null;
}

export interface VarianceListResult {
  stream: DeclineStream;
  windowDays: number;
  tolerancePercent: number;
  /** The largest shortfall first; wells without a fit or data last. */
  wells: WellVarianceRow[];
}

/**
 * Why production was lost on a day. Until an event records a reason, a day is put down to
 * what its record shows: shut in (no runtime) or reduced runtime (less than 24 h).
 */
export const LOSS_REASONS = ['shut-in', 'reduced-runtime'] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

export const lostProductionArgsSchema = z
  .strictObject({
    connectionId: connectionIdArg,
    projectId: idArg,
    stream: z.enum(DECLINE_STREAMS).optional(),
    /**
     * The days to total, both included. Default: the project's last day with data and the
     * two calendar months before its month (the month so far and two whole months).
     */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.from === undefined ? 'from' : 'to'],
        message: 'from and to go together: give both, or neither for the default window',
      });
    } else if (value.from !== undefined && value.to !== undefined) {
      fromNotAfterTo({ from: value.from, to: value.to }, ctx);
    }
  });
export type LostProductionArgs = z.infer<typeof lostProductionArgsSchema>;

/** Volumes in the project's units (bbl, Mscf, m³, 10³m³). */
export type VolumeByReason = Record<LossReason, number>;

/**
 * What lost production is put down to: a day a well event covers, to the event's category
 * (shared/desktop/well-events.ts); a day none covers, to its kind, as "no event recorded".
 */
export const UNRECORDED_CAUSE: Record<LossReason, string> = {
  'shut-in': 'Shut in, no event recorded',
  'reduced-runtime': 'Reduced runtime, no event recorded',
};

/** A cause and the volume lost to it, in the project's units. */
export interface CauseVolume {
  cause: string;
  /** True for an event's category; false for a kind of day without an event. */
  recorded: boolean;
  volume: number;
}

export interface WellLossRow {
  wellId: string;
  name: string;
  status: WellStatus | null;
  /**
   * The potential's source: the saved forecast (current or stale, as variance marks it),
   * or the trailing 30 full producing days' mean rate for a well without a fit.
   */
  basis: 'forecast' | 'trailing';
  fit: 'current' | 'stale' | 'none';
  lost: number;
  byReason: VolumeByReason;
  /** The well's causes, the largest first. */
  causes: CauseVolume[];
  shutInDays: number;
  reducedRuntimeDays: number;
  /** Shut-in or reduced days without a potential to rate them (no fit, no full day before). */
  unratedDays: number;
}

export interface MonthLoss {
  /** The month's first day. */
  month: string;
  byReason: VolumeByReason;
  /** Volume per cause (the causes of the result's `causes`); causes without loss left out. */
  byCause: Record<string, number>;
  total: number;
}

export interface LostProductionResult {
  stream: DeclineStream;
  from: string;
  to: string;
  /** Full producing days the trailing rate averages. */
  trailingDays: number;
  total: number;
  byReason: VolumeByReason;
  /** Every cause in the window, the largest first: the chart's stack and its legend. */
  causes: CauseVolume[];
  /** Every month of the window, in order, lost or not. */
  months: MonthLoss[];
  /** Wells that lost production, the most first; then the rest by name. */
  wells: WellLossRow[];
}
