import type { FastifyInstance } from 'fastify';
import {
  PAGE_LIMITS,
  PROJECT_READ_ONLY,
  emptyQuerySchema,
  projectCreateSchema,
  projectPatchSchema,
  projectsListQuerySchema,
  type ListEnvelope,
  type Project,
} from '../../shared/api/index.js';
import { requireScope } from '../auth/authenticate.js';
import { parseBody, parseQuery } from '../http/parse.js';
import type { ProjectKey } from '../store/projects-repo.js';
import { loadProject, loadProjectAccess, type RouteDeps } from './deps.js';
import { projectToApi } from './representation.js';

type IdParams = { id: string };

export function registerProjectRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/v1/projects', async (request): Promise<ListEnvelope<Project>> => {
    const principal = requireScope(request, 'read:projects');
    const query = parseQuery(projectsListQuerySchema, request.query);
    // Bound to the user too: a cursor only makes sense for the list it came from.
    const binding = `projects:${principal.userId}`;
    const after = query.cursor
      ? (deps.cursors.decode(binding, query.cursor) as ProjectKey)
      : undefined;
    const limit = query.limit ?? PAGE_LIMITS.projects.default;
    const { rows, total } = deps.projects.list(principal, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map(projectToApi),
      nextCursor:
        rows.length > limit && last
          ? deps.cursors.encode(binding, {
              createdAt: last.createdAt,
              id: last.id,
            } satisfies ProjectKey)
          : null,
      total,
    };
  });

  app.post('/api/v1/projects', async (request, reply): Promise<Project> => {
    const principal = requireScope(request, 'write:projects');
    parseQuery(emptyQuerySchema, request.query);
    const input = parseBody(projectCreateSchema, request.body, PROJECT_READ_ONLY);
    const row = deps.projects.create(
      principal,
      {
        name: input.name,
        description: input.description ?? '',
        timezone: input.timezone ?? 'UTC',
        unitSystem: input.unitSystem ?? 'imperial',
      },
      deps.now(),
    );
    reply.code(201);
    return projectToApi(row);
  });

  app.get<{ Params: IdParams }>('/api/v1/projects/:id', async (request): Promise<Project> => {
    const principal = requireScope(request, 'read:projects');
    parseQuery(emptyQuerySchema, request.query);
    return projectToApi(loadProject(deps, principal, request.params.id));
  });

  app.patch<{ Params: IdParams }>('/api/v1/projects/:id', async (request): Promise<Project> => {
    const principal = requireScope(request, 'write:projects');
    parseQuery(emptyQuerySchema, request.query);
    const project = loadProjectAccess(deps, principal, request.params.id);
    const patch = parseBody(projectPatchSchema, request.body, PROJECT_READ_ONLY);
    return projectToApi(deps.projects.update(principal, project.id, patch, deps.now()));
  });

  app.delete<{ Params: IdParams }>('/api/v1/projects/:id', async (request, reply) => {
    const principal = requireScope(request, 'write:projects');
    parseQuery(emptyQuerySchema, request.query);
    const project = loadProjectAccess(deps, principal, request.params.id);
    deps.projects.delete(project.id);
    return reply.code(204).send();
  });
}
