import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportPreviewResult, ImportSource } from '#shared/desktop/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import { startImportFixture, type ImportFixture } from './testing/import-fixture.js';
import { buildWorkbook, type Cell } from './testing/xlsx-builder.js';

/**
 * An Excel workbook imports as its CSV twin does: the same rows, written once
 * as a sheet (serial dates with a date style, a serial without one, text
 * dates, a title row and a gap above the header, a second sheet without data
 * before it) and once as CSV text, previewed through the core against the
 * real demo server, committed into two wells and read back from the server.
 */

let f: ImportFixture;
let dir: string;

beforeAll(async () => {
  f = await startImportFixture();
  dir = mkdtempSync(join(tmpdir(), 'flowline-xlsx-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await f.close();
});
beforeEach(async () => {
  const { operations } = await f.harness.core.handlers['outbox-list']({});
  if (operations.length > 0) {
    await f.harness.core.handlers['outbox-discard']({ seqs: operations.map((op) => op.seq) });
  }
});

// 45474 is 2024-07-01 in the 1900 date system.
const DAILY: Cell[][] = [
  ['Daily production, Ranger pad'],
  [],
  ['Date', 'Oil (bbl/d)', 'Gas (mcf/d)', 'Water (bbl/d)', 'Hours'],
  [{ date: 45474 }, 812.5, 1204, 33.25, 24],
  [{ date: 45475.25 }, 809, 1199.5, 34, 24],
  [45476, 0, 0, 0, 0], // a serial the writer left unformatted
  ['04-Jul-24', 790.75, 1150, 36.5, 22.5],
  ['05-Jul-24', -5, 1140, 37, 24], // invalid: negative oil
  [{ date: 60 }, 1, 1, 1, 1], // 1900-02-29, which never was
  ['Total', 3207.25, 5833.5, 176.75, 118.5],
];
const CSV_TWIN = [
  'Daily production, Ranger pad',
  '',
  'Date,Oil (bbl/d),Gas (mcf/d),Water (bbl/d),Hours',
  '01-Jul-24,812.5,1204,33.25,24',
  '02-Jul-24,809,1199.5,34,24',
  '03-Jul-24,0,0,0,0',
  '04-Jul-24,790.75,1150,36.5,22.5',
  '05-Jul-24,-5,1140,37,24',
  '29-Feb-1900,1,1,1,1',
  'Total,3207.25,5833.5,176.75,118.5',
].join('\n');

async function granted(name: string, bytes: Buffer | string): Promise<ImportSource> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return f.chosen(path);
}

function preview(source: ImportSource, wellId: string, more: { sheet?: string } = {}) {
  return f.harness.core.handlers['import-preview']({
    projectId: f.imperial.project.id,
    wellId,
    source,
    dateFormat: 'd-mon-y',
    ...more,
  });
}

const values = (p: ImportPreviewResult) => p.records.map(({ line, record }) => ({ line, record }));

describe('Excel workbooks import as their CSV twins', () => {
  it('the same values, lines, problems and counts; serial dates read exactly', async () => {
    const [wellA, wellB] = f.imperial.wells;
    const workbook = await buildWorkbook({
      sheets: [
        { name: 'Notes', rows: [['Sent by the field office']] },
        { name: 'Daily', rows: DAILY },
      ],
    });
    const xlsx = await preview(await granted('ranger.xlsx', workbook), wellA!.id);
    const csv = await preview(await granted('ranger.csv', CSV_TWIN), wellB!.id);

    expect(xlsx.workbook).toEqual({
      sheets: [
        { name: 'Notes', hasData: false, hidden: false },
        { name: 'Daily', hasData: true, hidden: false },
      ],
      sheet: 'Daily',
      dateSystem: 1900,
    });
    expect(csv.workbook).toBeNull();
    expect(xlsx.headerLine).toBe(3);
    expect(xlsx.headers).toEqual(csv.headers);
    expect(xlsx.columns.map((c) => [c.target, c.unit])).toEqual(
      csv.columns.map((c) => [c.target, c.unit]),
    );
    expect(values(xlsx)).toEqual(values(csv));
    expect(values(xlsx).map((row) => row.record.date)).toEqual([
      '2024-07-01',
      '2024-07-02',
      '2024-07-03',
      '2024-07-04',
    ]);
    // The CSV's blank line 2 is a row a sheet does not store: the one skipped line fewer.
    expect(xlsx.summary).toEqual({ ...csv.summary, skippedLines: csv.summary.skippedLines - 1 });
    expect(xlsx.skipped).toEqual(csv.skipped.filter((line) => line.reason !== 'blank'));
    // Row numbers are the sheet's: the negative oil on row 8, the day that never was on row 9.
    expect(xlsx.invalid.map((row) => [row.line, row.problems.map((p) => p.message)])).toEqual([
      [8, [expect.stringMatching(/^column "Oil \(bbl\/d\)" \(oil_rate\): -5 /)]],
      [
        9,
        [
          'column "Date" (date): day number 60 is 1900-02-29, a day that does not exist (Excel counts it)',
        ],
      ],
    ]);
    expect(csv.invalid.map((row) => row.line)).toEqual([8, 9]);

    await f.harness.core.handlers['import-commit']({ importId: xlsx.importId });
    await f.harness.core.handlers['import-commit']({ importId: csv.importId });
    expect(await f.harness.core.handlers['sync-now']({})).toMatchObject({ pending: 0, errors: 0 });
    const project = f.imperial.project.id;
    const fromXlsx = await f.serverDays(project, wellA!.id, '2024-07-01', '2024-07-04');
    const fromCsv = await f.serverDays(project, wellB!.id, '2024-07-01', '2024-07-04');
    expect(fromXlsx.size).toBe(4);
    const strip = (days: Map<string, object>) =>
      [...days.values()].map((day) => ({ ...day, updatedAt: undefined, version: undefined }));
    expect(strip(fromXlsx)).toEqual(strip(fromCsv));

    // The invalid rows come out of the sheet with their row numbers and reasons.
    const invalid = await f.harness.core.handlers['import-invalid-csv']({
      importId: xlsx.importId,
    });
    expect(invalid.csv.split('\r\n').slice(0, 3)).toEqual([
      'Date,Oil (bbl/d),Gas (mcf/d),Water (bbl/d),Hours,Line,Problems',
      expect.stringMatching(/^05-Jul-24,-5,1140,37,24,8,/),
      '60,1,1,1,1,9,"column ""Date"" (date): day number 60 is 1900-02-29, a day that does not exist (Excel counts it)"',
    ]);
  });

  it('a sheet chosen by name, the saved mapping kept for it, and a missing sheet named', async () => {
    const [well] = f.imperial.wells;
    const workbook = await buildWorkbook({
      sheets: [
        { name: 'Daily', rows: DAILY },
        {
          name: 'Second well',
          rows: [
            ['Date', 'Oil (bbl/d)'],
            [{ date: 45500 }, 700],
          ],
        },
      ],
    });
    const source = await granted('two-sheets.xlsx', workbook);
    const second = await preview(source, well!.id, { sheet: 'Second well' });
    expect(second.workbook?.sheet).toBe('Second well');
    expect(second.records.map((row) => [row.line, row.record])).toEqual([
      [2, { date: '2024-07-27', oil_rate: 700 }],
    ]);
    const saved = await f.harness.core.handlers['import-mapping-save']({
      importId: second.importId,
    });
    const again = await preview(source, well!.id, { sheet: 'Second well' });
    expect(again.mappingSource).toBe('saved');
    await f.harness.core.handlers['import-mapping-delete']({ headerKey: saved.headerKey });

    const error = await coreErrorOf(preview(source, well!.id, { sheet: 'Monthly' }));
    expect(error.message).toBe(
      'The workbook "two-sheets.xlsx" has no sheet "Monthly"; its sheets are "Daily", "Second well".',
    );
  });

  it('reads the 1904 date system when the workbook says so', async () => {
    const [well] = f.imperial.wells;
    const workbook = await buildWorkbook({
      date1904: true,
      sheets: [
        {
          name: 'Mac',
          rows: [
            ['Date', 'Oil (bbl/d)'],
            [{ date: 43860 }, 10],
          ],
        },
      ],
    });
    const result = await preview(await granted('mac.xlsx', workbook), well!.id);
    expect(result.workbook?.dateSystem).toBe(1904);
    expect(result.records[0]!.record).toEqual({ date: '2024-01-31', oil_rate: 10 });
  });

  it('the browser host sends a workbook as base64 bytes', async () => {
    const [well] = f.imperial.wells;
    const workbook = await buildWorkbook({ sheets: [{ name: 'Daily', rows: DAILY }] });
    const result = await preview(
      { kind: 'bytes', name: 'ranger.xlsx', base64: workbook.toString('base64') },
      well!.id,
    );
    expect(result.summary.validRows).toBe(4);
    expect(result.fileName).toBe('ranger.xlsx');
  });
});
