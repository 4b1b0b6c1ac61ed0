import {
  PROJECT_LATEST_PRODUCTION_PATH,
  projectLatestProductionSchema,
  type ProjectLatestProduction,
} from '../api/production-latest.js';

/**
 * The project latest-production summary, an extension only our server offers
 * (docs/api-decisions.md, "Extensions"). A client finds out from the server's
 * OpenAPI document whether it is there; the published service has no such
 * summary, so the desktop then reads each well's recent production instead.
 * Its body is our server's own schema (shared/api/production-latest.ts).
 */

export { projectLatestProductionSchema, type ProjectLatestProduction };

export function listsProjectLatestProduction(paths: readonly string[]): boolean {
  return paths.includes(PROJECT_LATEST_PRODUCTION_PATH);
}

export function projectLatestProductionPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/production/latest`;
}
