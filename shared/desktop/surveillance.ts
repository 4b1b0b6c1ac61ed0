import { z } from 'zod';
import type { WellStatus } from '../api/index.js';
import { connectionIdArg, idArg } from './common-args.js';
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
