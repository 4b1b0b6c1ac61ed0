import { z } from 'zod';
import { finiteNumber, isoDate } from './primitives.js';
import { FIELD_RULES, PRODUCTION_FIELDS, type ProductionField } from './production-fields.js';
import { convertsFinitely, UNCONVERTIBLE_MESSAGE } from './units.js';

function fieldValueSchema(field: ProductionField) {
  const { min, max, quantity } = FIELD_RULES[field];
  let schema = finiteNumber.min(min, {
    message: max === Infinity ? `must be ≥ ${min}` : `must be between ${min} and ${max}`,
  });
  if (max !== Infinity) schema = schema.max(max, { message: `must be between ${min} and ${max}` });
  return schema
    .refine((value) => convertsFinitely(quantity, value), { message: UNCONVERTIBLE_MESSAGE })
    .nullable()
    .optional();
}

const recordShape = Object.fromEntries(
  PRODUCTION_FIELDS.map((field) => [field, fieldValueSchema(field)]),
) as { [F in ProductionField]: ReturnType<typeof fieldValueSchema> };

/** A record as a client sends it: `date` plus any production fields. */
export const productionRecordInputSchema = z.strictObject({ date: isoDate, ...recordShape });
export type ProductionRecordInput = z.infer<typeof productionRecordInputSchema>;

/** A full daily record: every field present, `null` where unset. */
export type ProductionRecord = { date: string } & { [F in ProductionField]: number | null };

export const MAX_RECORDS_PER_POST = 10_000;

export const productionIngestSchema = z
  .strictObject({
    records: z
      .array(productionRecordInputSchema)
      .min(1, { message: 'must hold at least one record' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.records.forEach((record, index) => {
      const first = seen.get(record.date);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['records', index, 'date'],
          message: `date ${record.date} is repeated (first at records[${first}])`,
        });
      } else {
        seen.set(record.date, index);
      }
    });
  });
export type ProductionIngest = z.infer<typeof productionIngestSchema>;

export const ingestResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  total: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

export const deleteResultSchema = z.object({ deleted: z.number().int() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const AGGREGATIONS = ['daily', 'monthly'] as const;
export const aggregationSchema = z.enum(AGGREGATIONS);
export type Aggregation = z.infer<typeof aggregationSchema>;

/** One period of a series: `date` plus the requested fields. */
export type SeriesItem = { date: string } & Partial<Record<ProductionField, number | null>>;

export const productionSeriesSchema = z.object({
  wellId: z.string(),
  from: z.string(),
  to: z.string(),
  aggregation: aggregationSchema,
  fields: z.array(z.string()),
  data: z.array(z.object({ date: z.string() }).catchall(z.number().nullable())),
});
export type ProductionSeries = {
  wellId: string;
  from: string;
  to: string;
  aggregation: Aggregation;
  fields: Array<'date' | ProductionField>;
  data: SeriesItem[];
};

export { isoDate };
