import { ChangeLogRepo } from './changes/change-log-repo.js';
import { changesHandlers } from './changes/changes-handlers.js';
import { surveillanceHandlers } from './surveillance/surveillance-handlers.js';
import { wellEventHandlers } from './well-events/well-events-handlers.js';
import { WellEventsRepo } from './well-events/well-events-repo.js';
import { localUserName } from './changes/local-user.js';
import { ForegroundGate } from './foreground-gate.js';
import { join } from 'node:path';
import type { FetchLike } from '#shared/client/index.js';
import type { CoreNotice, HandlerReply, HandlerTable } from '#shared/desktop/index.js';
import { cacheRebuiltNotice } from './cache/cache-notice.js';
import { ConnectionsRepo } from './cache/connections-repo.js';
import { CoverageRepo } from './cache/coverage-repo.js';
import { openCacheForStart, sealMemoryCache, type CacheMode } from './cache/open-for-start.js';
import type { CacheOpenReport, OpenCacheOptions } from './cache/open-cache.js';
import { ProductionRepo } from './cache/production-repo.js';
import { ProjectsRepo } from './cache/projects-repo.js';
import { SyncLogRepo } from './cache/sync-log-repo.js';
import { WellsRepo } from './cache/wells-repo.js';
import { ClientPool, DEFAULT_CLIENT_TUNING, type ClientTuning } from './client-pool.js';
import { connectionHandlers } from './connections/connection-handlers.js';
import {
  ensureDefaultConnection,
  type DefaultConnection,
} from './connections/default-connection.js';
import { consoleLogger, type CoreLogger } from './core-errors.js';
import { NO_REPLICA, NO_SYNC, type CoreContext } from './core-context.js';
import { replicaHandlers } from './replica/replica-handlers.js';
import { Replicator } from './replica/replicator.js';
import { WellFetchLock } from './replica/well-fetch-lock.js';
import { CoreEventEmitter } from './events.js';
import { declineHandlers } from './decline/decline-handlers.js';
import { screeningHandlers } from './screening/screening-handlers.js';
import { DeclineFitsRepo } from './decline/decline-fits-repo.js';
import { DeclineSettingsRepo } from './decline/decline-settings-repo.js';
import { downloadHandlers } from './download/download-handlers.js';
import { fieldHandlers } from './field/field-handlers.js';
import { filesHandlers } from './files/files-handlers.js';
import { GrantedFiles } from './files/granted-files.js';
import { dispatch, dispatchFromRenderer } from './handler-kit.js';
import { importHandlers } from './import/import-handlers.js';
import { noticeHandlers } from './notices/notice-handlers.js';
import { DISK_FULL_AT_START, READ_ONLY_AT_START } from './notices/storage-notices.js';
import { productionHandlers } from './reads/production-handlers.js';
import { productionColumnsHandlers } from './reads/production-columns-handlers.js';
import { qualityHandlers } from './quality/quality-handlers.js';
import { projectHandlers } from './reads/project-handlers.js';
import { outboxHandlers } from './outbox/outbox-handlers.js';
import { OutboxRecordsRepo } from './outbox/outbox-records-repo.js';
import { OutboxRepo } from './outbox/outbox-repo.js';
import { wellHandlers } from './reads/well-handlers.js';
import { Refresher } from './refresher.js';
import type { SecretStore } from './secret-store.js';
import { isDiskFull } from './storage-errors.js';
import { SyncEngine, type SyncTuning } from './sync/sync-engine.js';
import { syncHandlers } from './sync/sync-handlers.js';

export interface CoreOptions {
  /** Folder of the cache database (cache.db); created if missing. */
  dataDir: string;
  secretStore: SecretStore;
  /** Defaults to globalThis.fetch; tests wrap it to count or cut requests. */
  fetch?: FetchLike;
  /** The clock for timestamps and freshness. */
  now?: () => Date;
  /** The embedded demo server, when the host runs one. */
  defaultConnection?: DefaultConnection;
  /** Cached data younger than this is answered without a refresh. Default 30 s. */
  freshForMs?: number;
  /** Timeouts and retries of the API clients. */
  client?: ClientTuning;
  log?: CoreLogger;
  /** Backoff of the sync engine after network errors and 5xx; tests shorten it. */
  sync?: SyncTuning;
  /** Who the change log names; the operating system's user by default. */
  actor?: string;
  /** For tests only: see OpenCacheOptions (a disk that looks full, honestly, to SQLite). */
  limitCacheForTests?: OpenCacheOptions['limitCacheForTests'];
}

export interface Core {
  /** The whole table of shared/desktop/handler-table.ts. */
  handlers: HandlerTable;
  events: Pick<CoreEventEmitter, 'on' | 'off' | 'emit'>;
  /**
   * For hosts and tests: any handler by name with arguments from the wire; never rejects.
   * What the page sends goes through `invokeFromRenderer` instead.
   */
  invoke(name: string, args: unknown): Promise<HandlerReply<unknown>>;
  /** What a host relays from the page: refuses handlers the page may not call (its entry in HANDLERS says who may). */
  invokeFromRenderer(name: string, args: unknown): Promise<HandlerReply<unknown>>;
  /** What happened when the cache was opened (a file moved aside, and why). */
  cache: CacheOpenReport;
  /** How the cache is held: `normal`, or a fallback for a disk full at start. */
  cacheMode: CacheMode;
  /** What the person must be told about this start (core-notices answers with these). */
  notices: readonly CoreNotice[];
  /** Resolves when no background refresh is running (tests; orderly shutdown). */
  whenIdle(): Promise<void>;
  /** Stops background work, then closes the database. */
  close(): Promise<void>;
}

