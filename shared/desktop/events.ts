import type { DateRange } from './common-args.js';
import type { FieldProgress } from './field.js';
import type { QualityProgress } from './quality.js';
import type { ForecastAllStatus } from './decline.js';
import type { ReplicaStatus } from './replica.js';
import type { ScreeningStatus } from './screening.js';
import type { DownloadStatus } from './download.js';
import type { SyncStatus } from './sync.js';

/** What the core tells the renderer without being asked. */

export const CACHE_CHANGE_KINDS = [
  'connections',
  'projects',
  'wells',
  'production',
  'events',
] as const;
export type CacheChangeKind = (typeof CACHE_CHANGE_KINDS)[number];

/**
 * Something the cache answers differently now: react-query invalidates the
 * queries of this kind (and project/well, when given) and re-reads.
 */
export interface CacheChanged {
  connectionId: string;
  kind: CacheChangeKind;
  projectId?: string;
  wellId?: string;
  /** For production: the dates whose values may differ. */
  range?: DateRange;
}

export interface OutboxChanged {
  connectionId: string;
  projectId?: string;
  wellId?: string;
  pending: number;
  errors: number;
  conflicts: number;
}

export interface CoreEvents {
  'cache-changed': CacheChanged;
  'outbox-changed': OutboxChanged;
  'sync-status-changed': SyncStatus;
  'download-progress': DownloadStatus;
  'quality-progress': QualityProgress;
  /** "Forecast all wells" moved on (a well done, finished, cancelled). */
  'forecast-all-progress': ForecastAllStatus;
  /** field-totals moved on (wells summed so far). */
  'field-progress': FieldProgress;
  /** The wells table's screening fill moved on (wells done, finished, cancelled, offline). */
  'screening-progress': ScreeningStatus;
  /** A project's replica moved on (wells fetched, paused, current, offline, removed). */
  'replica-progress': ReplicaStatus;
}
export type CoreEventName = keyof CoreEvents;

/** Every event, once: the hosts forward exactly these to the page. */
const EVENT_NAMES_BY_KEY = {
  'cache-changed': true,
  'outbox-changed': true,
  'sync-status-changed': true,
  'download-progress': true,
  'quality-progress': true,
  'forecast-all-progress': true,
  'field-progress': true,
  'screening-progress': true,
  'replica-progress': true,
} as const satisfies Record<CoreEventName, true>;
export const CORE_EVENT_NAMES = Object.keys(EVENT_NAMES_BY_KEY) as CoreEventName[];
