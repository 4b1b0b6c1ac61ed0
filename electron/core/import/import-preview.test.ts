import { writeFileSync, mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_FILE_BYTES } from '#shared/desktop/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import { corpusFile, startImportFixture, type ImportFixture } from './testing/import-fixture.js';

/** import-preview over the hand-written corpus, with a real core and server; nothing is written. */

let f: ImportFixture;
let projectId: string;
let wellId: string;
let metricProject: string;
let metricWell: string;

beforeAll(async () => {
  f = await startImportFixture();
  projectId = f.imperial.project.id;
  wellId = f.imperial.wells[0]!.id;
  metricProject = f.metric.project.id;
  metricWell = f.metric.wells[0]!.id;
});
afterAll(() => f.close());

const mapOf = (columns: Array<{ header: string; target: string; unit: string | null }>) =>
  Object.fromEntries(columns.map((c) => [c.header, c.unit ? `${c.target} ${c.unit}` : c.target]));

describe('import-preview: the corpus', () => {
  it('SCADA export: title lines skipped, timestamps, extra columns ignored', async () => {
    const preview = await f.preview('scada-export.csv', { projectId, wellId });
    expect(preview.headerLine).toBe(5);
    expect(mapOf(preview.columns)).toMatchObject({
      Timestamp: 'date',
      Tag: 'ignore',
      'Oil (bbl/d)': 'oil_rate bbl/d',
      'Tubing Pressure (psi)': 'thp psi',
      'Casing Pressure (psi)': 'ignore',
      'Choke (64ths)': 'choke_size 1/64 in',
      'Hours On': 'runtime h',
      Status: 'ignore',
    });
    expect(preview.skipped.map((s) => [s.line, s.reason])).toEqual([
      [1, 'preamble'],
      [2, 'preamble'],
      [3, 'preamble'],
      [4, 'blank'],
    ]);
    expect(preview.records[3]).toEqual({
      line: 9,
      wellId,
      record: {
        date: '2025-06-28',
        oil_rate: 0,
        gas_rate: 0,
        water_rate: 0,
        thp: 505,
        choke_size: 0,
        runtime: 0,
      },
    });
    expect(preview.summary).toMatchObject({
      rows: 10,
      validRows: 10,
      invalidRows: 0,
      skippedLines: 4,
    });
  });

  it('European spreadsheet: semicolons, decimal commas, thousands dots, DD.MM.YYYY, metric project', async () => {
    const preview = await f.preview('european-semicolon.csv', {
      projectId: metricProject,
      wellId: metricWell,
    });
    expect(preview).toMatchObject({
      delimiter: ';',
      decimalSeparator: ',',
      dateFormat: 'dmy',
      unitSystem: 'metric',
    });
    expect(preview.records[0]!.record).toEqual({
      date: '2025-07-01',
      oil_rate: 3.41,
      gas_rate: 12.5,
      water_rate: 22.3,
      bhp: 4189.25,
      thp: 1520.5,
      choke_size: 9.5,
      runtime: 24,
      watercut: 86.7,
    });
    expect(preview.records.at(-1)!.record.date).toBe('2025-07-13');
  });

  it('tab-delimited with OIL_BBL style headers', async () => {
    const preview = await f.preview('tab-delimited.tsv', { projectId, wellId });
    expect(preview.delimiter).toBe('\t');
    expect(mapOf(preview.columns)).toEqual({
      'Prod Date': 'date',
      OIL_BBL: 'oil_rate bbl/d',
      GAS_MCF: 'gas_rate Mcf/d',
      WATER_BBL: 'water_rate bbl/d',
      BHP: 'bhp psi',
      THP: 'thp psi',
      Hours: 'runtime h',
    });
    expect(preview.summary.validRows).toBe(10);
  });

  it('metric units in the headers are converted for an imperial project', async () => {
    const preview = await f.preview('metric-units.csv', { projectId, wellId });
    expect(mapOf(preview.columns)).toMatchObject({
      'Oil Rate (m³/d)': 'oil_rate m3/d',
      'Gas Rate (10³m³/d)': 'gas_rate e3m3/d',
      'Bottom Hole Pressure (kPa)': 'bhp kPa',
      'Tubing Pressure (bar)': 'thp bar',
      'Choke (mm)': 'choke_size mm',
    });
    const first = preview.records[0]!.record;
    expect(first.oil_rate).toBeCloseTo(3.5 / 0.158987294928, 9);
    expect(first.gas_rate).toBeCloseTo(2.5 / 0.028316846592, 9);
    expect(first.bhp).toBeCloseTo(5000 / 6.894757293168361, 9);
    expect(first.thp).toBeCloseTo(3050 / 6.894757293168361, 9);
    expect(first.choke_size).toBeCloseTo(32, 9);
  });

  it('imperial units of every field, as typed', async () => {
    const preview = await f.preview('imperial-units.csv', { projectId, wellId });
    expect(preview.records[0]!.record).toEqual({
      date: '2025-07-01',
      oil_rate: 30.4,
      gas_rate: 121.6,
      water_rate: 152,
      bhp: 1216.3,
      thp: 410.2,
      choke_size: 32,
      runtime: 24,
      watercut: 83.3,
      gor: 4000,
    });
  });

  it('UTF-8 BOM with CRLF, and UTF-16 (both byte orders) with a BOM', async () => {
    const bom = await f.preview('bom-crlf.csv', { projectId, wellId });
    expect(bom.headers[0]).toBe('Date');
    expect(bom.records.map((r) => r.record.oil_rate)).toEqual([25.5, 25.1, 24.9]);
    for (const [file, encoding] of [
      ['utf16le-bom.csv', 'utf-16le'],
      ['utf16be-bom.csv', 'utf-16be'],
    ] as const) {
      const preview = await f.preview(file, { projectId, wellId });
      expect(preview.encoding).toBe(encoding);
      expect(preview.records.map((r) => r.record)).toEqual([
        { date: '2025-07-01', oil_rate: 25.5, gas_rate: 101 },
        { date: '2025-07-02', oil_rate: 25.2, gas_rate: 100.4 },
      ]);
    }
  });

  it('trailing totals and blank lines are skipped, not invalid; MM/DD/YYYY', async () => {
    const preview = await f.preview('trailing-totals.csv', { projectId, wellId });
    expect(preview.dateFormat).toBe('mdy');
    expect(preview.skipped.map((s) => [s.line, s.reason])).toEqual([
      [4, 'blank'],
      [7, 'blank'],
      [8, 'summary'],
      [9, 'summary'],
    ]);
    expect(preview.summary).toMatchObject({ validRows: 4, invalidRows: 0, skippedLines: 4 });
    expect(preview.records.map((r) => r.record.date)).toEqual([
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-15',
    ]);
  });

  it('quoted fields with commas, a quoted line break, thousands separators', async () => {
    const preview = await f.preview('quoted-fields.csv', { projectId, wellId });
    expect(preview.records.map((r) => [r.line, r.record.oil_rate, r.record.water_rate])).toEqual([
      [2, 1020.5, 3400],
      [3, 1018, 3395],
      [4, 1015.2, 3390],
      [6, 1012.9, 3388], // the comment of line 4 spans two lines
    ]);
  });

  it('multi-well by name: rows go to the project wells, unknown wells listed', async () => {
    const preview = await f.preview('multi-well-by-name.csv', { projectId });
    expect(preview.wells.map((w) => [w.name, w.rows])).toEqual(
      f.imperial.wells.map((w) => [w.name, 3]),
    );
    expect(preview.unmatchedWells).toEqual([
      { value: 'Dagger Draw 9-1 #4H', rows: 3, firstLine: 11 },
    ]);
    expect(preview.summary).toMatchObject({ validRows: 9, unmatchedRows: 3, invalidRows: 0 });
  });

  it('multi-well by API number, with and without dashes; MM/DD settled by the daily run', async () => {
    const preview = await f.preview('multi-well-by-api.csv', { projectId });
    expect(preview.ambiguousDate).toBeNull();
    expect(preview.dateFormat).toBe('mdy');
    expect(preview.wells.map((w) => [w.wellId, w.rows, w.from, w.to])).toEqual(
      f.imperial.wells.map((w) => [w.id, 2, '2025-07-01', '2025-07-02']),
    );
    expect(preview.unmatchedWells).toEqual([{ value: '42-109-99999', rows: 2, firstLine: 8 }]);
  });

  it('MM/DD/YYYY, DD/MM/YYYY and spreadsheet serials are recognised by their values', async () => {
    const us = await f.preview('us-dates.csv', { projectId, wellId });
    const uk = await f.preview('uk-dates.csv', { projectId, wellId });
    const serial = await f.preview('spreadsheet-serials.csv', { projectId, wellId });
    expect([us.dateFormat, uk.dateFormat, serial.dateFormat]).toEqual(['mdy', 'dmy', 'serial']);
    expect(us.records.map((r) => r.record.date)).toEqual(uk.records.map((r) => r.record.date));
    expect(serial.records.map((r) => r.record.date)).toEqual([
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-05',
    ]);
  });

  it('ambiguous dates: candidates reported, the chosen format then applied', async () => {
    // Weekly tests: 01/07 … 01/09 fit both formats and neither reads as a daily run.
    const preview = await f.preview('ambiguous-weekly.csv', { projectId, wellId });
    expect(preview.ambiguousDate?.candidates).toEqual(['mdy', 'dmy']);
    expect(preview.summary.validRows).toBe(0);
    const dmy = await f.preview('ambiguous-weekly.csv', { projectId, wellId, dateFormat: 'dmy' });
    expect(dmy.records.map((r) => r.record.date)).toEqual([
      '2025-07-01',
      '2025-07-08',
      '2025-08-01',
      '2025-08-08',
      '2025-09-01',
    ]);
    const mdy = await f.preview('ambiguous-weekly.csv', { projectId, wellId, dateFormat: 'mdy' });
    expect(mdy.records[0]!.record.date).toBe('2025-01-07');
  });

  it('dates that fit both formats are settled when only one reads as consecutive days, and say so', async () => {
    const preview = await f.preview('ambiguous-dates.csv', { projectId, wellId });
    expect(preview.ambiguousDate).toBeNull();
    expect(preview.dateFormat).toBe('dmy');
    expect(preview.records.map((r) => r.record.date)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((d) => `2025-07-${d}`),
    );
    expect(preview.warnings.join(' ')).toMatch(
      /Dates read as DD\/MM\/YYYY: read that way the rows are consecutive days/,
    );
    const mdy = await f.preview('ambiguous-dates.csv', { projectId, wellId, dateFormat: 'mdy' });
    expect(mdy.records[0]!.record.date).toBe('2025-01-07');
  });

  it('lists every invalid row with its line and reason', async () => {
    const preview = await f.preview('invalid-values.csv', { projectId, wellId });
    expect(preview.invalid.map((row) => [row.line, row.problems.map((p) => p.code)])).toEqual([
      [3, ['not-a-number']],
      [4, ['negative']],
      [5, ['above-maximum']],
      [6, ['above-maximum']],
      [7, ['duplicate-date']],
      [8, ['missing-date']],
      [9, ['unparseable-date']],
      [10, ['unparseable-date']],
      [11, ['not-a-number']],
    ]);
    expect(preview.invalid.map((row) => row.problems[0]!.message)).toEqual([
      'column "Oil (bbl/d)" (oil_rate): "abc" is not a number',
      'column "Oil (bbl/d)" (oil_rate): -5 must be ≥ 0',
      'column "Water Cut (%)" (watercut): 120 must be between 0 and 100',
      'column "Hours On" (runtime): 25 must be between 0 and 24',
      'date 2025-07-01 is repeated (first on line 2)',
      'the date cell is empty',
      'column "Date" (date): "2025-02-30" is not a real date written as YYYY-MM-DD (such as 2008-02-12, 20080212)',
      'column "Date" (date): "yesterday" is not a real date written as YYYY-MM-DD (such as 2008-02-12, 20080212)',
      'column "Oil (bbl/d)" (oil_rate): "=SUM(A1:A3)" is not a number',
    ]);
    expect(preview.summary).toMatchObject({ rows: 11, validRows: 2, invalidRows: 9 });
  });

  it('counts days the cache already has as replaced', async () => {
    await f.harness.core.handlers['production-get']({
      projectId,
      wellId,
      from: '2025-06-01',
      to: '2025-06-30',
      aggregation: 'daily',
    });
    const preview = await f.preview('scada-export.csv', { projectId, wellId });
    expect(preview.wells[0]).toMatchObject({ rows: 10, replacedDays: 6, newDays: 4 });
    expect(preview.summary).toMatchObject({ newDays: 4, replacedDays: 6 });
    // bhp is not in the file: a replaced day keeps the value it has.
    const june25 = await f.serverDays(projectId, wellId, '2025-06-25', '2025-06-25');
    expect(preview.records[0]!.record.bhp).toBe(june25.get('2025-06-25')!.bhp);
  });

  it('takes text from the browser host the same way as a file', async () => {
    const preview = await f.harness.core.handlers['import-preview']({
      projectId,
      wellId,
      source: {
        kind: 'text',
        name: 'pasted.csv',
        text: '\uFEFFDate;Oil;Gas\r\n01.07.2025;1,5;2\r\n',
      },
    });
    expect(preview.records[0]!.record).toEqual({ date: '2025-07-01', oil_rate: 1.5, gas_rate: 2 });
  });
});

