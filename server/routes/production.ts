import type { FastifyInstance } from 'fastify';
import {
  MAX_RECORDS_PER_POST,
  PRODUCTION_FIELDS,
  productionDeleteQuerySchema,
  productionGetQuerySchema,
  productionIngestSchema,
  emptyQuerySchema,
  isValidIngestFast,
  type DeleteResult,
  type IngestResult,
  type ProductionField,
  type ProductionSeries,
} from '../../shared/api/index.js';
import { aggregateMonthly } from '../../shared/production/monthly.js';
import { requireScope } from '../auth/authenticate.js';
import { ApiError } from '../http/api-error.js';
import { parseBody, parseQuery } from '../http/parse.js';
import { loadWell, type RouteDeps } from './deps.js';
import { recordToStored, recordsToApi } from './representation.js';
import { dailySeriesJson } from './series-json.js';
import { ResponseCache } from './response-cache.js';

type WellParams = { projectId: string; wellId: string };

export const PRODUCTION = '/api/v1/projects/:projectId/wells/:wellId/production';

export function registerProductionRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // Reading the same well and range again (a chart redrawn, a second client) costs one lookup.
  const cache = new ResponseCache();
  app.get<{ Params: WellParams }>(PRODUCTION, async (request, reply) => {
    const principal = requireScope(request, 'read:production');
    const query = parseQuery(productionGetQuerySchema, request.query);
    const { project, well } = loadWell(
      deps,
      principal,
      request.params.projectId,
      request.params.wellId,
    );
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
      body =
        aggregation === 'daily'
          ? dailySeriesJson(
              header,
              deps.production.readRaw(well.seq, query.from, query.to, fields),
              fields,
              project.unitSystem,
            )
          : JSON.stringify({
              wellId: header.wellId,
              from: header.from,
              to: header.to,
              aggregation,
              fields: header.fields,
              data: recordsToApi(
                aggregateMonthly(deps.production.read(well.seq, query.from, query.to)),
                fields,
                project.unitSystem,
              ),
            } satisfies ProductionSeries);
      cache.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post<{ Params: WellParams }>(PRODUCTION, async (request): Promise<IngestResult> => {
    const principal = requireScope(request, 'write:wells');
    parseQuery(emptyQuerySchema, request.query);
    const { project, well } = loadWell(
      deps,
      principal,
      request.params.projectId,
      request.params.wellId,
    );
    const body = request.body as { records?: unknown } | undefined;
    if (Array.isArray(body?.records) && body.records.length > MAX_RECORDS_PER_POST) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        `At most ${MAX_RECORDS_PER_POST.toLocaleString('en-US')} records per request (got ${body.records.length.toLocaleString('en-US')}); send them in several requests or use the CSV import`,
        [{ path: 'records', message: `must hold at most ${MAX_RECORDS_PER_POST} records` }],
      );
    }
    // Valid bodies (the common case) skip zod; invalid ones get its precise details.
    const input = isValidIngestFast(request.body)
      ? request.body
      : parseBody(productionIngestSchema, request.body);
    const stored = input.records.map((record) => recordToStored(record, project.unitSystem));
    const { inserted, updated } = deps.production.upsert(well.seq, stored, deps.now());
    return { inserted, updated, total: stored.length };
  });

  app.delete<{ Params: WellParams }>(PRODUCTION, async (request): Promise<DeleteResult> => {
    const principal = requireScope(request, 'write:wells');
    const query = parseQuery(productionDeleteQuerySchema, request.query);
    const { well } = loadWell(deps, principal, request.params.projectId, request.params.wellId);
    return { deleted: deps.production.deleteRange(well.seq, query.from, query.to, deps.now()) };
  });
}
