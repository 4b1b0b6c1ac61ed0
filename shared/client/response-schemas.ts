import { z } from 'zod';
import {
  aggregationSchema,
  isProductionField,
  unitSystemSchema,
  wellStatusSchema,
  wellTypeSchema,
  type Aggregation,
  type ProductionField,
  type SeriesItem,
} from '../api/index.js';

/**
 * Response schemas that rely only on docs/api-v1.md, not on our server's decisions,
 * so the client also works against the hosted service:
 * - a member that may be unset is accepted as null OR absent, and returned as null;
 * - unknown members are stripped (z.object's default), never an error;
 * - extensions (well `updatedAt`) are read when sent, null otherwise.
 * The shared/api resource schemas are the server's exact output and too strict here.
 */

/** An optional member: null or absent in, null out. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | null => value ?? null);
}

export const apiProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  // The spec does not say description is required on creation, so it may be unset.
  description: optional(z.string()),
  // timezone and unitSystem have defaults on creation (docs/api-v1.md), so a project always has them.
  timezone: z.string(),
  unitSystem: unitSystemSchema,
  wellCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A project as the client returns it. */
export type ApiProject = z.output<typeof apiProjectSchema>;

export const apiWellSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  apiNumber: optional(z.string()),
  type: wellTypeSchema,
  status: wellStatusSchema,
  latitude: optional(z.number()),
  longitude: optional(z.number()),
  spudDate: optional(z.string()),
  firstProductionDate: optional(z.string()),
  lateralLength: optional(z.number()),
  perfInterval: optional(z.object({ topMd: z.number(), bottomMd: z.number() })),
  createdAt: z.string(),
  /** Extension of our server: null when the service does not send it. */
  updatedAt: optional(z.string()),
});
/** A well as the client returns it. */
export type ApiWell = z.output<typeof apiWellSchema>;

export interface ListPage<T> {
  data: T[];
  /** null on the last page (absent is read as null too). */
  nextCursor: string | null;
  total: number;
}

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: optional(z.string()),
    total: z.number().int(),
  });
}

export interface ApiProductionSeries {
  wellId: string;
  from: string;
  to: string;
  aggregation: Aggregation;
  /** `date` first, then the fields, limited to the production fields this client knows. */
  fields: Array<'date' | ProductionField>;
  /** Each item has `date` and every field of `fields`, null where the value is missing. */
  data: SeriesItem[];
}

const seriesWireSchema = z.object({
  wellId: z.string(),
  from: z.string(),
  to: z.string(),
  aggregation: aggregationSchema,
  fields: z.array(z.string()),
  // Values are checked below, once we know which members are fields we understand.
  data: z.array(z.looseObject({ date: z.string() })),
});

/**
 * The production series, normalised: unknown field names (a newer service may
 * add some) are dropped, and a requested field missing from an item becomes null.
 */
export const apiProductionSeriesSchema = seriesWireSchema.transform(
  (wire, ctx): ApiProductionSeries => {
    // The service's column order, minus names we do not know and repeats.
    const fields = [...new Set(wire.fields.filter(isProductionField))];
    const data = wire.data.map((item, index): SeriesItem => {
      const out: SeriesItem = { date: item.date };
      for (const field of fields) {
        const value = item[field];
        if (value === undefined || value === null) {
          out[field] = null;
        } else if (typeof value === 'number' && Number.isFinite(value)) {
          out[field] = value;
        } else {
          ctx.addIssue({
            code: 'custom',
            path: ['data', index, field],
            message: 'must be a number or null',
          });
        }
      }
      return out;
    });
    return {
      wellId: wire.wellId,
      from: wire.from,
      to: wire.to,
      aggregation: wire.aggregation,
      fields: ['date', ...fields],
      data,
    };
  },
);

export const apiIngestResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  total: z.number().int(),
});

export const apiDeleteResultSchema = z.object({ deleted: z.number().int() });

/** The error envelope, tolerant: only code and message are needed; bad `details` are dropped. */
export const apiErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().nullish().catch(undefined),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .nullish()
      .catch(undefined),
  }),
});
