import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import { startDownloadFixture, type DownloadFixture } from './testing/download-fixture.js';

/**
 * A download started while the project's first open is listing its wells joins that listing:
 * one fetch and one write of the well list, not two (each write of a 20,000-well list held
 * every other read on this computer for 0.3–0.4 s).
 */

const RANGE = { from: '2024-07-01', to: '2025-06-30' };

let fixture: DownloadFixture;
let project: ApiProject;

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [12, 0, 3] });
  project = fixture.projects[0] as ApiProject;
});

afterAll(() => fixture.close());

const listings = (requests: readonly string[]) =>
  requests.filter((request) =>
    new RegExp(`^GET /api/v1/projects/${project.id}/wells(\\?|$)`).test(request),
  );

describe('a download beside the project being opened', () => {
  it('lists the wells once for both', async () => {
    const mark = fixture.harness.requests.length;
    // The open: nothing cached yet, so the read waits for the listing.
    const opened = fixture.harness.core.handlers['wells-list']({ projectId: project.id });
    const started = await fixture.start(project.id, RANGE);
    expect(started.state).toBe('running');
    expect((await opened).data.total).toBe(12);
    expect((await fixture.finished(project.id)).state).toBe('done');
    expect(listings(fixture.harness.requests.slice(mark))).toHaveLength(1);
  });
});
