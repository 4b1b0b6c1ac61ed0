import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_SCOPES } from '#server/auth/scopes.js';
import { createToken } from '#server/auth/token-store.js';
import { DEMO_USER } from '#server/demo/seed.js';
import { ApiClient, type ApiProject, type ApiWell } from '#shared/client/index.js';
import type { DateRange, DownloadStatus } from '#shared/desktop/index.js';
import type { CoreOptions } from '../../create-core.js';
import { startCore, type CoreHarness } from '../../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../../testing/demo-server.js';

/**
 * The real demo server on loopback and a core connected to it, for the
 * offline-download tests: the projects and wells as the server has them, the
 * `download-progress` events, and the production requests the core sent.
 */
export interface DownloadFixture {
  demo: DemoServer;
  /** The test's own client (plain fetch, not the core's): unaffected by the network switch. */
  api: ApiClient;
  harness: CoreHarness;
  /** The core's API token. */
  token: string;
  projects: ApiProject[];
  wellsOf(projectId: string): Promise<ApiWell[]>;
  /** Every download-progress event since the core was (re)opened. */
  progress: DownloadStatus[];
  start(projectId: string, range: DateRange): Promise<DownloadStatus>;
  /** Waits until the core's background work is over; the project's status then. */
  finished(projectId: string): Promise<DownloadStatus>;
  status(projectId: string): Promise<DownloadStatus>;
  /** Production requests logged by the harness since `mark` (an index into harness.requests). */
  productionRequests(mark?: number): string[];
  /** Reads the cache file through a second, read-only connection. */
  readCache<T>(read: (db: Database.Database) => T): T;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

export interface DownloadFixtureOptions {
  wellCounts: number[];
  rateLimit?: boolean;
  /** The demo user's plan for the core's token (the demo server's default is enterprise). */
  plan?: 'standard' | 'professional' | 'enterprise';
  core?: Partial<CoreOptions>;
}

export async function startDownloadFixture(
  options: DownloadFixtureOptions,
): Promise<DownloadFixture> {
  const demo = await startDemoServer({
    wellCounts: options.wellCounts,
    rateLimit: options.rateLimit ?? false,
  });
  // A token of its own: the server counts the rate limit per token.
  const token = options.plan
    ? createToken(demo.server.db, { user: DEMO_USER, scopes: DEFAULT_SCOPES, plan: options.plan })
    : demo.token;
  const owner = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
  const projects: ApiProject[] = [];
  for await (const project of owner.iterateProjects()) projects.push(project);
  const harness = await startCore({ baseUrl: demo.baseUrl, token }, options.core ?? {});
  const progress: DownloadStatus[] = [];
  const listen = () => harness.core.events.on('download-progress', (s) => progress.push(s));
  listen();
  const status = (projectId: string) =>
    harness.core.handlers['offline-download-status']({ projectId });
  const fixture: DownloadFixture = {
    demo,
    api: owner,
    harness,
    token,
    projects,
    wellsOf: async (projectId) => {
      const wells: ApiWell[] = [];
      for await (const well of owner.iterateWells(projectId)) wells.push(well);
      return wells;
    },
    progress,
    start: (projectId, range) =>
      harness.core.handlers['offline-download-start']({ projectId, ...range }),
    finished: async (projectId) => {
      await harness.core.whenIdle();
      return status(projectId);
    },
    status,
    productionRequests: (mark = 0) =>
      harness.requests.slice(mark).filter((request) => request.includes('/production')),
    readCache: (read) => {
      const db = new Database(join(harness.dataDir, 'cache.db'), { readonly: true });
      try {
        return read(db);
      } finally {
        db.close();
      }
    },
    reopen: async () => {
      await harness.reopen();
      progress.length = 0;
      listen();
    },
    close: async () => {
      await harness.close();
      await demo.close();
    },
  };
  return fixture;
}

/** The well id of a logged production request ("GET …/wells/<id>/production?…"). */
export function wellOfRequest(request: string): string {
  return /\/wells\/([^/]+)\/production/.exec(request)?.[1] ?? '';
}

/** Progress only moves forward, and the last event says everything is done. */
export function expectMonotonicProgress(events: readonly DownloadStatus[]): void {
  expect(events.length).toBeGreaterThan(1);
  let total = 0;
  events.forEach((event, i) => {
    const previous = events[i - 1];
    if (previous) {
      expect(event.done).toBeGreaterThanOrEqual(previous.done);
      expect(event.requestsDone).toBeGreaterThanOrEqual(previous.requestsDone);
      expect(event.records).toBeGreaterThanOrEqual(previous.records);
    }
    if (total > 0) expect(event.total).toBe(total);
    total = event.total;
    expect(event.done).toBeLessThanOrEqual(event.total);
  });
}
