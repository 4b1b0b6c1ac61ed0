import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import { rowsOf } from '../testing/production-fixture.js';
import {
  startDownloadFixture,
  wellOfRequest,
  type DownloadFixture,
} from './testing/download-fixture.js';

/**
 * Production comes in the project's units and is cached in imperial ones. A
 * project switched to the other unit system on the server while the download
 * runs would leave the wells fetched after the switch converted wrongly: the
 * download reads the project again at the end and, seeing the switch, fetches
 * the run's wells again, so every cached value is right.
 */

const RANGE = { from: '2024-01-01', to: '2024-06-30' };
const WELLS = 6;

let fixture: DownloadFixture;
let project: ApiProject;

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [WELLS] });
  [project] = fixture.projects as [ApiProject];
});

afterAll(() => fixture.close());

describe('a unit-system switch during a download', () => {
  it('fetches the wells again in the new units', async () => {
    expect(project.unitSystem).toBe('imperial');
    let written = 0;
    const off = fixture.harness.core.events.on('cache-changed', (change) => {
      if (change.kind !== 'production' || ++written !== 2) return;
      fixture.demo.server.db
        .prepare("UPDATE projects SET unit_system = 'metric' WHERE id = ?")
        .run(project.id);
    });
    const mark = fixture.harness.requests.length;
    await fixture.start(project.id, RANGE);
    const final = await fixture.finished(project.id);
    off();
    expect(final).toMatchObject({ state: 'done', done: WELLS, total: WELLS, failed: [] });
    const fetched = fixture.productionRequests(mark).map(wellOfRequest);
    expect(fetched).toHaveLength(2 * WELLS); // every well, twice
    expect(new Set(fetched).size).toBe(WELLS);

    fixture.harness.setOffline(true);
    try {
      for (const well of await fixture.wellsOf(project.id)) {
        const read = await fixture.harness.core.handlers['production-get']({
          projectId: project.id,
          wellId: well.id,
          ...RANGE,
          aggregation: 'daily',
        });
        expect(read.data.unitSystem).toBe('metric');
        const server = await fixture.api.getProduction(project.id, well.id, RANGE);
        expect(rowsOf(read.data)).toEqual(server.data);
      }
    } finally {
      fixture.harness.setOffline(false);
    }
  });
});
