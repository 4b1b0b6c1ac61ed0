import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_LIMITS,
  PROJECT_READ_ONLY,
  emptyQuerySchema,
  listEnvelopeSchema,
  projectCreateSchema,
  projectPatchSchema,
  projectSchema,
  projectsListQuerySchema,
} from '#shared/api/index.js';
import { errorResponses, noContent } from '../openapi/responses.js';
import type { ProjectKey } from '../store/projects-repo.js';
import type { RouteDeps } from './deps.js';
import { projectToApi } from './representation.js';
import { loadedProject, loadedProjectAccess, principalOf } from './route-contract.js';

const PROJECTS = '/api/v1/projects';
const params = z.object({ id: z.string() });

/** Projects: list, create, read, update, delete. */
export const projectRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.get(
    PROJECTS,
    {
      config: { scope: 'read:projects' },
      schema: {
        summary: 'List projects',
        querystring: projectsListQuerySchema,
        response: { 200: listEnvelopeSchema(projectSchema), ...errorResponses() },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const query = request.query;
      // Bound to the user too: a cursor only makes sense for the list it came from.
      const binding = `projects:${principal.userId}`;
      const after = query.cursor
        ? (deps.cursors.decode(binding, query.cursor) as ProjectKey)
        : undefined;
      const limit = query.limit ?? PAGE_LIMITS.projects.default;
      const { rows, total } = await deps.projects.list(principal, limit + 1, after);
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
    },
  );

  app.post(
    PROJECTS,
    {
      config: { scope: 'write:projects', readOnly: PROJECT_READ_ONLY },
      schema: {
        summary: 'Create a project',
        querystring: emptyQuerySchema,
        body: projectCreateSchema,
        response: {
          201: projectSchema,
          ...errorResponses('UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'),
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const row = await deps.projects.create(
        principalOf(request),
        {
          name: input.name,
          description: input.description ?? '',
          timezone: input.timezone ?? 'UTC',
          unitSystem: input.unitSystem ?? 'imperial',
        },
        deps.now(),
      );
      return reply.code(201).send(projectToApi(row));
    },
  );

  app.get(
    `${PROJECTS}/:id`,
    {
      config: { scope: 'read:projects', load: 'project' },
      schema: {
        summary: 'Get a project',
        params,
        querystring: emptyQuerySchema,
        response: { 200: projectSchema, ...errorResponses() },
      },
    },
    async (request) => projectToApi(loadedProject(request)),
  );

  app.patch(
    `${PROJECTS}/:id`,
    {
      config: { scope: 'write:projects', load: 'project', readOnly: PROJECT_READ_ONLY },
      schema: {
        summary: 'Update a project',
        params,
        querystring: emptyQuerySchema,
        body: projectPatchSchema,
        response: { 200: projectSchema, ...errorResponses('UNSUPPORTED_MEDIA_TYPE') },
      },
    },
    async (request) =>
      projectToApi(
        await deps.projects.update(
          principalOf(request),
          loadedProject(request).id,
          request.body,
          deps.now(),
        ),
      ),
  );

  app.delete(
    `${PROJECTS}/:id`,
    {
      config: { scope: 'write:projects', load: 'projectAccess' },
      schema: {
        summary: 'Delete a project, its wells and production',
        params,
        querystring: emptyQuerySchema,
        response: { 204: noContent, ...errorResponses() },
      },
    },
    async (request, reply) => {
      await deps.projects.delete(loadedProjectAccess(request).id);
      return reply.code(204).send();
    },
  );
};
