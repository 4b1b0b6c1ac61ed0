import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import type { FieldProgress, ForecastAllStatus, QualityProgress } from '#shared/desktop/index.js';
import {
  startDownloadFixture,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';

/**
 * The analyses on a fresh computer, online, for projects never opened and never downloaded:
 * each first brings every well's whole history here (saying so while it waits), then answers
 * on it. Nothing is downloaded by hand.
 */

let fixture: DownloadFixture;
let projects: ApiProject[];

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [8, 5, 5] });
  projects = fixture.projects;
});

afterAll(() => fixture.close());

const handlers = () => fixture.harness.core.handlers;

async function finishedForecast(projectId: string): Promise<ForecastAllStatus> {
  for (;;) {
    const status = await handlers()['forecast-all-status']({ projectId });
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('analyses online on a fresh computer', () => {
  it('Forecast all wells fits the producers without a download by hand', async () => {
    const project = projects[0]!;
    await handlers()['wells-list']({ projectId: project.id, refresh: 'await' });
    const seen: ForecastAllStatus[] = [];
    const off = fixture.harness.core.events.on('forecast-all-progress', (s) => seen.push(s));
    await handlers()['forecast-all-start']({ projectId: project.id, stream: 'oil' });
    const final = await finishedForecast(project.id);
    off();
    expect(final).toMatchObject({ state: 'done', total: 8, missingProduction: 0, notWhole: 0 });
    expect(final.fitted).toBeGreaterThanOrEqual(6);
    // It said it was bringing history here before it fitted.
    expect(seen.some((status) => status.fetching > 0 && status.done === 0)).toBe(true);
    const replica = await handlers()['replica-status']({ projectId: project.id });
    expect(replica).toMatchObject({ wellsComplete: 8, wellsTotal: 8 });
  });

  it('Data quality scans every well whole, saying what it waits for', async () => {
    const project = projects[1]!;
    await handlers()['wells-list']({ projectId: project.id, refresh: 'await' });
    const seen: QualityProgress[] = [];
    const off = fixture.harness.core.events.on('quality-progress', (s) => seen.push(s));
    const result = await handlers()['quality-scan']({ projectId: project.id });
    off();
    expect(result).toMatchObject({ wellCount: 5, wellsScanned: 5, wellsWithoutProduction: [] });
    expect(result.wellsNotWhole).toEqual([]);
    expect(seen.some((event) => event.wellsFetching > 0)).toBe(true);
  });

  it('Overview sums every well whole; offline it names the wells it could not complete', async () => {
    const project = projects[2]!;
    await handlers()['wells-list']({ projectId: project.id, refresh: 'await' });
    const [first] = await fixture.wellsOf(project.id);
    // One well's last days only, then the network goes.
    await handlers()['production-get']({
      projectId: project.id,
      wellId: first!.id,
      from: '2025-06-01',
      to: '2025-06-30',
      aggregation: 'daily',
    });
    fixture.harness.setOffline(true);
    const offline = await handlers()['field-totals']({
      projectId: project.id,
      aggregation: 'daily',
    });
    expect(offline.wellsWithProduction).toBe(1);
    expect(offline.wellsNotWhole.map((well) => well.id)).toEqual([first!.id]);
    expect(offline.wellsWithoutProduction).toHaveLength(4);

    fixture.harness.setOffline(false);
    const seen: FieldProgress[] = [];
    const off = fixture.harness.core.events.on('field-progress', (s) => seen.push(s));
    const online = await handlers()['field-totals']({
      projectId: project.id,
      aggregation: 'daily',
    });
    off();
    expect(online).toMatchObject({ wellCount: 5, wellsWithProduction: 5, wellsNotWhole: [] });
    expect(online.wellsWithoutProduction).toEqual([]);
    expect(online.dates[0]! < '2025-06-01').toBe(true);
    expect(seen.some((event) => event.wellsFetching > 0)).toBe(true);
  });
});
