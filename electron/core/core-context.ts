import type { WellEventsRepo } from './well-events/well-events-repo.js';
import type { ForegroundGate } from './foreground-gate.js';
import type { Replicator } from './replica/replicator.js';
import type { WellFetchLock } from './replica/well-fetch-lock.js';
import { isApiCallError, type ApiClient } from '#shared/client/index.js';
import { CoreError, type CacheChanged } from '#shared/desktop/index.js';
import type { ClientPool } from './client-pool.js';
import type { ChangeLogRepo } from './changes/change-log-repo.js';
import type { ConnectionRow, ConnectionsRepo } from './cache/connections-repo.js';
import type { CoverageRepo } from './cache/coverage-repo.js';
import type { DeclineFitsRepo } from './decline/decline-fits-repo.js';
import type { DeclineSettingsRepo } from './decline/decline-settings-repo.js';
import type { GrantedFiles } from './files/granted-files.js';
import type { CacheDb } from './cache/migrate.js';
import type { ProductionRepo } from './cache/production-repo.js';
import type { ProjectsRepo } from './cache/projects-repo.js';
import type { SyncLogRepo } from './cache/sync-log-repo.js';
import type { WellsRepo } from './cache/wells-repo.js';
import type { OutboxRecordsRepo } from './outbox/outbox-records-repo.js';
import type { OutboxRepo } from './outbox/outbox-repo.js';
import { isOfflineError, type CoreLogger } from './core-errors.js';
import type { CoreEventEmitter } from './events.js';
import type { Refresher } from './refresher.js';
import type { SecretStore } from './secret-store.js';

/** What every handler works with: the cache, the servers, events, and the clock. */
export interface CoreContext {
  db: CacheDb;
  connections: ConnectionsRepo;
  projects: ProjectsRepo;
  wells: WellsRepo;
  production: ProductionRepo;
  coverage: CoverageRepo;
  syncLog: SyncLogRepo;
  secrets: SecretStore;
  clients: ClientPool;
  refresher: Refresher;
  events: CoreEventEmitter;
  log: CoreLogger;
  now: () => Date;
  /** How long cached data counts as current before a read refreshes it. */
  freshForMs: number;
  /** Connections whose last server call found no server. */
  offline: Set<string>;
  /** Connections whose server answered a call during this session (the status bar's "Online"). */
  reachable: Set<string>;
  // The sync half: queued edits, and the engine that sends them.
  outbox: OutboxRepo;
  outboxRecords: OutboxRecordsRepo;
  /** Every change made here, kept after the outbox lets it go (who, when, from, to). */
  changeLog: ChangeLogRepo;
  sync: SyncHooks;
  /** Files the person chose (granted by the host), the only files the core reads. */
  files: GrantedFiles;
  /** Decline analysis on this computer: saved fits and each project's settings. */
  declineFits: DeclineFitsRepo;
  declineSettings: DeclineSettingsRepo;
  /** Well events (what happened to a well, and why) and each project's list of reasons. */
  wellEvents: WellEventsRepo;
  /** Reads the person waits on; background work lets them go first. */
  foreground: ForegroundGate;
  /**
   * The working set kept on this computer: analyses `ensure` the wells they need; a read the
   * person waits on asks it to `hurry` the days it lacks (fetching is the replicator's job).
   */
  replica: Pick<Replicator, 'ensure' | 'hurry'>;
  /** One fetch of a well's days at a time, whoever asks (no day fetched twice). */
  wellFetches: WellFetchLock;
}

/** How the rest of the core tells the sync engine that something happened. */
export interface SyncHooks {
  /** New work was queued (or a token replaced): sync soon, unless backing off. */
  kick(connectionId: string): void;
  /** A server call of any kind reached the server, or found none. */
  contact(connectionId: string, reachable: boolean): void;
  /** A new token was tested and saved: end a "sign in again" pause and sync. */
  tokenReplaced(connectionId: string): void;
}

/** Until createCore sets the replicator: nothing is asked for, so nothing is missing. */
export const NO_REPLICA: CoreContext['replica'] = {
  ensure: () => Promise.resolve({ missing: [], offline: false }),
  hurry: () => Promise.reject(new Error('The core is still starting: nothing can be fetched yet.')),
};

export const NO_SYNC: SyncHooks = { kick: () => {}, contact: () => {}, tokenReplaced: () => {} };

/** The connection asked for, or the current one; a clear not-found otherwise. */
/** A project a handler works on from this computer alone: not-found until it is here. */
export function projectOnThisComputer(ctx: CoreContext, connectionId: string, projectId: string) {
  const project = ctx.projects.get(connectionId, projectId);
  if (!project) {
    throw new CoreError(
      'not-found',
      `Project ${projectId} is not on this computer: open it from the sidebar first.`,
    );
  }
  return project;
}

export function resolveConnection(ctx: CoreContext, connectionId?: string): ConnectionRow {
  const connection =
    connectionId === undefined ? ctx.connections.current() : ctx.connections.get(connectionId);
  if (connection) return connection;
  throw new CoreError(
    'not-found',
    connectionId === undefined
      ? 'No connection is selected: connect to your organisation or open the demo workspace.'
      : `There is no connection ${connectionId}; it may have been removed.`,
  );
}

export function isOlderThanFreshness(ctx: CoreContext, fetchedAt: string): boolean {
  return ctx.now().getTime() - Date.parse(fetchedAt) > ctx.freshForMs;
}

/**
 * One piece of server work for a connection: keeps its online state and last
 * contact time current, whatever the outcome.
 */
export async function callServer<T>(
  ctx: CoreContext,
  connection: ConnectionRow,
  work: (client: ApiClient) => Promise<T>,
): Promise<T> {
  const client = await ctx.clients.get(connection);
  const answeredBefore = client.answered;
  try {
    const result = await work(client);
    // Work answered from what the client remembers says nothing about the server now.
    if (client.answered === answeredBefore) return result;
    ctx.offline.delete(connection.id);
    ctx.reachable.add(connection.id);
    if (ctx.connections.get(connection.id)) {
      ctx.connections.touchContact(connection.id, ctx.now().toISOString());
    }
    ctx.sync.contact(connection.id, true);
    return result;
  } catch (error) {
    if (isOfflineError(error)) {
      ctx.offline.add(connection.id);
      ctx.reachable.delete(connection.id);
      ctx.sync.contact(connection.id, false);
    } else if (!ctx.refresher.closed) {
      ctx.offline.delete(connection.id);
      // Any answer from the server, even an error, means it is reachable.
      if (isApiCallError(error) && error.status > 0) {
        ctx.reachable.add(connection.id);
        ctx.sync.contact(connection.id, true);
      }
    }
    throw error;
  }
}

/**
 * Runs `write` in one IMMEDIATE transaction unless the connection was removed
 * while its data was being fetched (then the data is simply dropped).
 */
export function writeIfConnected<T>(
  ctx: CoreContext,
  connectionId: string,
  write: () => T,
): T | undefined {
  return ctx.db
    .transaction(() => (ctx.connections.get(connectionId) ? write() : undefined))
    .immediate();
}

export function emitCacheChanged(ctx: CoreContext, change: CacheChanged): void {
  ctx.events.emit('cache-changed', change);
}
