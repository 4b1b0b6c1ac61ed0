import Database from 'better-sqlite3';
import { join } from 'node:path';
import { PRODUCTION_FIELDS, type ProductionRecord } from '#shared/api/index.js';
import { ApiClient, type ApiWell } from '#shared/client/index.js';
import type { OutboxChanged, OutboxOperationView, SyncStatus } from '#shared/desktop/index.js';
import type { CoreOptions } from '../../create-core.js';
import { DEMO_USER } from '#server/demo/seed.js';
import { startCore, type CoreHarness } from '../../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../../testing/demo-server.js';
import { startFaultProxy, type FaultProxy } from '../../testing/fault-proxy.js';

/**
 * The real demo server, the fault proxy in front of it, a core talking to
 * the server through the proxy (with short backoffs), and a second, plain
 * ApiClient talking to the server directly: "another engineer", and the
 * referee of what the server holds.
 */
export interface SyncFixture {
  demo: DemoServer;
  proxy: FaultProxy;
  api: ApiClient;
  harness: CoreHarness;
  statuses: SyncStatus[];
  outboxEvents: OutboxChanged[];
  /** Wells of the demo project with that unit system, loaded into the core's cache. */
  wells(system: 'imperial' | 'metric', count: number): Promise<WellRef[]>;
  /** A new, empty well (no production), loaded into the core's cache. */
  newWell(system: 'imperial' | 'metric', name: string): Promise<WellRef>;
  syncNow(): Promise<SyncStatus>;
  /** Resolves with the first status (current or coming) that satisfies the predicate. */
  waitForStatus(predicate: (status: SyncStatus) => boolean): Promise<SyncStatus>;
  /** What the server holds for the well, day by day, in the project's units. */
  serverDays(well: WellRef, from: string, to: string): Promise<Map<string, ProductionRecord>>;
  outbox(): Promise<OutboxOperationView[]>;
  /** The cache file, opened beside the core for a look (or a deliberate tampering). */
  withCache<T>(work: (db: Database.Database) => T): T;
  close(): Promise<void>;
}

export interface WellRef {
  projectId: string;
  wellId: string;
  well: ApiWell;
}

/** Backoffs of a few milliseconds: the tests wait for states, never for clocks. */
export const FAST_SYNC = { baseDelayMs: 5, maxDelayMs: 40 };

export async function startSyncFixture(
  options: { wellCounts?: number[]; core?: Partial<CoreOptions>; token?: string } = {},
): Promise<SyncFixture> {
  const demo = await startDemoServer({ wellCounts: options.wellCounts ?? [3, 0, 2] });
  const proxy = await startFaultProxy(demo.baseUrl);
  // Its own token, so revoking the core's (401 tests) leaves the referee working.
  const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.tokenFor(DEMO_USER) });
  const harness = await startCore(
    { baseUrl: proxy.url, token: options.token ?? demo.token },
    { sync: FAST_SYNC, freshForMs: 600_000, ...options.core },
  );
  const statuses: SyncStatus[] = [];
  const outboxEvents: OutboxChanged[] = [];
  const listen = () => {
    harness.core.events.on('sync-status-changed', (status) => statuses.push(status));
    harness.core.events.on('outbox-changed', (change) => outboxEvents.push(change));
  };
  listen();

  const projectOf = async (system: 'imperial' | 'metric') => {
    for await (const project of api.iterateProjects())
      if (project.unitSystem === system) return project;
    throw new Error(`no ${system} project`);
  };
  const load = async (projectId: string, wellId: string) => {
    await harness.core.handlers['wells-list']({ projectId, refresh: 'await' });
    await harness.core.handlers['wells-get']({ projectId, wellId });
  };

  const fixture: SyncFixture = {
    demo,
    proxy,
    api,
    harness,
    statuses,
    outboxEvents,
    wells: async (system, count) => {
      const project = await projectOf(system);
      const wells: ApiWell[] = [];
      for await (const well of api.iterateWells(project.id)) wells.push(well);
      const chosen = wells.slice(0, count);
      if (chosen.length < count) throw new Error(`only ${chosen.length} ${system} wells`);
      await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
      return chosen.map((well) => ({ projectId: project.id, wellId: well.id, well }));
    },
    newWell: async (system, name) => {
      const project = await projectOf(system);
      const well = await api.createWell(project.id, { name });
      await load(project.id, well.id);
      return { projectId: project.id, wellId: well.id, well };
    },
    syncNow: () => harness.core.handlers['sync-now']({}),
    waitForStatus: async (predicate) => {
      const now = await harness.core.handlers['sync-status']({});
      if (predicate(now)) return now;
      return new Promise((resolve) => {
        const off = harness.core.events.on('sync-status-changed', (status) => {
          if (!predicate(status)) return;
          off();
          resolve(status);
        });
      });
    },
    serverDays: async (well, from, to) => {
      const series = await api.getProduction(well.projectId, well.wellId, {
        from,
        to,
        fields: PRODUCTION_FIELDS,
      });
      return new Map(series.data.map((item) => [item.date, item as unknown as ProductionRecord]));
    },
    outbox: async () => (await harness.core.handlers['outbox-list']({})).operations,
    withCache: (work) => {
      const db = new Database(join(harness.dataDir, 'cache.db'));
      try {
        return work(db);
      } finally {
        db.close();
      }
    },
    close: async () => {
      await harness.close();
      await proxy.close();
      await demo.close();
    },
  };
  return fixture;
}

/** A full record with every field null but those given. */
export function day(
  date: string,
  values: Partial<Omit<ProductionRecord, 'date'>> = {},
): ProductionRecord {
  const record = { date } as ProductionRecord;
  for (const field of PRODUCTION_FIELDS) record[field] = values[field] ?? null;
  return record;
}