export const CACHE_FILE_NAME = 'cache.db';

export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? consoleLogger;
  const start = openCacheForStart(join(options.dataDir, CACHE_FILE_NAME), {
    now,
    ...(options.limitCacheForTests ? { limitCacheForTests: options.limitCacheForTests } : {}),
  });
  const { db, report } = start;
  const notices: CoreNotice[] = [];
  if (report.movedAside) {
    log({ level: 'warn', message: report.movedAside.reason });
    notices.push(cacheRebuiltNotice(report.movedAside));
  }
  /** A full disk at start is told once, and the core starts anyway. */
  const tellDiskFull = (what: string) => {
    log({ level: 'warn', message: `The disk is full: ${what}` });
    if (!notices.some((notice) => notice.kind === 'disk-full' || notice.kind === 'cache-read-only'))
      notices.push(DISK_FULL_AT_START);
  };
  const diskFullAtStart = (step: string, error: unknown) => {
    if (!isDiskFull(error)) return false;
    tellDiskFull(`${step} failed (${(error as Error).message})`);
    return true;
  };
  if (start.mode === 'memory') notices.push(READ_ONLY_AT_START);
  else if (start.mode === 'exclusive')
    tellDiskFull('the cache was opened with its WAL index in memory');

  const ctx: CoreContext = {
    db,
    connections: new ConnectionsRepo(db),
    projects: new ProjectsRepo(db),
    wells: new WellsRepo(db),
    production: new ProductionRepo(db),
    coverage: new CoverageRepo(db),
    syncLog: new SyncLogRepo(db, now),
    secrets: options.secretStore,
    clients: new ClientPool(
      options.secretStore,
      options.fetch,
      options.client ?? DEFAULT_CLIENT_TUNING,
    ),
    refresher: new Refresher(),
    events: new CoreEventEmitter((error, event) =>
      log({ level: 'error', message: `A listener of ${event} threw`, error }),
    ),
    log,
    now,
    freshForMs: options.freshForMs ?? 30_000,
    offline: new Set(),
    reachable: new Set(),
    outbox: new OutboxRepo(db),
    outboxRecords: new OutboxRecordsRepo(db),
    changeLog: new ChangeLogRepo(db, options.actor ?? localUserName()),
    sync: NO_SYNC,
    files: new GrantedFiles(options.dataDir),
    declineFits: new DeclineFitsRepo(db),
    declineSettings: new DeclineSettingsRepo(db),
    wellEvents: new WellEventsRepo(db),
    foreground: new ForegroundGate(),
    wellFetches: new WellFetchLock(),
    replica: NO_REPLICA,
  };
  const replicator = new Replicator(ctx);
  ctx.replica = replicator;
  const engine = new SyncEngine(ctx, options.sync);
  ctx.sync = engine;

  try {
    if (options.defaultConnection) await ensureDefaultConnection(ctx, options.defaultConnection);
  } catch (error) {
    // Without its new address the demo answers nowhere: the cache is still readable.
    if (!diskFullAtStart('saving the demo workspace', error)) {
      db.close();
      throw error;
    }
  }
  sealMemoryCache(start);

  const handlers = {
    ...connectionHandlers(ctx),
    ...projectHandlers(ctx),
    ...wellHandlers(ctx),
    ...productionHandlers(ctx),
    ...productionColumnsHandlers(ctx),
    ...downloadHandlers(ctx),
    ...outboxHandlers(ctx),
    ...changesHandlers(ctx),
    ...syncHandlers(ctx, engine),
    ...filesHandlers(ctx, ctx.files),
    ...importHandlers(ctx),
    ...noticeHandlers(notices, log),
    ...qualityHandlers(ctx),
    ...declineHandlers(ctx),
    ...fieldHandlers(ctx),
    ...screeningHandlers(ctx),
    ...surveillanceHandlers(ctx),
    ...wellEventHandlers(ctx),
    ...replicaHandlers(ctx, replicator),
  } satisfies HandlerTable;
  try {
    engine.start();
  } catch (error) {
    if (!diskFullAtStart('resuming the sync', error)) throw error;
    // Operations a crash left `syncing` stay so until a start can write; the others go out.
    for (const connectionId of ctx.outbox.connectionsWithWork()) engine.kick(connectionId);
  }

  try {
    replicator.start();
  } catch (error) {
    if (!diskFullAtStart('resuming the projects kept on this computer', error)) throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    handlers,
    events: ctx.events,
    invoke: (name, args) => dispatch(handlers, name, args, log),
    invokeFromRenderer: (name, args) => dispatchFromRenderer(handlers, name, args, log),
    cache: report,
    cacheMode: start.mode,
    notices,
    whenIdle: () => ctx.refresher.idle(),
    close: () => {
      engine.close();
      return (closing ??= replicator
        .close()
        .then(() => ctx.refresher.close())
        .then(() => {
          db.close();
        }));
    },
  };
}