describe('import-preview: mapping overrides and saved mappings', () => {
  it('applies overrides (target and unit) and refuses a unit that does not fit', async () => {
    const preview = await f.preview('bom-crlf.csv', {
      projectId,
      wellId,
      columns: [
        { index: 1, target: 'oil_rate', unit: 'm3/d' },
        { index: 3, target: 'ignore' },
      ],
    });
    expect(preview.mappingSource).toBe('override');
    expect(mapOf(preview.columns)).toEqual({
      Date: 'date',
      Oil: 'oil_rate m3/d',
      Gas: 'gas_rate Mcf/d',
      Water: 'ignore',
    });
    expect(preview.records[0]!.record.oil_rate).toBeCloseTo(25.5 / 0.158987294928, 9);
    const error = await coreErrorOf(
      f.preview('bom-crlf.csv', {
        projectId,
        wellId,
        columns: [{ index: 1, target: 'oil_rate', unit: 'psi' }],
      }),
    );
    expect(error.message).toContain('unit "psi" does not fit oil_rate');
    expect(error.details?.issues?.[0]?.path).toBe('columns[0].unit');
  });

  it('saves a mapping and offers it again for the same header row', async () => {
    const first = await f.preview('bom-crlf.csv', {
      projectId,
      wellId,
      columns: [
        { index: 3, target: 'ignore' },
        { index: 1, target: 'oil_rate', unit: 'm3/d' },
      ],
    });
    const saved = await f.harness.core.handlers['import-mapping-save']({
      importId: first.importId,
      name: 'Field sheet',
    });
    expect(saved.columns).toContainEqual({ index: 1, target: 'oil_rate', unit: 'm3/d' });
    const again = await f.harness.core.handlers['import-preview']({
      projectId,
      wellId,
      source: { kind: 'text', name: 'x.csv', text: 'date,OIL,gas,water\n2025-07-01,1,2,3\n' },
    });
    expect(again.mappingSource).toBe('saved');
    expect(mapOf(again.columns)).toEqual({
      date: 'date',
      OIL: 'oil_rate m3/d',
      gas: 'gas_rate Mcf/d',
      water: 'ignore',
    });
    const list = await f.harness.core.handlers['import-mappings-list']({});
    expect(list.mappings.map((m) => m.name)).toContain('Field sheet');
    expect(
      await f.harness.core.handlers['import-mapping-delete']({ headerKey: saved.headerKey }),
    ).toEqual({ deleted: true });
    const detected = await f.preview('bom-crlf.csv', { projectId, wellId });
    expect(detected.mappingSource).toBe('detected');
  });

  it('saves a mapping given by headers and columns', async () => {
    const saved = await f.harness.core.handlers['import-mapping-save']({
      headers: ['Fecha', 'Petróleo'],
      columns: [
        { index: 0, target: 'date' },
        { index: 1, target: 'oil_rate', unit: 'm3/d' },
      ],
      dateFormat: 'dmy',
    });
    const preview = await f.harness.core.handlers['import-preview']({
      projectId,
      wellId,
      source: {
        kind: 'text',
        name: 'es.csv',
        text: 'Fecha,Petróleo\n01/07/2025,2\n02/07/2025,3\n',
      },
    });
    expect(preview).toMatchObject({
      mappingSource: 'saved',
      dateFormat: 'dmy',
      ambiguousDate: null,
    });
    expect(preview.records[0]!.record.date).toBe('2025-07-01');
    await f.harness.core.handlers['import-mapping-delete']({ headerKey: saved.headerKey });
  });
});

