import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import { HISTORY_START, type ReplicaStatus } from '#shared/desktop/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import {
  startDownloadFixture,
  wellOfRequest,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';

/**
 * The working set kept on this computer, against the real demo server: a project opened
 * replicates itself whole (recent days first, then the rest, no day twice), is kept current
 * with one request when nothing changed, reads again only the wells that did, and pause,
 * cancel and remove do what their names say.
 */

let fixture: DownloadFixture;
let project: ApiProject;
const WELLS = 12;
const progress: ReplicaStatus[] = [];

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [WELLS, 3] });
  [project] = fixture.projects as [ApiProject];
  fixture.harness.core.events.on('replica-progress', (status) => progress.push(status));
});

afterAll(() => fixture.close());

const handlers = () => fixture.harness.core.handlers;
const replicaRequests = (mark: number) =>
  fixture.harness.requests.slice(mark).filter((request) => !request.includes('/openapi'));

/** Every server row of every well of the project against the cache's, day by day. */
async function expectReplicaEqualsServer(projectId: string): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  for (const well of await fixture.wellsOf(projectId)) {
    const series = await fixture.api.getProduction(projectId, well.id, {
      from: HISTORY_START,
      to: today,
      aggregation: 'daily',
      fields: ['oil_rate', 'gas_rate', 'water_rate'],
    });
    const cached = fixture.readCache(
      (db) =>
        db
          .prepare('SELECT date FROM production WHERE well_id = ? ORDER BY date')
          .pluck()
          .all(well.id) as string[],
    );
    expect(cached, well.name ?? well.id).toEqual(series.data.map((record) => record.date));
  }
}

