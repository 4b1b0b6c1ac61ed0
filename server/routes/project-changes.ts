import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectChangesQuerySchema, projectChangesSchema } from '#shared/api/index.js';
import { notFound } from '../http/api-error.js';
import { errorResponses } from '../openapi/responses.js';
import type { RouteDeps } from './deps.js';
import { loadedProjectAccess } from './route-contract.js';

const projectParams = z.object({ projectId: z.string() });

/**
 * The changes extension (docs/api-decisions.md, "Extensions"):
 * `GET /api/v1/projects/{projectId}/changes?since=<version>`, the wells changed since a
 * client's last look, so keeping a project current costs one request when nothing changed.
 */
export const projectChangesRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.get(
    '/api/v1/projects/:projectId/changes',
    {
      config: { scope: 'read:production', load: 'projectAccess' },
      schema: {
        summary: 'The wells changed in a project since a version (extension)',
        params: projectParams,
        querystring: projectChangesQuerySchema,
        response: { 200: projectChangesSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const project = loadedProjectAccess(request);
      const since = request.query.since ?? null;
      const changes = await deps.projects.changes(project.id, since);
      // Deleted between the access check and this read.
      if (!changes) throw notFound('Project');
      return { projectId: project.id, since, ...changes };
    },
  );
};
