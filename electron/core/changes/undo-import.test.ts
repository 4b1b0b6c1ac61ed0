import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreErrorOf } from '../testing/core-error.js';
import { startImportFixture, type ImportFixture } from '../import/testing/import-fixture.js';

/**
 * import-undo: an import taken back restores every replaced day exactly and deletes every day
 * it added, as one action; it refuses, changing nothing, when a day changed after the import.
 */

let f: ImportFixture;
let projectId: string;
const core = () => f.harness.core.handlers;

beforeAll(async () => {
  f = await startImportFixture();
  projectId = f.imperial.project.id;
});
afterAll(() => f.close());

/** Three days the well has (June 28–30 2025) and two it has not (July 1–2). */
const FILE = [
  'Date,Oil (bbl/d),Gas (Mcf/d),Water (bbl/d),Hours On',
  '2025-06-28,111.5,222,33.25,24',
  '2025-06-29,112.5,223,34.25,24',
  '2025-06-30,113.5,224,35.25,24',
  '2025-07-01,114.5,225,36.25,24',
  '2025-07-02,115.5,226,37.25,24',
].join('\n');

async function importText(wellId: string, name: string) {
  const preview = await core()['import-preview']({
    projectId,
    wellId,
    source: { kind: 'text', name, text: `${FILE}\n` },
  });
  return core()['import-commit']({ importId: preview.importId });
}

async function cacheWell(wellId: string) {
  await core()['production-get']({
    projectId,
    wellId,
    from: '2025-06-01',
    to: '2025-07-31',
    aggregation: 'daily',
  });
}

describe('import-undo', () => {
  it('restores the replaced days exactly and deletes the added ones, on the server too', async () => {
    const well = f.imperial.wells[0]!;
    await cacheWell(well.id);
    const before = await f.serverDays(projectId, well.id, '2025-06-25', '2025-07-05');
    expect(before.has('2025-06-28') && !before.has('2025-07-01')).toBe(true);

    const imported = await importText(well.id, 'allocation-june.csv');
    expect(imported).toMatchObject({ newDays: 2, replacedDays: 3 });
    await core()['sync-now']({});
    expect(
      (await f.serverDays(projectId, well.id, '2025-06-28', '2025-06-28')).get('2025-06-28'),
    ).toMatchObject({ oil_rate: 111.5 });

    const undone = await core()['import-undo']({ projectId, batch: imported.changeBatch });
    expect(undone).toMatchObject({
      fileName: 'allocation-june.csv',
      restoredDays: 3,
      deletedDays: 2,
      wells: 1,
    });
    expect(await core()['sync-now']({})).toMatchObject({ pending: 0, errors: 0, conflicts: 0 });
    const after = await f.serverDays(projectId, well.id, '2025-06-25', '2025-07-05');
    expect(after).toEqual(before);

    // One action of its own in the change log, named after the file.
    const { changes } = await core()['changes-list']({ projectId, batch: undone.batch });
    expect(changes).toHaveLength(5);
    expect(new Set(changes.map((c) => `${c.source}: ${c.sourceLabel}`))).toEqual(
      new Set(['undo: allocation-june.csv']),
    );

    // Taken back once: a second time is refused, and nothing is queued.
    const again = await coreErrorOf(
      core()['import-undo']({ projectId, batch: imported.changeBatch }),
    );
    expect(again.type).toBe('conflict');
    expect(again.message).toMatch(/^"allocation-june.csv" cannot be taken back: 5 of its days/);
    expect(await f.outbox()).toEqual([]);
  });

  it('refuses when a day was edited after the import, names it, and changes nothing', async () => {
    const well = f.imperial.wells[1]!;
    await cacheWell(well.id);
    const imported = await importText(well.id, 'allocation-june.csv');
    await core()['records-save']({
      projectId,
      wellId: well.id,
      records: [{ date: '2025-06-29', oil_rate: 99, runtime: 20 }],
    });
    const queued = await f.outbox();
    const logged = (await core()['changes-list']({ projectId })).total;

    const refused = await coreErrorOf(
      core()['import-undo']({ projectId, batch: imported.changeBatch }),
    );
    expect(refused.type).toBe('conflict');
    expect(refused.message).toBe(
      '"allocation-june.csv" cannot be taken back: 1 of its days were changed after it. Nothing was changed; the days are listed.',
    );
    expect(refused.details?.issues).toEqual([
      {
        path: `${well.id}/2025-06-29`,
        message: expect.stringMatching(/^was typed in the grid at \d{4}-/),
      },
    ]);
    expect(await f.outbox()).toEqual(queued);
    expect((await core()['changes-list']({ projectId })).total).toBe(logged);
  });

  it('restores a metric well exactly, ratios and all, and the server accepts it', async () => {
    const metricProject = f.metric.project.id;
    const well = f.metric.wells[0]!;
    await core()['production-get']({
      projectId: metricProject,
      wellId: well.id,
      from: '2025-06-01',
      to: '2025-07-31',
      aggregation: 'daily',
    });
    const before = await f.serverDays(metricProject, well.id, '2025-07-01', '2025-07-02');
    const preview = await core()['import-preview']({
      projectId: metricProject,
      wellId: well.id,
      source: {
        kind: 'text',
        name: 'metric.csv',
        text: 'Date,Oil (m3/d),Hours On\n2025-07-01,31.5,24\n2025-07-02,32.5,24\n',
      },
    });
    const imported = await core()['import-commit']({ importId: preview.importId });
    expect(await core()['sync-now']({})).toMatchObject({ pending: 0, errors: 0 });
    await core()['import-undo']({ projectId: metricProject, batch: imported.changeBatch });
    const status = await core()['sync-now']({});
    if (status.errors > 0) {
      const [failed] = (await f.outbox()).filter((op) => op.state === 'error');
      throw new Error(`the server refused the undo: ${JSON.stringify(failed?.error)}`);
    }
    expect(status).toMatchObject({ pending: 0, errors: 0, conflicts: 0 });
    expect(await f.serverDays(metricProject, well.id, '2025-07-01', '2025-07-02')).toEqual(before);
  });

  it('refuses what is not an import of the project', async () => {
    const error = await coreErrorOf(core()['import-undo']({ projectId, batch: 999_999 }));
    expect(error).toMatchObject({
      type: 'not-found',
      details: { issues: [{ path: 'batch', message: 'names no import of this project' }] },
    });
  });
});
