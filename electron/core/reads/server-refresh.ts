import type { UnitSystem } from '#shared/api/index.js';
import {
  PROJECT_DEFAULTS,
  isApiCallError,
  type ApiClient,
  type ApiProject,
  type ApiWell,
} from '#shared/client/index.js';
import { CoreError } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { StoredProject } from '../cache/projects-repo.js';
import {
  callServer,
  emitCacheChanged,
  writeIfConnected,
  type CoreContext,
} from '../core-context.js';
import { wellToStored } from '../units/well-units.js';

/**
 * Server → cache for projects and wells. Each refresh fetches everything it
 * needs first and writes in one transaction afterwards, so a failure half way
 * (offline, a 500, an answer that is not the contract) changes nothing.
 */

/** docs/api-v1.md gives no maximum page size for wells; ours allows 1000. */
const WELL_PAGE = 1000;
const PROJECT_PAGE = 200;

/**
 * A project as the cache keeps it. What the service leaves out stays null,
 * except what the app cannot do without (docs/compatibility.md): the name (the
 * id instead) and the unit system, which says what every number means: the
 * one this cache last had for the project, else imperial, the units
 * docs/api-v1.md documents.
 */
export function projectFromApi(project: ApiProject, known: UnitSystem | undefined): StoredProject {
  return {
    id: project.id,
    name: project.name ?? project.id,
    description: project.description,
    timezone: project.timezone,
    unitSystem: project.unitSystem ?? known ?? PROJECT_DEFAULTS.unitSystem,
    wellCount: project.wellCount,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

function isNotFound(error: unknown): boolean {
  return isApiCallError(error) && error.status === 404;
}

/** The server says it is gone (or no longer visible to this token): so is our copy. */
function forgetProject(ctx: CoreContext, connection: ConnectionRow, projectId: string): CoreError {
  const removed = writeIfConnected(ctx, connection.id, () =>
    ctx.projects.remove(connection.id, projectId),
  );
  if (removed) emitCacheChanged(ctx, { connectionId: connection.id, kind: 'projects', projectId });
  return new CoreError(
    'not-found',
    `Project ${projectId} no longer exists on the server, or this token cannot see it.`,
  );
}

export function forgetWell(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  wellId: string,
): CoreError {
  const removed = writeIfConnected(ctx, connection.id, () =>
    ctx.wells.remove(connection.id, wellId),
  );
  if (removed) {
    emitCacheChanged(ctx, { connectionId: connection.id, kind: 'wells', projectId, wellId });
  }
  return new CoreError(
    'not-found',
    `Well ${wellId} no longer exists in project ${projectId} on the server, or this token cannot see it.`,
  );
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Fetches one project, 404 → removed from the cache. Does not write it. */
export async function fetchProject(
  ctx: CoreContext,
  connection: ConnectionRow,
  client: ApiClient,
  projectId: string,
  signal: AbortSignal,
): Promise<StoredProject> {
  try {
    const project = await client.getProject(projectId, { signal });
    return projectFromApi(project, ctx.projects.get(connection.id, projectId)?.unitSystem);
  } catch (error) {
    throw isNotFound(error) ? forgetProject(ctx, connection, projectId) : error;
  }
}

/** Writes a project; emits when it differed. Inside or outside a transaction. */
export function storeProject(ctx: CoreContext, connectionId: string, project: StoredProject): void {
  const changed = writeIfConnected(ctx, connectionId, () =>
    ctx.projects.upsert(connectionId, project, ctx.now().toISOString()),
  );
  if (changed) emitCacheChanged(ctx, { connectionId, kind: 'projects', projectId: project.id });
}

export async function refreshProjectList(
  ctx: CoreContext,
  connection: ConnectionRow,
  signal: AbortSignal,
): Promise<void> {
  const projects = await callServer(ctx, connection, (client) =>
    collect(client.iterateProjects({ limit: PROJECT_PAGE }, { signal })),
  );
  const changed = writeIfConnected(ctx, connection.id, () =>
    ctx.projects.replaceAll(
      connection.id,
      projects.map((project) =>
        projectFromApi(project, ctx.projects.get(connection.id, project.id)?.unitSystem),
      ),
      ctx.now().toISOString(),
    ),
  );
  if (changed) emitCacheChanged(ctx, { connectionId: connection.id, kind: 'projects' });
}

export async function refreshProject(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  signal: AbortSignal,
): Promise<void> {
  const project = await callServer(ctx, connection, (client) =>
    fetchProject(ctx, connection, client, projectId, signal),
  );
  storeProject(ctx, connection.id, project);
}

async function fetchAllWells(
  client: ApiClient,
  projectId: string,
  signal: AbortSignal,
): Promise<ApiWell[]> {
  try {
    return await collect(client.iterateWells(projectId, { limit: WELL_PAGE }, { signal }));
  } catch (error) {
    // A service with a smaller maximum refuses the page size: use its default.
    if (isApiCallError(error) && error.status === 400) {
      return collect(client.iterateWells(projectId, {}, { signal }));
    }
    throw error;
  }
}

/** The project (for its unit system) and all its wells, replacing the cached list. */
export async function refreshWells(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  signal: AbortSignal,
): Promise<void> {
  const { project, wells } = await callServer(ctx, connection, async (client) => {
    const project = await fetchProject(ctx, connection, client, projectId, signal);
    return { project, wells: await fetchAllWells(client, projectId, signal) };
  });
  const at = ctx.now().toISOString();
  const changes = writeIfConnected(ctx, connection.id, () => {
    const projectChanged = ctx.projects.upsert(connection.id, project, at);
    const stored = wells.map((well) => wellToStored(well, project.unitSystem));
    const wellsChanged = ctx.wells.replaceProject(connection.id, projectId, stored, at);
    ctx.projects.setWellsFetchedAt(connection.id, projectId, at);
    return { projectChanged, wellsChanged };
  });
  if (changes?.projectChanged) {
    emitCacheChanged(ctx, { connectionId: connection.id, kind: 'projects', projectId });
  }
  if (changes?.wellsChanged) {
    emitCacheChanged(ctx, { connectionId: connection.id, kind: 'wells', projectId });
  }
}

export async function refreshWell(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  wellId: string,
  signal: AbortSignal,
): Promise<void> {
  const { project, well } = await callServer(ctx, connection, async (client) => {
    const project = await fetchProject(ctx, connection, client, projectId, signal);
    try {
      return { project, well: await client.getWell(projectId, wellId, { signal }) };
    } catch (error) {
      throw isNotFound(error) ? forgetWell(ctx, connection, projectId, wellId) : error;
    }
  });
  const at = ctx.now().toISOString();
  const changes = writeIfConnected(ctx, connection.id, () => ({
    projectChanged: ctx.projects.upsert(connection.id, project, at),
    wellChanged: ctx.wells.upsert(connection.id, wellToStored(well, project.unitSystem), at),
  }));
  if (changes?.projectChanged) {
    emitCacheChanged(ctx, { connectionId: connection.id, kind: 'projects', projectId });
  }
  if (changes?.wellChanged) {
    emitCacheChanged(ctx, { connectionId: connection.id, kind: 'wells', projectId, wellId });
  }
}