describe('a file without a date column: previewed with its columns, not committable', () => {
  const NO_DATE =
    'No column holds dates: no header names a date and no column reads as dates. Map one of the columns to "Date".';

  it('answers the columns with a blocked flag; commit and save refuse; nothing queued', async () => {
    const preview = await f.preview('broken-no-date.csv', { projectId, wellId });
    expect(preview.blocked).toEqual({ reason: 'no-date-column', message: NO_DATE });
    expect(preview.columns.map((c) => [c.header, c.target, c.unit, c.samples])).toEqual([
      ['Well', 'well-name', null, ['Dagger Draw 8-2 #1H']],
      ['Oil (bbl/d)', 'oil_rate', 'bbl/d', ['25.1', '25.0']],
      ['Gas (Mcf/d)', 'gas_rate', 'Mcf/d', ['100.0', '99.0']],
    ]);
    expect(preview.records).toEqual([]);
    expect(preview.invalid).toEqual([]);
    expect(preview.wells).toEqual([]);
    expect(preview.summary).toMatchObject({ rows: 2, validRows: 0, invalidRows: 0 });

    const byId = await coreErrorOf(
      f.harness.core.handlers['import-commit']({ importId: preview.importId }),
    );
    expect(byId).toMatchObject({ type: 'validation', message: NO_DATE });
    expect(byId.details?.issues?.[0]?.path).toBe('columns');
    const byArgs = await coreErrorOf(
      f.harness.core.handlers['import-commit']({
        projectId,
        wellId,
        source: await f.chosen(corpusFile('broken-no-date.csv')),
      }),
    );
    expect(byArgs).toMatchObject({ type: 'validation', message: NO_DATE });
    const save = await coreErrorOf(
      f.harness.core.handlers['import-mapping-save']({ importId: preview.importId }),
    );
    expect(save.message).toMatch(/has no date column: map one of the columns to "Date"/);
    expect(await f.outboxCounts()).toEqual({ operations: 0 });
  });

  it('is previewed normally once a column is mapped to the date', async () => {
    // Spreadsheet serials under a header we do not know: not found by name or by contents.
    const source = {
      kind: 'text' as const,
      name: 'jours.csv',
      text: 'Jour,Oil,Gas\n45839,1.5,2\n45840,1.25,2.5\n',
    };
    const blocked = await f.harness.core.handlers['import-preview']({ projectId, wellId, source });
    expect(blocked.blocked?.reason).toBe('no-date-column');
    expect(blocked.columns[0]).toMatchObject({ target: 'ignore', samples: ['45839', '45840'] });
    const mapped = await f.harness.core.handlers['import-preview']({
      projectId,
      wellId,
      source,
      columns: [{ index: 0, target: 'date' }],
    });
    expect(mapped.blocked).toBeNull();
    expect(mapped.dateFormat).toBe('serial');
    expect(mapped.records.map((r) => r.record.date)).toEqual(['2025-07-01', '2025-07-02']);
    expect(mapped.summary).toMatchObject({ validRows: 2, invalidRows: 0 });
    expect(await f.outboxCounts()).toEqual({ operations: 0 });
  });
});

