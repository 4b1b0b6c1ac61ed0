import { FIELD_RULES, isProductionField } from '#shared/api/index.js';
import type { IpcError, IpcErrorType } from '#shared/desktop/index.js';
import { formatDay } from './dates.js';

/**
 * A rejected change as a person reads it: what kind of problem it is (a
 * heading), the server's own message, each problem pinned to its day and
 * field, and the reference support will ask for (status, code, request id).
 */

const TITLES: Record<IpcErrorType, string> = {
  validation: 'The server rejected these values',
  'not-found': 'The well or project no longer exists on the server',
  offline: 'The server could not be reached',
  unauthorized: 'The server no longer accepts your API token',
  forbidden: 'Your API token is not allowed to make this change',
  conflict: 'The server refused the change: it clashes with its data',
  'rate-limited': 'The server’s rate limit was reached',
  server: 'The server failed to process the change',
  internal: 'Flowline could not send the change',
  storage: 'Flowline could not save on this computer',
  refused: 'Flowline’s host refused the request',
};

/** What to do next, when there is something specific to say. */
const ADVICE: Partial<Record<IpcErrorType, string>> = {
  validation: 'Edit the values and they are sent again.',
  'not-found': 'Export your values before discarding them; nothing can be sent to a deleted well.',
  forbidden: 'Ask your administrator for a token with write access, then sync again.',
  unauthorized: 'Sign in again with a new token; your changes stay on this computer.',
};

export function errorTitle(error: IpcError): string {
  return TITLES[error.type];
}

export function errorAdvice(error: IpcError): string | null {
  return ADVICE[error.type] ?? null;
}

const WELL_FIELDS: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  type: 'Type',
  apiNumber: 'API number',
  latitude: 'Latitude',
  longitude: 'Longitude',
  spudDate: 'Spud date',
  lateralLength: 'Lateral length',
  perfInterval: 'Perforations',
};

const RECORD_PATH = /^records\[(\d{4}-\d{2}-\d{2})\](?:\.(\w+))?$/;

/** `records[2024-01-05].watercut` → "2024-01-05 · Watercut"; other paths by their field name. */
export function describeIssuePath(path: string): string {
  const record = RECORD_PATH.exec(path);
  if (record) {
    const [, date, field] = record as unknown as [string, string, string | undefined];
    if (field === undefined) return formatDay(date);
    const label = isProductionField(field) ? FIELD_RULES[field].label : field;
    return `${formatDay(date)} · ${label}`;
  }
  const head = path.split(/[.[]/)[0] ?? path;
  return WELL_FIELDS[head] ?? path;
}

export interface IssueLine {
  place: string;
  message: string;
}

export function issueLines(error: IpcError): IssueLine[] {
  return (error.details?.issues ?? []).map((issue) => ({
    place: describeIssuePath(issue.path),
    message: issue.message,
  }));
}

/** "HTTP 400 · VALIDATION_ERROR · request req_7f3a" — empty when the server did not answer. */
export function errorReference(error: IpcError): string {
  const { status, code, requestId } = error.details ?? {};
  const parts: string[] = [];
  if (status !== undefined && status > 0) parts.push(`HTTP ${status}`);
  if (code) parts.push(code);
  if (requestId) parts.push(`request ${requestId}`);
  return parts.join(' · ');
}
