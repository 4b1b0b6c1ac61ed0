import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireScope } from '../auth/authenticate.js';
import type { Principal, Scope } from '../auth/scopes.js';
import { notFound } from '../http/api-error.js';
import { parseBody, parseQuery } from '../http/parse.js';
import type { ProjectAccess, ProjectRow } from '../store/projects-repo.js';
import type { WellRow } from '../store/wells-repo.js';
import type { RouteDeps } from './deps.js';
import { dropUnchangedReadOnly } from './read-only.js';
import { projectToApi, wellToApi } from './representation.js';

/**
 * What a route declares beside its schema, so that one hook (below) checks every request the
 * same way, and handlers start from validated input and the resources they name.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a token needs (admin implies all). Every API route that is not public has one. */
    scope?: Scope;
    /**
     * What the path names, loaded before the body is read (404 when the principal may not see
     * it): `project` (with its well count), `projectAccess` (id and units only, the cheap
     * check), or `well` (its project's access, then the well).
     */
    load?: 'project' | 'projectAccess' | 'well';
    /**
     * Read-only members a body may repeat with their current value (the "GET, change, PATCH
     * back" pattern); any other value is refused as read-only, as is any of them on a create.
     */
    readOnly?: readonly string[];
    /**
     * Runs on the raw body before its schema: may throw (a 413 for too many records), and
     * answers true when the body is already known valid, so the schema is skipped.
     */
    screenBody?: (body: unknown) => boolean;
  }
  interface FastifyRequest {
    /** What `config.load` loaded. */
    loaded: Loaded | null;
  }
}

export type Loaded =
  | { kind: 'project'; project: ProjectRow }
  | { kind: 'projectAccess'; project: ProjectAccess }
  | { kind: 'well'; project: ProjectAccess; well: WellRow };

/**
 * The one place a request's contract is checked, in the order `docs/api-decisions.md` gives:
 * scope (403), query (400), the resources the path names (404), body (400). It runs as a
 * preHandler, after authentication (onRequest), the media type (415) and body parsing, and
 * validates with the route's own zod schemas. Fastify's per-part validators are not used for
 * this (see `server/http/schema-compilers.ts`): they check the body before the query and
 * cannot see the loaded resource that read-only members are compared with.
 */
/** A private API route as registered: what the route contract guards. */
export interface GuardedRoute {
  method: string;
  /** Fastify's path, e.g. /api/v1/projects/:projectId/wells. */
  url: string;
  scope: Scope;
  /** The route's schemas as declared (zod), and the media types its body may have. */
  body: unknown;
  querystring: unknown;
  consumes: readonly string[];
}

const guarded = new WeakMap<FastifyInstance, GuardedRoute[]>();

/**
 * Every private API route of an app, in the order registered: the one list of routes, from
 * which the tests derive theirs (every route's authorisation, fuzzing, documentation).
 */
export function guardedRoutes(app: FastifyInstance): readonly GuardedRoute[] {
  return guarded.get(app) ?? [];
}

