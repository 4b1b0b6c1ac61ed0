import type {
  OutboxOperationView,
  ProjectView,
  ReadResult,
  ReplicaStatus,
  SyncStatus,
  WellView,
} from '#shared/desktop/index.js';

/**
 * What the core's handlers answer, as plain values for component tests: each builder gives
 * a complete, valid answer and takes only the members a test cares about.
 */

/** A read answered from the cache while the server answers (not stale, not offline). */
export function readResult<T>(data: T, overrides: Partial<ReadResult<T>> = {}): ReadResult<T> {
  return { data, source: 'cache', stale: false, offline: false, fetchedAt: null, ...overrides };
}

export function projectView(overrides: Partial<ProjectView> = {}): ProjectView {
  return {
    id: 'prj_permian',
    name: 'Permian North',
    description: null,
    timezone: 'America/Chicago',
    unitSystem: 'imperial',
    wellCount: 120,
    createdAt: null,
    updatedAt: null,
    offline: { wellsCovered: 0, from: null, to: null },
    ...overrides,
  };
}

export function wellView(overrides: Partial<WellView> = {}): WellView {
  return {
    id: 'w_1',
    projectId: 'prj_permian',
    name: 'Ranger 1H',
    apiNumber: '42-301-31234',
    type: 'producer',
    status: 'active',
    latitude: null,
    longitude: null,
    spudDate: '2018-02-01',
    firstProductionDate: '2018-05-01',
    lateralLength: null,
    perfInterval: null,
    createdAt: null,
    updatedAt: null,
    syncState: 'synced',
    lastProduction: null,
    availableOffline: null,
    decline: {},
    screening: null,
    ...overrides,
  };
}

/** Online with nothing queued. */
export function syncStatus(overrides: Partial<SyncStatus> = {}): SyncStatus {
  return {
    connectionId: 'con_demo',
    phase: 'idle',
    online: true,
    reachability: 'reachable',
    lastSyncAt: null,
    lastContactAt: null,
    pending: 0,
    syncing: 0,
    errors: 0,
    conflicts: 0,
    pendingEvents: 0,
    nextAttemptAt: null,
    lastError: null,
    ...overrides,
  };
}

/** A queued edit of some days of a well. */
export function outboxOperation(overrides: Partial<OutboxOperationView> = {}): OutboxOperationView {
  return {
    seq: 1,
    projectId: 'prj_permian',
    wellId: 'w_1',
    kind: 'upsert-records',
    state: 'pending',
    recordCount: 1,
    range: { from: '2024-01-05', to: '2024-01-05' },
    error: null,
    attempts: 0,
    createdAt: '2024-03-01T09:00:00.000Z',
    updatedAt: '2024-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** Permian Delaware Basin being kept: 61 of its 141 wells whole, fetching history. */
export function replicaStatus(overrides: Partial<ReplicaStatus> = {}): ReplicaStatus {
  return {
    connectionId: 'con_demo',
    projectId: 'prj_permian',
    projectName: 'Permian Delaware Basin',
    state: 'running',
    phase: 'history',
    pinned: false,
    wellsTotal: 141,
    wellsRecent: 141,
    wellsComplete: 61,
    days: 250_000,
    bytes: 48 * 1024 ** 2,
    asOf: null,
    lastOpenedAt: '2024-11-28T09:00:00.000Z',
    leftOutBefore: null,
    rateLimitedUntil: null,
    error: null,
    ...overrides,
  };
}
