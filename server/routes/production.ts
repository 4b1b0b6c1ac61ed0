import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_RECORDS_PER_POST,
  PRODUCTION_FIELDS,
  deleteResultSchema,
  emptyQuerySchema,
  ingestResultSchema,
  isValidIngestFast,
  productionDeleteQuerySchema,
  productionGetQuerySchema,
  productionIngestSchema,
  productionSeriesSchema,
  type ProductionField,
} from '#shared/api/index.js';
import { ApiError } from '../http/api-error.js';
import { errorResponses } from '../openapi/responses.js';
import type { RouteDeps } from './deps.js';
import { recordToStored } from './representation.js';
import { ResponseCache } from './response-cache.js';
import { loadedWell } from './route-contract.js';
import { monthlySumsBody } from '../serialize/monthly-json.js';
import { packedDailyBody, sendJsonBody } from '../serialize/series-json.js';

export const PRODUCTION = '/api/v1/projects/:projectId/wells/:wellId/production';
export const wellParams = z.object({ projectId: z.string(), wellId: z.string() });

/** Daily production of a well: read (daily or monthly), upsert, delete a range. */
export const productionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reading the same well and range again (a chart redrawn, a second client) costs one lookup.
  const cache = new ResponseCache();
  app.get(
    PRODUCTION,
    {
      config: { scope: 'read:production', load: 'well' },
      schema: {
        summary: 'Read daily or monthly production',
        params: wellParams,
        querystring: productionGetQuerySchema,
        response: { 200: productionSeriesSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { project, well } = loadedWell(request);
      const fields: ProductionField[] = query.fields ?? [...PRODUCTION_FIELDS];
      const aggregation = query.aggregation ?? 'daily';
      const key = [
        well.id,
        well.dataVersion,
        project.unitSystem,
        aggregation,
        query.from,
        query.to,
        fields.join(','),
      ].join('|');
      let body = cache.get(key);
      if (body === undefined) {
        const header = {
          wellId: well.id,
          from: query.from,
          to: query.to,
          fields: ['date' as const, ...fields],
        };
        if (aggregation === 'daily') {
          // Packed months: a row per month read, not a row per day (monthly-sums.ts).
          const months = await deps.production.readPacked(well.seq, query.from, query.to);
          body = packedDailyBody(header, months, fields, project.unitSystem);
        } else {
          // Stored monthly sums: a row per month read, not a row per day.
          const months = await deps.production.readMonthly(
            well.seq,
            query.from,
            query.to,
            project.unitSystem,
          );
          body = monthlySumsBody(header, months, fields, project.unitSystem);
        }
        cache.offer(key, body);
      }
      return sendJsonBody(reply, body);
    },
  );

  app.post(
    PRODUCTION,
    {
      config: { scope: 'write:wells', load: 'well', screenBody: screenIngestBody },
      schema: {
        summary: 'Upsert up to 10,000 daily records, all or nothing',
        params: wellParams,
        querystring: emptyQuerySchema,
        body: productionIngestSchema,
        response: {
          200: ingestResultSchema,
          ...errorResponses('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
        },
      },
    },
    async (request) => {
      const { project, well } = loadedWell(request);
      const stored = request.body.records.map((record) =>
        recordToStored(record, project.unitSystem),
      );
      const { inserted, updated } = await deps.production.upsert(well.seq, stored, deps.now());
      return { inserted, updated, total: stored.length };
    },
  );

  app.delete(
    PRODUCTION,
    {
      config: { scope: 'write:wells', load: 'well' },
      schema: {
        summary: 'Delete the records in a date range',
        params: wellParams,
        querystring: productionDeleteQuerySchema,
        response: { 200: deleteResultSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const { well } = loadedWell(request);
      const { from, to } = request.query;
      return { deleted: await deps.production.deleteRange(well.seq, from, to, deps.now()) };
    },
  );
};

/**
 * Too many records is a 413 whatever else is wrong; a valid body (the common case) skips
 * zod, and an invalid one gets its precise details from the schema.
 */
function screenIngestBody(body: unknown): boolean {
  const records = (body as { records?: unknown } | null | undefined)?.records;
  if (Array.isArray(records) && records.length > MAX_RECORDS_PER_POST) {
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `At most ${MAX_RECORDS_PER_POST.toLocaleString('en-US')} records per request (got ${records.length.toLocaleString('en-US')}); send them in several requests or use the CSV import`,
      [{ path: 'records', message: `must hold at most ${MAX_RECORDS_PER_POST} records` }],
    );
  }
  return isValidIngestFast(body);
}