export function installRouteContract(app: FastifyInstance, deps: RouteDeps): void {
  app.decorateRequest('loaded', null);
  const routes: GuardedRoute[] = [];
  guarded.set(app, routes);
  // A private API route without a scope would let any valid token through: refuse to start.
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (!route.url.startsWith('/api/') || config.public || config.methodNotAllowed) return;
    if (config.scope === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.scope`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = route.schema ?? {};
      routes.push({
        method,
        url: route.url,
        scope: config.scope,
        body: schema.body,
        querystring: schema.querystring,
        consumes: (schema.consumes as readonly string[] | undefined) ?? ['application/json'],
      });
    }
  });
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const schema = request.routeOptions.schema;
    const principal = config.scope === undefined ? null : requireScope(request, config.scope);
    const querySchema = schema?.querystring as z.ZodType | undefined;
    if (querySchema) request.query = parseQuery(querySchema, request.query);
    if (config.load) {
      if (!principal) fail(`${request.routeOptions.url} loads resources without a scope`);
      request.loaded = await load(deps, principal, config.load, request);
    }
    const bodySchema = schema?.body as z.ZodType | undefined;
    // A route that consumes another media type (the CSV import) reads its body as a stream.
    if (bodySchema && consumesJson(schema?.consumes)) {
      if (config.screenBody?.(request.body) === true) return;
      const readOnly = config.readOnly ?? [];
      // Only an update has current values to repeat; a create refuses read-only members outright.
      const current =
        request.method === 'PATCH' && request.loaded ? currentRepresentation(request.loaded) : null;
      const body = current ? dropUnchangedReadOnly(request.body, readOnly, current) : request.body;
      request.body = parseBody(bodySchema, body, readOnly);
    }
  });
}

/** The media types a route's schema says it consumes; JSON when it names none. */
export function consumesJson(consumes: unknown): boolean {
  return !Array.isArray(consumes) || consumes.includes('application/json');
}

async function load(
  deps: RouteDeps,
  principal: Principal,
  what: NonNullable<FastifyRequest['routeOptions']['config']['load']>,
  request: FastifyRequest,
): Promise<Loaded> {
  const params = request.params as { id?: string; projectId?: string; wellId?: string };
  const projectId = params.projectId ?? params.id ?? '';
  if (what === 'project')
    return { kind: what, project: await loadProject(deps, principal, projectId) };
  if (what === 'projectAccess') {
    return { kind: what, project: await loadProjectAccess(deps, principal, projectId) };
  }
  const wellId = params.wellId ?? '';
  const found = await deps.wells.getWithAccess(principal, projectId, wellId);
  if (!found) throw notFound(`Project ${projectId}`);
  if (!found.well) throw notFound(`Well ${wellId} in project ${projectId}`);
  return { kind: what, project: found.project, well: found.well };
}

async function loadProject(
  deps: RouteDeps,
  principal: Principal,
  projectId: string,
): Promise<ProjectRow> {
  const project = await deps.projects.get(principal, projectId);
  if (!project) throw notFound(`Project ${projectId}`);
  return project;
}

async function loadProjectAccess(deps: RouteDeps, principal: Principal, projectId: string) {
  const project = await deps.projects.access(principal, projectId);
  if (!project) throw notFound(`Project ${projectId}`);
  return project;
}

/** The loaded resource as a GET of it shows it, which read-only members are compared with. */
function currentRepresentation(loaded: Loaded): Record<string, unknown> | null {
  switch (loaded.kind) {
    case 'project':
      return { ...projectToApi(loaded.project) };
    case 'well':
      return { ...wellToApi(loaded.well, loaded.project.unitSystem) };
    case 'projectAccess':
      return null;
  }
}

/** The principal the route's scope was checked for (authentication set it in onRequest). */
export function principalOf(request: FastifyRequest): Principal {
  return request.principal ?? fail(`${request.routeOptions.url} answered without a principal`);
}

/** The project a `load: 'project'` route names. */
export function loadedProject(request: FastifyRequest): ProjectRow {
  const loaded = request.loaded;
  if (loaded?.kind !== 'project') return fail(`${request.routeOptions.url} loads no project`);
  return loaded.project;
}

/** The project (id and units) a `load: 'projectAccess'` or `load: 'well'` route names. */
export function loadedProjectAccess(request: FastifyRequest): ProjectAccess {
  const loaded = request.loaded;
  if (loaded === null || loaded.kind === 'project') {
    return fail(`${request.routeOptions.url} loads no project access`);
  }
  return loaded.project;
}

/** The well (and its project's access) a `load: 'well'` route names. */
export function loadedWell(request: FastifyRequest): { project: ProjectAccess; well: WellRow } {
  const loaded = request.loaded;
  if (loaded?.kind !== 'well') return fail(`${request.routeOptions.url} loads no well`);
  return loaded;
}

/** A route whose handler reads what its config does not declare: a programming error (500). */
function fail(message: string): never {
  throw new Error(`Route contract: ${message}`);
}
