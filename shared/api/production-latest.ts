import { z } from 'zod';
import { isoDate, isoTimestamp } from './primitives.js';

/**
 * The project's latest-production summary (an extension of our server:
 * docs/api-decisions.md, "Extensions"): for every well of the project, its
 * last producing day with that day's rates, the producing day at least
 * `changeDays` before it, and the last `sparklineDays` days of rates ending at
 * the last producing day. Rates in the project's units, named as in a
 * production record. One request instead of one production read per well.
 */

const rate = z.number().nullable();

/** A day and its three rates, as in a production record. */
export const latestDaySchema = z.object({
  date: isoDate,
  oil_rate: rate,
  gas_rate: rate,
  water_rate: rate,
});

export const wellLatestProductionSchema = z.object({
  wellId: z.string(),
  /** The latest day with an oil, gas or water rate above zero; null when the well has none. */
  latest: latestDaySchema.nullable(),
  /** The latest producing day at least `changeDays` before `latest`, within the window. */
  previous: latestDaySchema.nullable(),
  /** One value per day from `from` to `latest.date` (null for a day without a record). */
  sparkline: z
    .object({
      from: isoDate,
      oil_rate: z.array(rate),
      gas_rate: z.array(rate),
      water_rate: z.array(rate),
    })
    .nullable(),
});
export type WellLatestProduction = z.infer<typeof wellLatestProductionSchema>;

export const projectLatestProductionSchema = z.object({
  projectId: z.string(),
  generatedAt: isoTimestamp,
  /** Days of history the figures look at, ending at each well's last producing day. */
  windowDays: z.number().int(),
  changeDays: z.number().int(),
  sparklineDays: z.number().int(),
  /** Every well of the project, in the wells list's order. */
  data: z.array(wellLatestProductionSchema),
});
export type ProjectLatestProduction = z.infer<typeof projectLatestProductionSchema>;

/** The path under /api/v1, as the OpenAPI document lists it. */
export const PROJECT_LATEST_PRODUCTION_PATH = '/projects/{projectId}/production/latest';
