import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import {
  startDownloadFixture,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';

/**
 * What the working set costs this computer, and how it gives space back: a project over the
 * storage budget keeps its newest days and says from when; a project not opened for the
 * release days is released at the next start (never a pinned one, never one with edits not
 * yet sent).
 */

const DAY = 86_400_000;
const MIB = 1024 ** 2;
let fixture: DownloadFixture;
let clock = Date.now();
const now = () => new Date(clock);

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [40, 2, 2], core: { now } });
});

afterAll(() => fixture.close());

const handlers = () => fixture.harness.core.handlers;
const project = (index: number) => fixture.projects[index] as ApiProject;

async function keep(target: ApiProject) {
  await handlers()['replica-open']({ projectId: target.id });
  await fixture.harness.core.whenIdle();
  return handlers()['replica-status']({ projectId: target.id });
}

function oldestDay(projectId: string): string {
  return fixture.readCache(
    (db) =>
      db
        .prepare(
          `SELECT min(p.date) FROM production p JOIN wells w ON w.id = p.well_id
           WHERE w.project_id = ?`,
        )
        .pluck()
        .get(projectId) as string,
  );
}

describe('storage of the working set', () => {
  it('keeps the newest days that fit the budget and says what it left out', async () => {
    await handlers()['replica-settings-save']({ budgetBytes: 8 * MIB });
    const trimmed = await keep(project(0));
    expect(trimmed.state).toBe('current');
    expect(trimmed.leftOutBefore).not.toBeNull();
    expect(trimmed.bytes).toBeLessThanOrEqual(8 * MIB);
    expect(trimmed.bytes).toBeGreaterThan(4 * MIB);
    expect(oldestDay(project(0).id) >= trimmed.leftOutBefore!).toBe(true);
    // Whole from the first day kept: every well counts as complete, and a check again
    // fetches nothing older.
    expect(trimmed.wellsComplete).toBe(40);
    const mark = fixture.harness.requests.length;
    await keep(project(0));
    const older = fixture
      .productionRequests(mark)
      .filter((request) => /from=(\d{4}-\d{2}-\d{2})/.exec(request)![1]! < trimmed.leftOutBefore!);
    expect(older).toEqual([]);
    await handlers()['replica-settings-save']({ budgetBytes: 2 * 1024 * MIB });
  });

  it('releases a project not opened for the release days, never a pinned one or one with edits', async () => {
    const kept = [await keep(project(1)), await keep(project(2))];
    for (const status of kept) expect(status.days).toBeGreaterThan(0);
    await handlers()['replica-pin']({ projectId: project(1).id, pinned: true });
    const [well] = await fixture.wellsOf(project(2).id);
    fixture.harness.setOffline(true);
    await handlers()['records-save']({
      projectId: project(2).id,
      wellId: well!.id,
      records: [{ date: '2025-06-01', oil_rate: 7 }],
    });

    clock += 31 * DAY;
    await fixture.reopen();
    const released = await handlers()['replica-status']({ projectId: project(0).id });
    expect(released).toMatchObject({ days: 0, wellsComplete: 0, asOf: null });
    // Released, not dropped: opened again, it is kept again.
    expect(released.state).not.toBe('not-kept');
    expect((await handlers()['replica-status']({ projectId: project(1).id })).days).toBe(
      kept[0]!.days,
    );
    expect((await handlers()['replica-status']({ projectId: project(2).id })).days).toBe(
      kept[1]!.days,
    );
    fixture.harness.setOffline(false);
    await fixture.harness.core.whenIdle();
  });
});
