import { WELL_EVENTS_PATH, wellEventSchema, type WellEvent } from '../api/well-events.js';

/**
 * Well events, an extension of our server (docs/api-decisions.md, "Well events"). A client
 * finds them in the server's OpenAPI document; the published service has none, and the
 * desktop then keeps its events on the computer, saying they are not shared.
 */

export { wellEventSchema, type WellEvent };

/** What a PUT sends: the whole event but its id, well and stamps. */
export interface WellEventBody {
  startDate: string;
  endDate: string | null;
  category: string;
  note: string;
}

export function listsWellEvents(paths: readonly string[]): boolean {
  return paths.includes(WELL_EVENTS_PATH);
}

export function projectEventsPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/events`;
}

export function wellEventPath(projectId: string, wellId: string, eventId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(
    wellId,
  )}/events/${encodeURIComponent(eventId)}`;
}
