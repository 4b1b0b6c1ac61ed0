import type { FastifyInstance } from 'fastify';
import {
  PAGE_LIMITS,
  WELL_READ_ONLY,
  emptyQuerySchema,
  wellCreateSchema,
  wellPatchSchema,
  wellsListQuerySchema,
  type ListEnvelope,
  type Well,
} from '../../shared/api/index.js';
import { requireScope } from '../auth/authenticate.js';
import { parseBody, parseQuery } from '../http/parse.js';
import type { WellFields, WellKey } from '../store/wells-repo.js';
import { loadProjectAccess, loadWell, type RouteDeps } from './deps.js';
import { wellInputToFields, wellToApi } from './representation.js';

type ProjectParams = { projectId: string };
type WellParams = { projectId: string; wellId: string };

const WELLS = '/api/v1/projects/:projectId/wells';

export function registerWellRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get<{ Params: ProjectParams }>(WELLS, async (request): Promise<ListEnvelope<Well>> => {
    const principal = requireScope(request, 'read:wells');
    const query = parseQuery(wellsListQuerySchema, request.query);
    const project = loadProjectAccess(deps, principal, request.params.projectId);
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
    const { rows, total } = deps.wells.list(project.id, filters, limit + 1, after);
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
  });

  app.post<{ Params: ProjectParams }>(WELLS, async (request, reply): Promise<Well> => {
    const principal = requireScope(request, 'write:wells');
    parseQuery(emptyQuerySchema, request.query);
    const project = loadProjectAccess(deps, principal, request.params.projectId);
    const input = parseBody(wellCreateSchema, request.body, WELL_READ_ONLY);
    const fields: WellFields = {
      name: input.name,
      apiNumber: null,
      type: 'producer',
      status: 'active',
      latitude: null,
      longitude: null,
      spudDate: null,
      lateralLengthFt: null,
      perfTopFt: null,
      perfBottomFt: null,
      ...wellInputToFields(input, project.unitSystem),
    };
    const row = deps.wells.create(project.id, fields, deps.now());
    reply.code(201);
    return wellToApi(row, project.unitSystem);
  });

  app.get<{ Params: WellParams }>(`${WELLS}/:wellId`, async (request): Promise<Well> => {
    const principal = requireScope(request, 'read:wells');
    parseQuery(emptyQuerySchema, request.query);
    const { project, well } = loadWell(
      deps,
      principal,
      request.params.projectId,
      request.params.wellId,
    );
    return wellToApi(well, project.unitSystem);
  });

  app.patch<{ Params: WellParams }>(`${WELLS}/:wellId`, async (request): Promise<Well> => {
    const principal = requireScope(request, 'write:wells');
    parseQuery(emptyQuerySchema, request.query);
    const { project, well } = loadWell(
      deps,
      principal,
      request.params.projectId,
      request.params.wellId,
    );
    const patch = parseBody(wellPatchSchema, request.body, WELL_READ_ONLY);
    const row = deps.wells.update(
      project.id,
      well.id,
      wellInputToFields(patch, project.unitSystem),
      deps.now(),
    );
    return wellToApi(row, project.unitSystem);
  });

  app.delete<{ Params: WellParams }>(`${WELLS}/:wellId`, async (request, reply) => {
    const principal = requireScope(request, 'write:wells');
    parseQuery(emptyQuerySchema, request.query);
    const { well } = loadWell(deps, principal, request.params.projectId, request.params.wellId);
    deps.wells.delete(well.id);
    return reply.code(204).send();
  });
}
