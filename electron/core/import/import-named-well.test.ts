import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiProject, ApiWell } from '#shared/client/index.js';
import { CoreError } from '#shared/desktop/index.js';
import { startImportFixture, type ImportFixture } from './testing/import-fixture.js';
import { addPublishedWells, type PublishedWells } from './testing/volve-projects.js';

/**
 * A file naming one well, dropped on a well page (import-preview with wellId):
 * Equinor's Volve daily sheet for 15/9-F-12 imported into the project's
 * "Bluestem 31-1H" with the mapping as detected, against the real demo server.
 */

let f: ImportFixture;
let w: PublishedWells;
let bluestem: { project: ApiProject; well: ApiWell; other: ApiWell };

beforeAll(async () => {
  f = await startImportFixture();
  w = await addPublishedWells(f);
  const project = await f.api.createProject({
    name: 'Bluestem',
    unitSystem: 'metric',
    timezone: 'Europe/Oslo',
  });
  const well = await f.api.createWell(project.id, { name: 'Bluestem 31-1H' });
  const other = await f.api.createWell(project.id, { name: 'Bluestem 32-2H' });
  await f.harness.core.handlers['projects-list']({ refresh: 'await' });
  await f.harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
  bluestem = { project, well, other };
});
afterAll(() => f.close());
beforeEach(async () => {
  const { operations } = await f.harness.core.handlers['outbox-list']({});
  if (operations.length > 0) {
    await f.harness.core.handlers['outbox-discard']({ seqs: operations.map((op) => op.seq) });
  }
});

const DAYS = ['2014-10-24', '2014-10-25', '2014-10-26', '2014-10-27', '2014-10-28'];

describe('a file naming one well, dropped on a well', () => {
  it('goes to the well it was dropped on, with the auto mapping, and says so', async () => {
    const { project, well } = bluestem;
    const preview = await f.preview('volve-daily-f12.csv', {
      projectId: project.id,
      wellId: well.id,
    });
    expect(preview.mappingSource).toBe('detected');
    expect(preview.columns.find((c) => c.header === 'NPD_WELL_BORE_NAME')!.target).toBe(
      'well-name',
    );
    expect(preview.namedWell).toEqual({
      named: '15/9-F-12',
      match: null,
      into: { wellId: well.id, name: 'Bluestem 31-1H' },
      routing: 'this-well',
    });
    expect(preview.blocked).toBeNull();
    expect(preview.summary).toMatchObject({
      rows: 5,
      validRows: 5,
      newDays: 5,
      invalidRows: 0,
      unmatchedRows: 0,
    });
    expect(preview.wells).toEqual([
      expect.objectContaining({ wellId: well.id, name: 'Bluestem 31-1H', rows: 5 }),
    ]);
    expect(preview.warnings.join(' ')).not.toContain('does not have');

    const result = await f.harness.core.handlers['import-commit']({ importId: preview.importId });
    expect(result.queued).toBe(5);
    expect(await f.harness.core.handlers['sync-now']({})).toMatchObject({ pending: 0, errors: 0 });
    const server = await f.serverDays(project.id, well.id, DAYS[0]!, DAYS[4]!);
    expect([...server.keys()]).toEqual(DAYS);
    expect(server.get('2014-10-24')).toMatchObject({
      oil_rate: 1058.83,
      gas_rate: 158.91423,
      water_rate: 1311.22,
      runtime: 24,
    });
  });

  it('matches by the file’s name instead when asked: today’s answer, nothing imported', async () => {
    const { project, well } = bluestem;
    const preview = await f.preview('volve-daily-f12.csv', {
      projectId: project.id,
      wellId: well.id,
      wellRouting: 'by-name',
    });
    expect(preview.namedWell).toMatchObject({ named: '15/9-F-12', routing: 'by-name' });
    expect(preview.summary).toMatchObject({ validRows: 0, unmatchedRows: 5 });
    expect(preview.unmatchedWells).toEqual([{ value: '15/9-F-12', rows: 5, firstLine: 2 }]);
  });

  it('a file naming several wells keeps matching by name', async () => {
    const preview = await f.preview('volve-daily.csv', {
      projectId: bluestem.project.id,
      wellId: bluestem.well.id,
    });
    expect(preview.namedWell).toBeNull();
    expect(preview.summary).toMatchObject({ validRows: 0, unmatchedRows: 13 });
  });

  it('a file naming another well of the project asks which, and queues nothing until told', async () => {
    const projectId = w.volve.project.id;
    const f14 = w.volve.wells.get('15/9-F-14')!;
    const f12 = w.volve.wells.get('15/9-F-12')!;
    const asked = await f.preview('volve-daily-f12.csv', { projectId, wellId: f14.id });
    expect(asked.namedWell).toEqual({
      named: '15/9-F-12',
      match: { wellId: f12.id, name: '15/9-F-12' },
      into: { wellId: f14.id, name: '15/9-F-14' },
      routing: null,
    });
    expect(asked.blocked).toEqual({
      reason: 'which-well',
      message:
        'The file names 15/9-F-12, another well of this project, but was opened on 15/9-F-14: choose where its rows go, into 15/9-F-14 or into 15/9-F-12.',
    });
    expect(asked.summary.validRows).toBe(0);
    const refused = await f.harness.core.handlers['import-commit']({
      importId: asked.importId,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CoreError);
    expect((refused as CoreError).details?.issues).toEqual([
      { path: 'wellRouting', message: 'is required: this-well or by-name' },
    ]);
    expect(await f.outboxCounts()).toEqual({ operations: 0 });

    const here = await f.preview('volve-daily-f12.csv', {
      projectId,
      wellId: f14.id,
      wellRouting: 'this-well',
    });
    expect(here.wells.map((row) => [row.wellId, row.rows])).toEqual([[f14.id, 5]]);
    const there = await f.preview('volve-daily-f12.csv', {
      projectId,
      wellId: f14.id,
      wellRouting: 'by-name',
    });
    expect(there.wells.map((row) => [row.wellId, row.rows])).toEqual([[f12.id, 5]]);
  });

  it('a file naming the well it was dropped on needs no note', async () => {
    const f12 = w.volve.wells.get('15/9-F-12')!;
    const preview = await f.preview('volve-daily-f12.csv', {
      projectId: w.volve.project.id,
      wellId: f12.id,
    });
    expect(preview.namedWell).toBeNull();
    expect(preview.wells.map((row) => [row.wellId, row.rows])).toEqual([[f12.id, 5]]);
  });
});
