import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_LIMITS,
  WELL_READ_ONLY,
  emptyQuerySchema,
  listEnvelopeSchema,
  wellCreateSchema,
  wellPatchSchema,
  wellSchema,
  wellsListQuerySchema,
} from '#shared/api/index.js';
import { errorResponses, noContent } from '../openapi/responses.js';
import type { WellFields, WellKey } from '../store/wells-repo.js';
import type { RouteDeps } from './deps.js';
import { wellInputToFields, wellToApi } from './representation.js';
import { loadedProjectAccess, loadedWell } from './route-contract.js';

const WELLS = '/api/v1/projects/:projectId/wells';
const projectParams = z.object({ projectId: z.string() });
const wellParams = z.object({ projectId: z.string(), wellId: z.string() });

/** Wells of a project: list, create, read, update, delete. */
export const wellRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.get(
    WELLS,
    {
      config: { scope: 'read:wells', load: 'projectAccess' },
      schema: {
        summary: 'List wells',
        params: projectParams,
        querystring: wellsListQuerySchema,
        response: { 200: listEnvelopeSchema(wellSchema), ...errorResponses() },
      },
    },
    async (request) => {
      const query = request.query;
      const project = loadedProjectAccess(request);
      const filters = { type: query.type, status: query.status, search: query.search };
      const binding = JSON.stringify([
        'wells',
        project.id,
        filters.type ?? null,
        filters.status ?? null,
        filters.search ?? '',
      ]);
      const after = query.cursor
        ? (deps.cursors.decode(binding, query.cursor) as WellKey)
        : undefined;
      const limit = query.limit ?? PAGE_LIMITS.wells.default;
      const { rows, total } = await deps.wells.list(project.id, filters, limit + 1, after);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        data: page.map((row) => wellToApi(row, project.unitSystem)),
        nextCursor:
          rows.length > limit && last
            ? deps.cursors.encode(binding, {
                nameKey: last.name.toLowerCase(),
                id: last.id,
              } satisfies WellKey)
            : null,
        total,
      };
    },
  );

  app.post(
    WELLS,
    {
      config: { scope: 'write:wells', load: 'projectAccess', readOnly: WELL_READ_ONLY },
      schema: {
        summary: 'Create a well',
        params: projectParams,
        querystring: emptyQuerySchema,
        body: wellCreateSchema,
        response: { 201: wellSchema, ...errorResponses('CONFLICT', 'UNSUPPORTED_MEDIA_TYPE') },
      },
    },
    async (request, reply) => {
      const project = loadedProjectAccess(request);
      const fields: WellFields = {
        name: request.body.name,
        apiNumber: null,
        type: 'producer',
        status: 'active',
        latitude: null,
        longitude: null,
        spudDate: null,
        lateralLengthFt: null,
        perfTopFt: null,
        perfBottomFt: null,
        ...wellInputToFields(request.body, project.unitSystem),
      };
      const row = await deps.wells.create(project.id, fields, deps.now());
      return reply.code(201).send(wellToApi(row, project.unitSystem));
    },
  );

  app.get(
    `${WELLS}/:wellId`,
    {
      config: { scope: 'read:wells', load: 'well' },
      schema: {
        summary: 'Get a well',
        params: wellParams,
        querystring: emptyQuerySchema,
        response: { 200: wellSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const { project, well } = loadedWell(request);
      return wellToApi(well, project.unitSystem);
    },
  );

  app.patch(
    `${WELLS}/:wellId`,
    {
      config: { scope: 'write:wells', load: 'well', readOnly: WELL_READ_ONLY },
      schema: {
        summary: 'Update a well',
        params: wellParams,
        querystring: emptyQuerySchema,
        body: wellPatchSchema,
        response: { 200: wellSchema, ...errorResponses('CONFLICT', 'UNSUPPORTED_MEDIA_TYPE') },
      },
    },
    async (request) => {
      const { project, well } = loadedWell(request);
      const row = await deps.wells.update(
        project.id,
        well.id,
        wellInputToFields(request.body, project.unitSystem),
        deps.now(),
      );
      return wellToApi(row, project.unitSystem);
    },
  );

  app.delete(
    `${WELLS}/:wellId`,
    {
      config: { scope: 'write:wells', load: 'well' },
      schema: {
        summary: 'Delete a well and its production',
        params: wellParams,
        querystring: emptyQuerySchema,
        response: { 204: noContent, ...errorResponses() },
      },
    },
    async (request, reply) => {
      await deps.wells.delete(loadedWell(request).well.id);
      return reply.code(204).send();
    },
  );
};
