import {
  PROJECT_CHANGES_PATH,
  projectChangesSchema,
  type ProjectChanges,
} from '../api/project-changes.js';

/**
 * The changes extension of our server (docs/api-decisions.md, "Extensions"): which wells of
 * a project changed since a version. A client finds it in the server's OpenAPI document; the
 * published service has none, so the desktop reads each well's recent days again instead.
 */

export { projectChangesSchema, type ProjectChanges };

export function listsProjectChanges(paths: readonly string[]): boolean {
  return paths.includes(PROJECT_CHANGES_PATH);
}

export function projectChangesPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/changes`;
}