describe('keeping a project on this computer', () => {
  it('replicates an opened project whole: recent days first, then history, no day twice', async () => {
    const mark = fixture.harness.requests.length;
    const opened = await handlers()['replica-open']({ projectId: project.id });
    expect(['queued', 'running']).toContain(opened.state);
    await fixture.harness.core.whenIdle();
    const status = await handlers()['replica-status']({ projectId: project.id });
    expect(status).toMatchObject({
      state: 'current',
      wellsTotal: WELLS,
      wellsRecent: WELLS,
      wellsComplete: WELLS,
      error: null,
    });
    expect(status.asOf).not.toBeNull();
    expect(status.days).toBeGreaterThan(WELLS * 300);
    // Two reads per well: its recent days, then the rest of its history; all recent ones first.
    const reads = fixture.productionRequests(mark).map(wellOfRequest);
    expect(reads).toHaveLength(2 * WELLS);
    expect(new Set(reads.slice(0, WELLS)).size).toBe(WELLS);
    expect(new Set(reads.slice(WELLS)).size).toBe(WELLS);
    const phases = progress.map((event) => event.phase).filter((phase) => phase !== null);
    expect(phases.indexOf('history')).toBeGreaterThan(phases.indexOf('recent'));
    // The status bar's count never goes back while a run moves on.
    const complete = progress
      .filter((event) => event.projectId === project.id)
      .map((event) => event.wellsComplete);
    expect(complete).toEqual([...complete].sort((a, b) => a - b));
    await expectReplicaEqualsServer(project.id);
  });

  it('is kept current with one request when nothing changed', async () => {
    const mark = fixture.harness.requests.length;
    const [well] = await fixture.wellsOf(project.id);
    const asOf = async () =>
      (
        await handlers()['production-get']({
          projectId: project.id,
          wellId: well!.id,
          from: '2025-01-01',
          to: '2025-01-31',
          aggregation: 'daily',
        })
      ).fetchedAt!;
    const fetchedFirst = await asOf();
    const before = new Date().toISOString();
    await handlers()['replica-open']({ projectId: project.id });
    await fixture.harness.core.whenIdle();
    expect(replicaRequests(mark)).toEqual([
      expect.stringMatching(
        new RegExp(`^GET /api/v1/projects/${project.id}/changes\\?since=\\d+$`),
      ),
    ]);
    expect(await handlers()['replica-status']({ projectId: project.id })).toMatchObject({
      state: 'current',
      wellsComplete: WELLS,
    });
    // The well was not read again, yet its days are as current as the refresh ("as of").
    expect(Date.parse(fetchedFirst)).toBeLessThan(Date.parse(before));
    expect(Date.parse(await asOf())).toBeGreaterThanOrEqual(Date.parse(before));
  });

  it('reads again only the wells another client changed', async () => {
    const [changed] = await fixture.wellsOf(project.id);
    await fixture.api.upsertProduction(project.id, changed!.id, [
      { date: '2025-06-29', oil_rate: 123.25, gas_rate: 400, water_rate: 10 },
    ]);
    const mark = fixture.harness.requests.length;
    await handlers()['replica-open']({ projectId: project.id });
    await fixture.harness.core.whenIdle();
    expect(fixture.productionRequests(mark).map(wellOfRequest)).toEqual([changed!.id]);
    await expectReplicaEqualsServer(project.id);
    const oil = fixture.readCache(
      (db) =>
        db
          .prepare("SELECT oil_rate FROM production WHERE well_id = ? AND date = '2025-06-29'")
          .pluck()
          .get(changed!.id) as number,
    );
    expect(oil).toBe(123.25);
  });

  it('never lets a server change overwrite an edit waiting to be sent', async () => {
    const [, well] = await fixture.wellsOf(project.id);
    const date = '2025-06-20';
    fixture.harness.setOffline(true);
    await handlers()['records-save']({
      projectId: project.id,
      wellId: well!.id,
      records: [{ date, oil_rate: 77.5 }],
    });
    // Another client writes the same day meanwhile.
    await fixture.api.upsertProduction(project.id, well!.id, [{ date, oil_rate: 12.25 }]);
    fixture.harness.setOffline(false);
    await handlers()['replica-open']({ projectId: project.id });
    await fixture.harness.core.whenIdle();
    // The replica holds the server's value; the read shows the engineer's until the conflict
    // is decided, and the edit is still there to decide.
    const stored = fixture.readCache(
      (db) =>
        db
          .prepare('SELECT oil_rate FROM production WHERE well_id = ? AND date = ?')
          .pluck()
          .get(well!.id, date) as number,
    );
    expect(stored).toBe(12.25);
    const view = await handlers()['production-get']({
      projectId: project.id,
      wellId: well!.id,
      from: date,
      to: date,
      aggregation: 'daily',
    });
    expect(view.data.values.oil_rate).toEqual([77.5]);
    const [operation] = (await handlers()['outbox-list']({})).operations;
    expect(operation).toBeDefined();
    await handlers()['outbox-discard']({ seqs: [operation!.seq] });
  });

  it('pauses and resumes without fetching a well twice; cancel stops keeping it', async () => {
    const [, other] = fixture.projects as [ApiProject, ApiProject];
    const mark = fixture.harness.requests.length;
    await handlers()['replica-open']({ projectId: other.id });
    const paused = await handlers()['replica-pause']({ projectId: other.id });
    expect(paused.state).toBe('paused');
    await fixture.harness.core.whenIdle();
    // A paused project stays paused when opened again.
    expect((await handlers()['replica-open']({ projectId: other.id })).state).toBe('paused');
    await handlers()['replica-resume']({ projectId: other.id });
    await fixture.harness.core.whenIdle();
    const status = await handlers()['replica-status']({ projectId: other.id });
    expect(status).toMatchObject({ state: 'current', wellsComplete: 3, wellsTotal: 3 });
    const reads = fixture.productionRequests(mark).map(wellOfRequest);
    // Recent and history once each per well, whatever the pause interrupted.
    expect(reads.length).toBeLessThanOrEqual(6);
    expect(new Set(reads).size).toBe(3);

    const cancelled = await handlers()['replica-cancel']({ projectId: other.id });
    expect(cancelled.state).toBe('not-kept');
    const again = fixture.harness.requests.length;
    expect((await handlers()['replica-open']({ projectId: other.id })).state).toBe('not-kept');
    await fixture.harness.core.whenIdle();
    expect(fixture.productionRequests(again)).toEqual([]);
    // Its days stay until removed.
    expect(status.days).toBeGreaterThan(0);
    expect((await handlers()['replica-status']({ projectId: other.id })).days).toBe(status.days);
  });

  it('lists what is kept and removes a project, never one with edits not yet sent', async () => {
    const listed = await handlers()['replica-list']({});
    expect(listed.projects.map((entry) => entry.projectId).sort()).toEqual(
      fixture.projects.map((entry) => entry.id).sort(),
    );
    expect(listed.totalBytes).toBeGreaterThan(0);
    expect(listed.settings).toEqual({ releaseAfterDays: 30, budgetBytes: 2 * 1024 ** 3 });

    const [well] = await fixture.wellsOf(project.id);
    fixture.harness.setOffline(true);
    await handlers()['records-save']({
      projectId: project.id,
      wellId: well!.id,
      records: [{ date: '2025-06-28', oil_rate: 1 }],
    });
    const refused = await coreErrorOf(handlers()['replica-remove']({ projectId: project.id }));
    expect(refused.type).toBe('conflict');
    expect(refused.message).toMatch(/1 edit not yet sent/);
    expect((await handlers()['replica-status']({ projectId: project.id })).days).toBeGreaterThan(0);
    await handlers()['outbox-discard']({
      seqs: (await handlers()['outbox-list']({})).operations.map((op) => op.seq),
    });
    fixture.harness.setOffline(false);

    const removed = await handlers()['replica-remove']({ projectId: project.id });
    expect(removed).toMatchObject({ state: 'not-kept', days: 0, wellsComplete: 0, asOf: null });
  });

  it('refuses settings out of range, naming the field', async () => {
    const error = await coreErrorOf(
      handlers()['replica-settings-save']({ releaseAfterDays: 0 } as never),
    );
    expect(error.type).toBe('validation');
    expect(error.message).toMatch(/releaseAfterDays/);
    expect(
      await handlers()['replica-settings-save']({ releaseAfterDays: 7, budgetBytes: 1024 ** 3 }),
    ).toEqual({ releaseAfterDays: 7, budgetBytes: 1024 ** 3 });
  });
});
