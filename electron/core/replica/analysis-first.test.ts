import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import type { ForecastAllStatus } from '#shared/desktop/index.js';
import {
  startDownloadFixture,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';

/**
 * An analysis is the person's own work: while "Forecast all wells" fits, the background
 * replication of another project waits between its wells (at most the well already on the
 * wire finishes), then goes on.
 */

let fixture: DownloadFixture;
let analysed: ApiProject;
let background: ApiProject;

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [20, 40] });
  [analysed, background] = fixture.projects as [ApiProject, ApiProject];
});

afterAll(() => fixture.close());

const handlers = () => fixture.harness.core.handlers;
const requestsOf = (project: ApiProject, from: number, to: number) =>
  fixture.harness.requests
    .slice(from, to)
    .filter((request) => request.includes(project.id) && request.includes('/production'));

describe('background replication and the person’s analyses', () => {
  it('waits while Forecast all wells fits, then goes on', async () => {
    await handlers()['wells-list']({ projectId: analysed.id, refresh: 'await' });
    await handlers()['wells-list']({ projectId: background.id, refresh: 'await' });
    await handlers()['replica-open']({ projectId: background.id });

    // The fitting window, as the analysis announces it: from its first well fitted to done.
    let fitting: number | null = null;
    let finished: number | null = null;
    const done = new Promise<ForecastAllStatus>((resolve) => {
      fixture.harness.core.events.on('forecast-all-progress', (status) => {
        if (status.projectId !== analysed.id) return;
        if (status.done >= 1 && fitting === null) fitting = fixture.harness.requests.length;
        if (status.state !== 'running' && finished === null) {
          finished = fixture.harness.requests.length;
          resolve(status);
        }
      });
    });
    await handlers()['forecast-all-start']({ projectId: analysed.id, stream: 'oil' });
    const final = await done;
    expect(final).toMatchObject({ state: 'done', total: 20, missingProduction: 0 });
    expect(fitting).not.toBeNull();
    // At most the well on the wire when fitting began.
    expect(requestsOf(background, fitting!, finished!).length).toBeLessThanOrEqual(1);

    // Then the background project is kept whole.
    await fixture.harness.core.whenIdle();
    const kept = await handlers()['replica-status']({ projectId: background.id });
    expect(kept).toMatchObject({ state: 'current', wellsComplete: 40, wellsTotal: 40 });
    // Real work: 60 wells' production over HTTP and 20 fits, beside the other suites on two
    // cores (18 s idle, over 30 s at load). The bound only catches a hang.
  }, 120_000);
});
