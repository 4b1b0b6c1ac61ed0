import { z } from 'zod';
import { isoDate } from './primitives.js';
import { PRODUCTION_FIELDS, isProductionField, type ProductionField } from './production-fields.js';
import { aggregationSchema } from './production.js';
import { wellStatusSchema, wellTypeSchema } from './well.js';

export const PAGE_LIMITS = {
  projects: { default: 50, max: 200 },
  wells: { default: 100, max: 1000 },
} as const;

/** A query parameter given once (a repeated one arrives as an array and is refused). */
const single = z.string({
  error: (issue) => (Array.isArray(issue.input) ? 'must be given only once' : 'must be a string'),
});

function limitSchema(max: number) {
  return single
    .regex(/^\d+$/, { message: `must be a whole number from 1 to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { message: `must be a whole number from 1 to ${max}` })
        .max(max, { message: `must be a whole number from 1 to ${max}` }),
    );
}

export const projectsListQuerySchema = z.strictObject({
  limit: limitSchema(PAGE_LIMITS.projects.max).optional(),
  cursor: single.optional(),
});
export type ProjectsListQuery = z.infer<typeof projectsListQuerySchema>;

export const wellsListQuerySchema = z.strictObject({
  limit: limitSchema(PAGE_LIMITS.wells.max).optional(),
  cursor: single.optional(),
  type: single.pipe(wellTypeSchema).optional(),
  status: single.pipe(wellStatusSchema).optional(),
  search: single.max(200, { message: 'must be at most 200 characters' }).optional(),
});
export type WellsListQuery = z.infer<typeof wellsListQuerySchema>;

const dateParam = single.pipe(isoDate);

/**
 * `fields=a,b` or `fields=a&fields=b`; unknown names refused, duplicates collapsed, table order.
 * `date` may be named too (it heads the contract's field table and every item carries it), so
 * `fields=date,oil_rate` is oil_rate and `fields=date` alone is the dates without values.
 */
const fieldsParam = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx): ProductionField[] => {
    const names = (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .filter((name) => name.trim() !== 'date');
    const unknown = names.map((name) => name.trim()).filter((name) => !isProductionField(name));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown field ${unknown.map((name) => JSON.stringify(name)).join(', ')}; allowed: ${PRODUCTION_FIELDS.join(', ')}`,
      });
      return z.NEVER;
    }
    const wanted = new Set(names.map((name) => name.trim()));
    return PRODUCTION_FIELDS.filter((field) => wanted.has(field));
  });

function fromNotAfterTo(query: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `must not be after to (${query.to})` });
  }
}

export const productionGetQuerySchema = z
  .strictObject({
    from: dateParam,
    to: dateParam,
    fields: fieldsParam.optional(),
    aggregation: single.pipe(aggregationSchema).optional(),
  })
  .superRefine(fromNotAfterTo);
export type ProductionGetQuery = z.infer<typeof productionGetQuerySchema>;

export const productionDeleteQuerySchema = z
  .strictObject({ from: dateParam, to: dateParam })
  .superRefine(fromNotAfterTo);
export type ProductionDeleteQuery = z.infer<typeof productionDeleteQuerySchema>;

/** Endpoints that take no query parameters still refuse unknown ones. */
export const emptyQuerySchema = z.strictObject({});
