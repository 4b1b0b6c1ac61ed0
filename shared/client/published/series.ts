import { z } from 'zod';
import {
  AGGREGATIONS,
  PRODUCTION_FIELDS,
  isProductionField,
  type Aggregation,
  type ProductionField,
  type SeriesItem,
} from '../../api/index.js';
import { knownValueOrNull, optional } from './members.js';

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

/** What the request asked for: the fallback of every member the body leaves out. */
export interface SeriesRequest {
  wellId: string;
  from: string;
  to: string;
  aggregation?: Aggregation | undefined;
  fields?: readonly ProductionField[] | undefined;
}

const seriesWireSchema = z.object({
  wellId: optional(z.string()),
  from: optional(z.string()),
  to: optional(z.string()),
  aggregation: knownValueOrNull(AGGREGATIONS),
  fields: optional(z.array(z.string())),
  // Required although the published schema does not say so: read as no days, a body
  // without it would empty the cached range. Values are checked below, once we know
  // which members are fields we understand.
  data: z.array(z.record(z.string(), z.unknown())),
});

/** The fields of a body without `fields`: those asked for, else the known ones its items carry. */
function fieldsWhenUnnamed(
  request: SeriesRequest,
  items: ReadonlyArray<Record<string, unknown>>,
): ProductionField[] {
  if (request.fields !== undefined) return [...request.fields];
  return PRODUCTION_FIELDS.filter((field) => items.some((item) => field in item));
}

/**
 * The production series of a response, normalised: unknown field names (a
 * newer service may add some) dropped, a field missing from an item null, an
 * item without a date left out (it cannot be placed on a day), and every
 * member the body does not carry taken from the request (aggregation: the
 * request's, else `daily`, the documented default).
 */
export function seriesSchema(request: SeriesRequest) {
  return seriesWireSchema.transform((wire, ctx): ApiProductionSeries => {
    const items = wire.data.filter(
      (item): item is Record<string, unknown> & { date: string } => typeof item.date === 'string',
    );
    const named = wire.fields === null ? fieldsWhenUnnamed(request, items) : wire.fields;
    // The service's column order, minus names we do not know and repeats.
    const fields = [...new Set(named.filter(isProductionField))];
    const data = items.map((item, index): SeriesItem => {
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
      wellId: wire.wellId ?? request.wellId,
      from: wire.from ?? request.from,
      to: wire.to ?? request.to,
      aggregation: wire.aggregation ?? request.aggregation ?? 'daily',
      fields: ['date', ...fields],
      data,
    };
  });
}
