import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_ID_PATTERN,
  EVENT_PAGE_LIMITS,
  emptyQuerySchema,
  listEnvelopeSchema,
  wellEventSchema,
  wellEventWriteSchema,
  wellEventsListQuerySchema,
  type WellEvent,
  type WellEventsListQuery,
} from '#shared/api/index.js';
import { notFound, validationError } from '../http/api-error.js';
import { newId } from '../http/ids.js';
import { errorResponses, noContent } from '../openapi/responses.js';
import type { EventKey, EventScope } from '../store/store.js';
import type { RouteDeps } from './deps.js';
import { loadedProjectAccess, loadedWell } from './route-contract.js';

const PROJECT_EVENTS = '/api/v1/projects/:projectId/events';
const WELL_EVENTS = '/api/v1/projects/:projectId/wells/:wellId/events';
const projectParams = z.object({ projectId: z.string() });
const wellParams = z.object({ projectId: z.string(), wellId: z.string() });
const eventParams = z.object({ projectId: z.string(), wellId: z.string(), eventId: z.string() });

/**
 * Well events, an extension (docs/api-decisions.md, "Well events"): what happened to a well
 * over a span of days and why. Listed per project (the desktop's one read) and per well;
 * created with a POST (the server names it) or a PUT at an id the client chose, which a client
 * can repeat after a lost answer without making two.
 */
export const wellEventRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const listPage = async (scope: EventScope, query: WellEventsListQuery) => {
    const binding = JSON.stringify([
      'events',
      scope.projectId,
      scope.wellSeq ?? null,
      query.from ?? null,
      query.to ?? null,
    ]);
    const after = query.cursor
      ? (deps.cursors.decode(binding, query.cursor) as EventKey)
      : undefined;
    const limit = query.limit ?? EVENT_PAGE_LIMITS.default;
    const { rows, total } = await deps.store.events.list(scope, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page,
      nextCursor:
        rows.length > limit && last
          ? deps.cursors.encode(binding, {
              startDate: last.startDate,
              id: last.id,
            } satisfies EventKey)
          : null,
      total,
    };
  };

  app.get(
    PROJECT_EVENTS,
    {
      config: { scope: 'read:production', load: 'projectAccess' },
      schema: {
        summary: "List a project's well events (extension)",
        params: projectParams,
        querystring: wellEventsListQuerySchema,
        response: { 200: listEnvelopeSchema(wellEventSchema), ...errorResponses() },
      },
    },
    async (request) => {
      const project = loadedProjectAccess(request);
      const { from, to } = request.query;
      return listPage({ projectId: project.id, from, to }, request.query);
    },
  );

  app.get(
    WELL_EVENTS,
    {
      config: { scope: 'read:production', load: 'well' },
      schema: {
        summary: "List a well's events (extension)",
        params: wellParams,
        querystring: wellEventsListQuerySchema,
        response: { 200: listEnvelopeSchema(wellEventSchema), ...errorResponses() },
      },
    },
    async (request) => {
      const { project, well } = loadedWell(request);
      const { from, to } = request.query;
      return listPage({ projectId: project.id, wellSeq: well.seq, from, to }, request.query);
    },
  );

  app.post(
    WELL_EVENTS,
    {
      config: { scope: 'write:wells', load: 'well' },
      schema: {
        summary: 'Record a well event (extension)',
        params: wellParams,
        querystring: emptyQuerySchema,
        body: wellEventWriteSchema,
        response: { 201: wellEventSchema, ...errorResponses('UNSUPPORTED_MEDIA_TYPE') },
      },
    },
    async (request, reply) => {
      const { project, well } = loadedWell(request);
      const { event } = await deps.store.events.put(
        project.id,
        well.seq,
        newId('evt'),
        request.body,
        deps.now(),
      );
      return reply.code(201).send(event);
    },
  );

  app.get(
    `${WELL_EVENTS}/:eventId`,
    {
      config: { scope: 'read:production', load: 'well' },
      schema: {
        summary: 'Get a well event (extension)',
        params: eventParams,
        querystring: emptyQuerySchema,
        response: { 200: wellEventSchema, ...errorResponses() },
      },
    },
    async (request): Promise<WellEvent> => {
      const { project, well } = loadedWell(request);
      const event = await deps.store.events.get(project.id, well.seq, request.params.eventId);
      if (!event) throw notFound('Event');
      return event;
    },
  );

  app.put(
    `${WELL_EVENTS}/:eventId`,
    {
      config: { scope: 'write:wells', load: 'well' },
      schema: {
        summary: 'Create or replace a well event at a chosen id (extension)',
        params: eventParams,
        querystring: emptyQuerySchema,
        body: wellEventWriteSchema,
        response: {
          200: wellEventSchema,
          201: wellEventSchema,
          ...errorResponses('CONFLICT', 'UNSUPPORTED_MEDIA_TYPE'),
        },
      },
    },
    async (request, reply) => {
      const { project, well } = loadedWell(request);
      const { eventId } = request.params;
      if (!EVENT_ID_PATTERN.test(eventId)) {
        throw validationError('The event id is not valid', [
          { path: 'eventId', message: 'must be 1 to 64 letters, digits, "-" or "_"' },
        ]);
      }
      const { event, created } = await deps.store.events.put(
        project.id,
        well.seq,
        eventId,
        request.body,
        deps.now(),
      );
      return reply.code(created ? 201 : 200).send(event);
    },
  );

  app.delete(
    `${WELL_EVENTS}/:eventId`,
    {
      config: { scope: 'write:wells', load: 'well' },
      schema: {
        summary: 'Delete a well event (extension)',
        params: eventParams,
        querystring: emptyQuerySchema,
        response: { 204: noContent, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { project, well } = loadedWell(request);
      const deleted = await deps.store.events.delete(project.id, well.seq, request.params.eventId);
      if (!deleted) throw notFound('Event');
      return reply.code(204).send();
    },
  );
};
