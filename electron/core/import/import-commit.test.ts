import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coreErrorOf } from '../testing/core-error.js';
import { corpusFile, startImportFixture, type ImportFixture } from './testing/import-fixture.js';

/**
 * import-commit through the outbox, then sync-now, then the values read back
 * from the server by a plain client; the invalid rows as CSV.
 */

let f: ImportFixture;
let projectId: string;

beforeAll(async () => {
  f = await startImportFixture();
  projectId = f.imperial.project.id;
});
afterAll(() => f.close());
beforeEach(async () => {
  const { operations } = await f.harness.core.handlers['outbox-list']({});
  if (operations.length > 0) {
    await f.harness.core.handlers['outbox-discard']({ seqs: operations.map((op) => op.seq) });
  }
});

describe('import-commit', () => {
  it('queues the valid rows in one operation per well, syncs them, and the server has them', async () => {
    const well = f.imperial.wells[0]!;
    await f.harness.core.handlers['production-get']({
      projectId,
      wellId: well.id,
      from: '2025-06-01',
      to: '2025-06-30',
      aggregation: 'daily',
    });
    const before = await f.serverDays(projectId, well.id, '2025-06-25', '2025-06-30');
    const preview = await f.preview('scada-export.csv', { projectId, wellId: well.id });
    const result = await f.harness.core.handlers['import-commit']({ importId: preview.importId });
    expect(result).toMatchObject({
      queued: 10,
      newDays: 4,
      replacedDays: 6,
      invalidRows: 0,
      skippedLines: 4,
    });
    const ops = await f.outbox();
    expect(ops).toEqual([
      expect.objectContaining({
        kind: 'upsert-records',
        wellId: well.id,
        recordCount: 10,
        state: 'pending',
      }),
    ]);
    const status = await f.harness.core.handlers['sync-now']({});
    expect(status).toMatchObject({ pending: 0, errors: 0, conflicts: 0 });

    const server = await f.serverDays(projectId, well.id, '2025-06-25', '2025-07-04');
    expect(server.size).toBe(10);
    expect(server.get('2025-06-28')).toMatchObject({
      oil_rate: 0,
      thp: 505,
      choke_size: 0,
      runtime: 0,
    });
    expect(server.get('2025-07-04')).toMatchObject({
      oil_rate: 21.2,
      gas_rate: 88.3,
      water_rate: 140.7,
      runtime: 24,
      bhp: null,
    });
    // Fields the file does not have kept their values on the replaced days.
    for (const [date, day] of before) expect(server.get(date)!.bhp, date).toBe(day.bhp);
    // And the core reads them back as synced.
    const view = await f.harness.core.handlers['production-get']({
      projectId,
      wellId: well.id,
      from: '2025-07-01',
      to: '2025-07-04',
      aggregation: 'daily',
    });
    expect(view.data.values.oil_rate).toEqual([21.7, 21.5, 21.3, 21.2]);
    expect(view.data.states).toEqual(['synced', 'synced', 'synced', 'synced']);
  });

  it('commits a multi-well file to the matching wells in one transaction, metric conversions exact', async () => {
    const result = await f.harness.core.handlers['import-commit']({
      projectId,
      source: await f.chosen(corpusFile('multi-well-by-api.csv')),
      dateFormat: 'mdy',
    });
    expect(result).toMatchObject({ queued: 6, unmatchedRows: 2 });
    expect(result.wells.map((w) => w.wellId).sort()).toEqual(
      f.imperial.wells.map((w) => w.id).sort(),
    );
    await f.harness.core.handlers['sync-now']({});
    for (const well of f.imperial.wells) {
      const days = await f.serverDays(projectId, well.id, '2025-07-01', '2025-07-02');
      expect([...days.values()].map((d) => [d.date, d.oil_rate, d.gas_rate])).toEqual([
        ['2025-07-01', 31, 111],
        ['2025-07-02', 32, 112],
      ]);
    }
    const metric = f.metric.wells[1]!;
    await f.harness.core.handlers['import-commit']({
      projectId: f.metric.project.id,
      wellId: metric.id,
      source: await f.chosen(corpusFile('european-semicolon.csv')),
    });
    await f.harness.core.handlers['sync-now']({});
    const days = await f.serverDays(f.metric.project.id, metric.id, '2025-07-01', '2025-07-01');
    expect(days.get('2025-07-01')).toMatchObject({
      oil_rate: 3.41,
      gas_rate: 12.5,
      bhp: 4189.25,
      choke_size: 9.5,
      watercut: 86.7,
    });
  });

  it('refuses a second commit, an ambiguous one, and one with nothing valid; nothing queued', async () => {
    const well = f.imperial.wells[1]!;
    const preview = await f.preview('bom-crlf.csv', { projectId, wellId: well.id });
    await f.harness.core.handlers['import-commit']({ importId: preview.importId });
    const again = await coreErrorOf(
      f.harness.core.handlers['import-commit']({ importId: preview.importId }),
    );
    expect(again).toMatchObject({
      type: 'conflict',
      message: expect.stringMatching(/was already committed/),
    });
    await f.harness.core.handlers['outbox-discard']({
      seqs: (await f.outbox()).map((op) => op.seq),
    });

    const ambiguous = await f.preview('ambiguous-weekly.csv', { projectId, wellId: well.id });
    const refused = await coreErrorOf(
      f.harness.core.handlers['import-commit']({ importId: ambiguous.importId }),
    );
    expect(refused.message).toMatch(/fit more than one format \(mdy or dmy\)/);
    const none = await coreErrorOf(
      f.harness.core.handlers['import-commit']({
        projectId,
        wellId: well.id,
        source: { kind: 'text', name: 'bad.csv', text: 'Date,Oil\n2025-07-01,-1\n' },
      }),
    );
    expect(none.message).toMatch(/Nothing to import from "bad.csv": 1 invalid row/);
    const gone = await coreErrorOf(
      f.harness.core.handlers['import-commit']({ importId: 'imp_nope' }),
    );
    expect(gone.type).toBe('not-found');
    expect(await f.outbox()).toEqual([]);
  });

  it('exports the invalid rows as CSV with their lines and reasons, formulas neutralised', async () => {
    const preview = await f.preview('invalid-values.csv', {
      projectId,
      wellId: f.imperial.wells[2]!.id,
    });
    const exported = await f.harness.core.handlers['import-invalid-csv']({
      importId: preview.importId,
    });
    expect(exported.fileName).toBe('invalid-values-invalid.csv');
    expect(exported.rows).toBe(9);
    const lines = exported.csv.split('\r\n');
    expect(lines[0]).toBe('Date,Oil (bbl/d),Gas (Mcf/d),Water Cut (%),Hours On,Line,Problems');
    expect(lines[1]).toBe(
      '2025-07-02,abc,100.0,80,24,3,"column ""Oil (bbl/d)"" (oil_rate): ""abc"" is not a number"',
    );
    // -5 is a number, not a formula: it stays as written.
    expect(lines[2]).toBe(
      '2025-07-03,-5,100.0,80,24,4,"column ""Oil (bbl/d)"" (oil_rate): -5 must be ≥ 0"',
    );
    expect(lines[9]).toMatch(/^2025-07-06,'=SUM\(A1:A3\),100\.0,80,24,11,/);
    expect(lines[10]).toBe('');
  });

  it('imports a generated 100,000-row file and queues it in one transaction', async () => {
    const well = f.imperial.wells[2]!;
    const rows = [
      'Date,Oil (bbl/d),Gas (Mcf/d),Water (bbl/d),BHP (psi),THP (psi),Choke (64ths),Hours On',
    ];
    const start = Date.UTC(1750, 0, 1);
    for (let i = 0; i < 100_000; i++) {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      rows.push(
        `${date},${(i % 500) / 10},${i % 1000},${(i % 300) / 4},${1000 + (i % 100)},${300 + (i % 50)},32,24`,
      );
    }
    const text = `${rows.join('\n')}\n`;
    const started = performance.now();
    const preview = await f.harness.core.handlers['import-preview']({
      projectId,
      wellId: well.id,
      source: { kind: 'text', name: 'generated.csv', text },
    });
    const previewMs = performance.now() - started;
    expect(preview.summary).toMatchObject({ rows: 100_000, validRows: 100_000, invalidRows: 0 });
    const result = await f.harness.core.handlers['import-commit']({ importId: preview.importId });
    expect(result.queued).toBe(100_000);
    const ops = await f.outbox();
    expect(ops).toEqual([expect.objectContaining({ recordCount: 100_000 })]);
    expect(previewMs).toBeLessThan(20_000);
  });
});