describe('bad input: a clear error naming what is wrong, and nothing queued', () => {
  const cases: Array<[string, RegExp]> = [
    ['broken-binary.csv', /"broken-binary\.csv" holds binary data/],
    ['broken-empty.csv', /"broken-empty\.csv" is empty/],
    [
      'broken-latin1.csv',
      /"broken-latin1\.csv" is not UTF-8 text: the bytes on line 3 \(byte 71\) are not valid UTF-8/,
    ],
    ['broken-xlsx.csv', /The workbook "broken-xlsx\.csv" is not a readable ZIP workbook/],
    ['header-only.csv', /has a header row \(line 1\) but no data rows/],
  ];
  it.each(cases)('%s', async (file, message) => {
    const error = await coreErrorOf(f.preview(file, { projectId, wellId }));
    expect(error.type).toBe('validation');
    expect(error.message).toMatch(message);
    const commit = await coreErrorOf(
      f.harness.core.handlers['import-commit']({
        projectId,
        wellId,
        source: await f.chosen(corpusFile(file)),
      }),
    );
    expect(commit.message).toMatch(message);
    expect(await f.outboxCounts()).toEqual({ operations: 0 });
  });

  it('refuses a file over the size limit from stat, without reading it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-import-'));
    try {
      const big = join(dir, 'huge.csv');
      writeFileSync(big, 'Date,Oil\n');
      truncateSync(big, MAX_IMPORT_FILE_BYTES + 1); // sparse: no 200 MB written
      const error = await coreErrorOf(
        f.harness.core.handlers['import-preview']({
          projectId,
          wellId,
          source: await f.chosen(big),
        }),
      );
      expect(error.message).toBe(
        'The file "huge.csv" is 200.0 MB; files up to 200.0 MB can be imported. Split it (by well or by year) and import the parts.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await f.outboxCounts()).toEqual({ operations: 0 });
  });

  it('names a missing file, a relative path, a missing well column and an unknown well', async () => {
    const missing = await coreErrorOf(f.chosen('/nope/x.csv'));
    expect(missing).toMatchObject({
      type: 'not-found',
      message: 'The file "x.csv" does not exist (moved or deleted?).',
    });
    const relative = await coreErrorOf(f.chosen('x.csv'));
    expect(relative.message).toBe('"x.csv" is not an absolute path.');
    const noWell = await coreErrorOf(f.preview('bom-crlf.csv', { projectId }));
    expect(noWell.message).toMatch(/no well or API number column: choose the well/);
    const unknown = await coreErrorOf(f.preview('bom-crlf.csv', { projectId, wellId: 'wel_nope' }));
    expect(unknown.type).toBe('not-found');
    const tooLong = await f.harness.core.invoke('import-preview', {
      projectId,
      wellId,
      source: { kind: 'text', name: 'x.csv', text: 'x'.repeat(64 * 1024 * 1024 + 1) },
    });
    expect(tooLong).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/source\.text is larger than 64 MB of text/) },
    });
    expect(await f.outboxCounts()).toEqual({ operations: 0 });
  });
});
