import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeToken } from '#server/auth/token-store.js';
import type { ApiProject, ApiWell, FetchLike } from '#shared/client/index.js';
import { startDownloadFixture, type DownloadFixture } from './testing/download-fixture.js';

/**
 * Wells that fail do not fail the download: a well deleted on the server
 * while the download runs, and one the server keeps failing on, are reported
 * and skipped. What would fail every well (the project gone, the token
 * refused) stops it at once instead of trying each well.
 */

const RANGE = { from: '2024-07-01', to: '2025-06-30' };

let fixture: DownloadFixture;
let project: ApiProject;
let other: ApiProject;
let wells: ApiWell[];
/** Production of this well answers 500, every time. */
let brokenWell: string | undefined;
const sent: string[] = [];

const fetch: FetchLike = async (input, init) => {
  sent.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
  if (brokenWell && input.includes(`/wells/${brokenWell}/production`)) {
    const body = { error: { code: 'INTERNAL_ERROR', message: 'Disk on fire', requestId: 'req_1' } };
    return new Response(JSON.stringify(body), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  }
  return globalThis.fetch(input, init);
};

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [12, 3], core: { fetch } });
  [project, other] = fixture.projects as [ApiProject, ApiProject];
  wells = (await fixture.wellsOf(project.id)).sort((a, b) =>
    a.name!.toLowerCase() < b.name!.toLowerCase() ? -1 : 1,
  );
});

afterAll(() => fixture.close());

function syncLog(kind: string): Array<{ message: string; request_id: string | null }> {
  return fixture.readCache(
    (db) =>
      db
        .prepare('SELECT message, request_id FROM sync_log WHERE kind = ? ORDER BY id')
        .all(kind) as Array<{ message: string; request_id: string | null }>,
  );
}

describe('failures during an offline download', () => {
  it('reports and skips a well deleted mid-download and a well the server fails on', async () => {
    // The last well in the download's order disappears once the well list is known.
    const deleted = wells.at(-1)!;
    const broken = wells[0]!;
    brokenWell = broken.id;
    const off = fixture.harness.core.events.on('download-progress', (status) => {
      if (status.total > 0) {
        fixture.demo.server.db.prepare('DELETE FROM wells WHERE id = ?').run(deleted.id);
        off();
      }
    });
    try {
      await fixture.start(project.id, RANGE);
      const final = await fixture.finished(project.id);
      expect(final).toMatchObject({
        state: 'done',
        done: 12,
        total: 12,
        error: null,
        available: { wellsCovered: 10, wellsTotal: 11 },
      });
      expect(final.failed).toHaveLength(2);
      expect(final.failed).toEqual(
        expect.arrayContaining([
          {
            wellId: deleted.id,
            name: deleted.name,
            error: expect.objectContaining({
              type: 'not-found',
              message: expect.stringMatching(/no longer exists/),
            }),
          },
          {
            wellId: broken.id,
            name: broken.name,
            error: expect.objectContaining({
              type: 'server',
              details: expect.objectContaining({ status: 500, requestId: 'req_1' }),
            }),
          },
        ]),
      );
    } finally {
      brokenWell = undefined;
    }
    // The deleted well left the cache; the others are all there.
    const list = await fixture.harness.core.handlers['wells-list']({ projectId: project.id });
    expect(list.data.wells.map((well) => well.id)).not.toContain(deleted.id);
    expect(list.data.projectTotal).toBe(11);
    const logged = syncLog('offline-download-well-failed');
    expect(logged).toHaveLength(2);
    expect(logged).toEqual(
      expect.arrayContaining([
        { message: expect.stringContaining(`well ${broken.name} skipped`), request_id: 'req_1' },
        {
          message: expect.stringContaining(`well ${deleted.name} skipped`),
          request_id: expect.any(String),
        },
      ]),
    );
  });

  it('fails, naming the project, when the project is gone on the server', async () => {
    await fixture.api.deleteProject(other.id);
    await fixture.start(other.id, RANGE);
    expect(await fixture.finished(other.id)).toMatchObject({
      state: 'failed',
      done: 0,
      error: { type: 'not-found', message: expect.stringMatching(new RegExp(other.id)) },
    });
  });

  it('stops at once when the token is refused, instead of trying every well', async () => {
    const range = { from: '2023-01-01', to: '2023-12-31' };
    const off = fixture.harness.core.events.on('download-progress', (status) => {
      if (status.total > 0) {
        revokeToken(fixture.demo.server.db, fixture.token);
        off();
      }
    });
    const mark = sent.length;
    await fixture.start(project.id, range);
    const final = await fixture.finished(project.id);
    expect(final).toMatchObject({ state: 'failed', error: { type: 'unauthorized' }, failed: [] });
    // The wells already on their way, and no more.
    const production = sent.slice(mark).filter((request) => request.includes('/production'));
    expect(production.length).toBeLessThanOrEqual(4);
  });
});
