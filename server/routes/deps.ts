import type { Principal } from '../auth/scopes.js';
import { notFound } from '../http/api-error.js';
import type { CursorCodec } from '../http/cursor.js';
import type { Db } from '../store/database.js';
import type { ProductionRepo } from '../store/production-repo.js';
import type { ProjectAccess, ProjectRow, ProjectsRepo } from '../store/projects-repo.js';
import type { WellRow, WellsRepo } from '../store/wells-repo.js';

/** What every route needs, built once per app. */
export interface RouteDeps {
  db: Db;
  projects: ProjectsRepo;
  wells: WellsRepo;
  production: ProductionRepo;
  cursors: CursorCodec;
  now: () => Date;
}

/** The project if the principal may see it; a 404 otherwise (never revealing that it exists). */
export function loadProject(deps: RouteDeps, principal: Principal, projectId: string): ProjectRow {
  const project = deps.projects.get(principal, projectId);
  if (!project) throw notFound(`Project ${projectId}`);
  return project;
}

/** Like loadProject, without the well count: for routes that only need id and units. */
export function loadProjectAccess(
  deps: RouteDeps,
  principal: Principal,
  projectId: string,
): ProjectAccess {
  const project = deps.projects.access(principal, projectId);
  if (!project) throw notFound(`Project ${projectId}`);
  return project;
}

export function loadWell(
  deps: RouteDeps,
  principal: Principal,
  projectId: string,
  wellId: string,
): { project: ProjectAccess; well: WellRow } {
  const project = loadProjectAccess(deps, principal, projectId);
  const well = deps.wells.get(project.id, wellId);
  if (!well) throw notFound(`Well ${wellId} in project ${projectId}`);
  return { project, well };
}
