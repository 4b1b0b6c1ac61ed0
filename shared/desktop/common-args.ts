import { z } from 'zod';
import { isoDate, requiredString } from '../api/index.js';

/** Pieces shared by the handlers' argument schemas. */

/** An id as the API or the cache gave it: opaque, non-empty. */
export const idArg = requiredString().min(1, { message: 'must not be empty' }).max(200, {
  message: 'must be at most 200 characters',
});

/** Which connection to act on; the current one when absent. */
export const connectionIdArg = idArg.optional();

/**
 * How a read treats the server:
 * - `background` (default): answer from the cache at once and refresh what is
 *   older than the freshness window behind the caller's back, emitting
 *   `cache-changed` if anything changed. With nothing cached yet, it waits.
 * - `await`: refresh first and answer with the server's data (the cache when
 *   offline). A "Reload" button, and tests.
 */
export const REFRESH_MODES = ['background', 'await'] as const;
export type RefreshMode = (typeof REFRESH_MODES)[number];
export const refreshArg = z.enum(REFRESH_MODES).optional();

export interface DateRange {
  from: string;
  to: string;
}

export const dateRangeShape = { from: isoDate, to: isoDate };

/** For `superRefine` on any object with `from` and `to`. */
export function fromNotAfterTo(value: DateRange, ctx: z.RefinementCtx): void {
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `must not be after to (${value.to})` });
  }
}
