import { z } from 'zod';
import { SCREENING_STREAMS, type ScreeningStream } from '../production/screening.js';
import { connectionIdArg, idArg } from './common-args.js';

/**
 * The wells table's screening figures (shared/production/screening.ts) and
 * their background fill: screening-fill-start/status/cancel, and the
 * `screening-progress` event. The core fills the figures of the project in
 * view for wells that have none or stale ones, from the cache where it holds
 * the recent rows, else from the server: one summary request where the server
 * offers it (an extension of ours), otherwise the last ~120 days of each well.
 */

export { SCREENING_STREAMS, type ScreeningStream };
export const screeningStreamSchema = z.enum(SCREENING_STREAMS);

/** A well's screening figures beside WellView.lastProduction. */
export interface WellScreening {
  /** When the server rows they come from were fetched (ISO time). */
  asOf: string;
  /**
   * Percent change of each stream's rate on the last producing day against the
   * producing day 30 days (or more) before; null without a positive base.
   */
  change: Record<ScreeningStream, number | null>;
  /**
   * 90 daily rates ending at the last producing day, of each stream wells-list
   * was asked for (`sparklines`), in the project's units; null for a day without
   * a value. Empty when none was asked for or the well has no producing day.
   */
  sparklines: Partial<Record<ScreeningStream, Array<number | null>>>;
}

export type ScreeningFillState = 'idle' | 'running' | 'done' | 'cancelled' | 'failed' | 'offline';

export interface ScreeningStatus {
  projectId: string | null;
  /** `offline`: the server could not be reached; what the cache holds was used. */
  state: ScreeningFillState;
  /** Wells this run updates (those without figures, or with stale ones). */
  total: number;
  done: number;
  /** Server requests this run made (the OpenAPI document, summary or production reads). */
  requests: number;
  /** How the figures were got: the server's summary, one read per well, or the cache alone. */
  path: 'summary' | 'per-well' | 'cache' | null;
  /**
   * The oldest `asOf` of the project's wells with figures: what the table's
   * "as of" note says. null when no well has figures.
   */
  asOf: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

const projectArgs = { connectionId: connectionIdArg, projectId: idArg };

export const screeningFillStartArgsSchema = z.strictObject(projectArgs);
export type ScreeningFillStartArgs = z.infer<typeof screeningFillStartArgsSchema>;
export const screeningFillStatusArgsSchema = z.strictObject(projectArgs);
export type ScreeningFillStatusArgs = z.infer<typeof screeningFillStatusArgsSchema>;
export const screeningFillCancelArgsSchema = z.strictObject(projectArgs);
export type ScreeningFillCancelArgs = z.infer<typeof screeningFillCancelArgsSchema>;
