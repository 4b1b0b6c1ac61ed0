import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportPreviewResult } from '#shared/desktop/index.js';
import { startImportFixture, type ImportFixture } from './testing/import-fixture.js';
import { addPublishedWells, type PublishedWells } from './testing/volve-projects.js';

/**
 * Files in the shapes of published daily production (corpus/README.md names
 * each one's source), imported as they come: previewed through the core
 * against the real demo server, then committed, synced, and read back from
 * the server by a plain client.
 */

let f: ImportFixture;
let w: PublishedWells;

beforeAll(async () => {
  f = await startImportFixture();
  w = await addPublishedWells(f);
});
afterAll(() => f.close());
beforeEach(async () => {
  const { operations } = await f.harness.core.handlers['outbox-list']({});
  if (operations.length > 0) {
    await f.harness.core.handlers['outbox-discard']({ seqs: operations.map((op) => op.seq) });
  }
});

const BBL_M3 = 0.158987294928;
const MCF_E3M3 = 0.028316846592;
const PSI_KPA = 6.894757293168361;

/** Each mapped column as `target unit`; ignored columns left out. */
function mapped(preview: ImportPreviewResult): Record<string, string> {
  return Object.fromEntries(
    preview.columns
      .filter((column) => column.target !== 'ignore')
      .map((column) => [
        column.header,
        column.unit ? `${column.target} ${column.unit}` : column.target,
      ]),
  );
}

function recordOn(preview: ImportPreviewResult, date: string, wellId?: string) {
  return preview.records.find(
    (row) => row.record.date === date && (wellId === undefined || row.wellId === wellId),
  )?.record;
}

async function commitAndSync(preview: ImportPreviewResult): Promise<number> {
  const result = await f.harness.core.handlers['import-commit']({ importId: preview.importId });
  const status = await f.harness.core.handlers['sync-now']({});
  expect(status).toMatchObject({ pending: 0, errors: 0, conflicts: 0 });
  return result.queued;
}

const volveWell = (name: string) => w.volve.wells.get(name)!.id;

describe('published daily files, imported as they come', () => {
  it('Volve daily (Equinor): DD-Mon-YY, Sm³ as daily rates, bar, % choke not a size, 25-hour day refused', async () => {
    const projectId = w.volve.project.id;
    const preview = await f.preview('volve-daily.csv', { projectId });
    expect(preview.dateFormat).toBe('d-mon-y');
    expect(mapped(preview)).toEqual({
      DATEPRD: 'date',
      NPD_WELL_BORE_NAME: 'well-name',
      ON_STREAM_HRS: 'runtime h',
      AVG_DOWNHOLE_PRESSURE: 'bhp bar',
      AVG_WHP_P: 'thp bar',
      BORE_OIL_VOL: 'oil_rate m3/d',
      BORE_GAS_VOL: 'gas_rate m3/d',
      BORE_WAT_VOL: 'water_rate m3/d',
    });
    const choke = preview.columns.find((column) => column.header === 'AVG_CHOKE_SIZE_P')!;
    expect(choke.target).toBe('ignore');
    expect(choke.note).toContain('not a choke size');
    expect(preview.warnings).toContain(
      'Column "AVG_CHOKE_SIZE_P": a choke opening in % (Volve reporting), not a choke size in 1/64 in or mm: not imported.',
    );
    expect(preview.summary).toMatchObject({
      rows: 13,
      validRows: 8,
      invalidRows: 2,
      unmatchedRows: 3,
    });
    // The day clocks went back (26 October 2014) had 25 hours on stream: the API allows 24.
    expect(preview.invalid.map((row) => [row.line, row.problems[0]!.message])).toEqual([
      [4, 'column "ON_STREAM_HRS" (runtime): 25 must be between 0 and 24'],
      [9, 'column "ON_STREAM_HRS" (runtime): 25 must be between 0 and 24'],
    ]);
    expect(preview.unmatchedWells).toEqual([{ value: '15/9-F-4', rows: 3, firstLine: 12 }]);
    expect(recordOn(preview, '2014-10-24', volveWell('15/9-F-12'))).toEqual({
      date: '2014-10-24',
      runtime: 24,
      bhp: 24036.812,
      thp: 3513.625,
      oil_rate: 1058.83,
      gas_rate: 158.91423, // 158,914.23 Sm³ in 10³m³
      water_rate: 1311.22,
    });
    expect(recordOn(preview, '2014-10-27', volveWell('15/9-F-14'))).toEqual({
      date: '2014-10-27',
      runtime: 0,
      bhp: null,
      thp: null,
      oil_rate: 0,
      gas_rate: 0,
      water_rate: 0,
    });

    expect(await commitAndSync(preview)).toBe(8);
    const server = await f.serverDays(
      projectId,
      volveWell('15/9-F-14'),
      '2014-10-24',
      '2014-10-28',
    );
    expect([...server.keys()]).toEqual(['2014-10-24', '2014-10-25', '2014-10-27', '2014-10-28']);
    expect(server.get('2014-10-28')).toMatchObject({
      oil_rate: 1003.18,
      gas_rate: 148.3362,
      water_rate: 1812.86,
      bhp: 23610.473,
      thp: 3463.306,
      runtime: 19.5,
      choke_size: null,
    });

    // Saved (the cache keeps the new date formats), the mapping comes back for the next file.
    const saved = await f.harness.core.handlers['import-mapping-save']({
      importId: preview.importId,
    });
    expect(saved.dateFormat).toBe('d-mon-y');
    const again = await f.preview('volve-daily.csv', { projectId });
    expect(again).toMatchObject({ mappingSource: 'saved', dateFormat: 'd-mon-y' });
    expect(mapped(again)).toEqual(mapped(preview));
    await f.harness.core.handlers['import-mapping-delete']({ headerKey: saved.headerKey });
  });

  it('Volve re-exported by pandas: unnamed index column, ISO date-times, into an imperial project', async () => {
    const projectId = w.volveFieldUnits.project.id;
    const preview = await f.preview('volve-pandas-export.csv', { projectId });
    expect(preview.dateFormat).toBe('ymd');
    expect(preview.columns[0]).toMatchObject({ header: '', target: 'ignore' });
    expect(mapped(preview)).toMatchObject({
      DATEPRD: 'date',
      BORE_OIL_VOL: 'oil_rate m3/d',
      BORE_GAS_VOL: 'gas_rate m3/d',
      AVG_WHP_P: 'thp bar',
    });
    expect(preview.summary).toMatchObject({ validRows: 6, invalidRows: 0 });
    const first = recordOn(preview, '2014-04-15')!;
    expect(first.oil_rate).toBeCloseTo(169.18 / BBL_M3, 9);
    expect(first.gas_rate).toBeCloseTo(25.46161 / MCF_E3M3, 9);
    expect(first.water_rate).toBe(0);
    expect(first.bhp).toBeCloseTo(30805.608 / PSI_KPA, 9);
    expect(first.thp).toBeCloseTo(6307.354 / PSI_KPA, 9);
    expect(first.runtime).toBe(11.5);

    expect(await commitAndSync(preview)).toBe(6);
    const wellId = w.volveFieldUnits.wells.get('15/9-F-1 C')!.id;
    const server = await f.serverDays(projectId, wellId, '2014-04-15', '2014-04-20');
    expect(server.size).toBe(6);
    expect(server.get('2014-04-20')!.oil_rate).toBeCloseTo(646.01 / BBL_M3, 6);
    expect(server.get('2014-04-20')!.gas_rate).toBeCloseTo(93.47027 / MCF_E3M3, 6);
  });

  it('North Dakota names (NDIC): API_WELLNO of 14 digits, 12-FEB-2008, quoted thousands', async () => {
    const projectId = w.bakken.project.id;
    const preview = await f.preview('ndic-daily-oracle.csv', { projectId });
    expect(preview.dateFormat).toBe('d-mon-y');
    expect(mapped(preview)).toEqual({
      API_WELLNO: 'api-number',
      WellName: 'well-name',
      ReportDate: 'date',
      Oil: 'oil_rate bbl/d',
      Wtr: 'water_rate bbl/d',
      Gas: 'gas_rate Mcf/d',
    });
    expect(preview.wells.map((well) => [well.name, well.rows, well.from, well.to])).toEqual([
      ['Bratli Federal 1-31H', 5, '2008-02-12', '2008-02-16'],
      ['Bratli Federal 2-31H', 3, '2008-02-12', '2008-02-14'],
    ]);
    expect(preview.unmatchedWells).toEqual([{ value: '33053099990000', rows: 1, firstLine: 10 }]);
    expect(preview.summary).toMatchObject({ validRows: 8, invalidRows: 0, unmatchedRows: 1 });
    expect(recordOn(preview, '2008-02-12', w.bakken.wells.get('Bratli Federal 1-31H')!.id)).toEqual(
      { date: '2008-02-12', oil_rate: 412, water_rate: 188, gas_rate: 1204 },
    );

    expect(await commitAndSync(preview)).toBe(8);
    const second = w.bakken.wells.get('Bratli Federal 2-31H')!.id;
    const server = await f.serverDays(projectId, second, '2008-02-12', '2008-02-14');
    expect([...server.values()].map((day) => [day.date, day.oil_rate, day.gas_rate])).toEqual([
      ['2008-02-12', 288, 902],
      ['2008-02-13', 284, 889],
      ['2008-02-14', 281, 1001],
    ]);
  });

  it('Excel saved as CSV: d-mmm-yy over 29 February, title lines, quoted thousands, a total row', async () => {
    const projectId = f.imperial.project.id;
    const wellId = f.imperial.wells[0]!.id;
    const preview = await f.preview('excel-d-mmm-yy.csv', { projectId, wellId });
    expect(preview.headerLine).toBe(4);
    expect(preview.dateFormat).toBe('d-mon-y');
    expect(mapped(preview)).toEqual({
      Date: 'date',
      'Oil (bbl)': 'oil_rate bbl/d',
      'Gas (mcf)': 'gas_rate Mcf/d',
      'Water (bbl)': 'water_rate bbl/d',
      'Tubing Pressure (psi)': 'thp psi',
      'Choke (64ths)': 'choke_size 1/64 in',
      'Hours On': 'runtime h',
    });
    expect(preview.records.map((row) => row.record.date)).toEqual([
      '2008-02-27',
      '2008-02-28',
      '2008-02-29',
      '2008-03-01',
      '2008-03-02',
      '2008-03-03',
    ]);
    expect(recordOn(preview, '2008-02-29')).toEqual({
      date: '2008-02-29',
      oil_rate: 1199.75,
      gas_rate: 1998.2,
      water_rate: 315,
      thp: 1125,
      choke_size: 24,
      runtime: 23.5,
    });
    expect(preview.skipped.map((line) => [line.line, line.reason])).toEqual([
      [1, 'preamble'],
      [2, 'preamble'],
      [3, 'blank'],
      [11, 'blank'],
      [12, 'summary'],
    ]);

    expect(await commitAndSync(preview)).toBe(6);
    const server = await f.serverDays(projectId, wellId, '2008-02-27', '2008-03-03');
    expect(server.get('2008-02-27')).toMatchObject({ oil_rate: 1234.5, gas_rate: 2045, thp: 1120 });
  });

  it('a US report writer: "Mon DD, YYYY" in quotes, choke in inches, an impossible day named', async () => {
    const projectId = f.imperial.project.id;
    const preview = await f.preview('report-mon-d-yyyy.csv', { projectId });
    expect(preview.dateFormat).toBe('mon-d-y');
    expect(mapped(preview)).toEqual({
      Well: 'well-name',
      Date: 'date',
      'Oil Prod (BOPD)': 'oil_rate bbl/d',
      'Gas Prod (MCFD)': 'gas_rate Mcf/d',
      'Water Prod (BWPD)': 'water_rate bbl/d',
      'FTP (psig)': 'thp psi',
      'Choke (in)': 'choke_size in',
      'Hrs On': 'runtime h',
    });
    expect(preview.summary).toMatchObject({ validRows: 5, invalidRows: 1 });
    expect(preview.invalid).toEqual([
      {
        line: 6,
        well: 'Dagger Draw 8-2 #2H',
        problems: [
          expect.objectContaining({
            code: 'unparseable-date',
            message:
              'column "Date" (date): "Feb 30, 2008" is not a real date written as Mon DD, YYYY (such as Feb 12, 2008)',
          }),
        ],
      },
    ]);
    expect(recordOn(preview, '2008-02-15')).toMatchObject({
      gas_rate: 1338.7,
      choke_size: 32, // 0.5 in
    });
    expect(recordOn(preview, '2008-03-01')).toMatchObject({ oil_rate: 648.8, choke_size: 32 });

    expect(await commitAndSync(preview)).toBe(5);
    const wellId = f.imperial.wells[1]!.id;
    const server = await f.serverDays(projectId, wellId, '2008-02-12', '2008-03-01');
    expect(server.get('2008-02-12')).toMatchObject({ oil_rate: 642.5, choke_size: 24 });
  });

  it('an Alberta well: YYYYMMDD, m³, 10³m³ and kPa in a metric project, untouched', async () => {
    const projectId = f.metric.project.id;
    const wellId = f.metric.wells[0]!.id;
    const preview = await f.preview('alberta-yyyymmdd.csv', { projectId, wellId });
    expect(preview.dateFormat).toBe('ymd');
    expect(mapped(preview)).toEqual({
      'Prod Date': 'date',
      'Oil (m3)': 'oil_rate m3/d',
      'Gas (e3m3)': 'gas_rate e3m3/d',
      'Water (m3)': 'water_rate m3/d',
      Hours: 'runtime h',
      'THP (kPa)': 'thp kPa',
      'Choke (mm)': 'choke_size mm',
    });
    expect(preview.summary).toMatchObject({ validRows: 6, invalidRows: 0 });
    expect(recordOn(preview, '2025-07-04')).toEqual({
      date: '2025-07-04',
      oil_rate: 0,
      gas_rate: 0,
      water_rate: 0,
      runtime: 0,
      thp: 5011.9,
      choke_size: 0,
    });

    expect(await commitAndSync(preview)).toBe(6);
    const server = await f.serverDays(projectId, wellId, '2025-07-01', '2025-07-06');
    expect(server.get('2025-07-01')).toMatchObject({ gas_rate: 38.215, thp: 4215.5 });
  });

  it('a historian export: ISO date-times, semicolons, decimal commas, spaced thousands, Sm³/d and barg', async () => {
    const projectId = w.volve.project.id;
    const wellId = volveWell('15/9-F-14');
    const preview = await f.preview('historian-iso-t.csv', { projectId, wellId });
    expect(preview).toMatchObject({ delimiter: ';', decimalSeparator: ',', dateFormat: 'ymd' });
    expect(mapped(preview)).toEqual({
      Timestamp: 'date',
      'Oil [Sm3/d]': 'oil_rate m3/d',
      'Gas [Sm3/d]': 'gas_rate m3/d',
      'Water [Sm3/d]': 'water_rate m3/d',
      'WHP [barg]': 'thp bar',
      'DHP [bara]': 'bhp bar',
      'On stream [h]': 'runtime h',
    });
    expect(preview.columns.find((column) => column.header === 'Choke [%]')).toMatchObject({
      target: 'ignore',
      note: 'a choke opening in % is not a choke size (1/64 in or mm): not imported',
    });
    expect(preview.summary).toMatchObject({ validRows: 5, invalidRows: 0 });
    expect(recordOn(preview, '2016-03-04')).toEqual({
      date: '2016-03-04',
      oil_rate: 412.05,
      gas_rate: 59.1014,
      water_rate: 780.33,
      thp: 4419,
      bhp: 23186,
      runtime: 12.25,
    });

    expect(await commitAndSync(preview)).toBe(5);
    const server = await f.serverDays(projectId, wellId, '2016-03-01', '2016-03-05');
    expect(server.get('2016-03-01')).toMatchObject({ gas_rate: 121.0547, water_rate: 1530.4 });
  });

  it('an Oracle spool: DD-MON-RR across 1999 and 2000, and the row count under it skipped', async () => {
    const projectId = w.bakken.project.id;
    const preview = await f.preview('oracle-spool-rr.csv', { projectId });
    expect(preview.headerLine).toBe(2);
    expect(mapped(preview)).toEqual({
      WELL_NAME: 'well-name',
      PROD_DATE: 'date',
      OIL_BBL: 'oil_rate bbl/d',
      GAS_MCF: 'gas_rate Mcf/d',
      WTR_BBL: 'water_rate bbl/d',
      TBG_PRESS: 'thp psi',
      HOURS_ON: 'runtime h',
    });
    expect(preview.records.map((row) => row.record.date)).toEqual([
      '1999-12-29',
      '1999-12-30',
      '1999-12-31',
      '2000-01-01',
      '2000-01-02',
      '2000-01-03',
    ]);
    expect(preview.skipped.map((line) => [line.line, line.reason, line.text])).toEqual([
      [1, 'blank', ''],
      [9, 'blank', ''],
      [10, 'note', '6 rows selected.'],
      [11, 'blank', ''],
    ]);
    expect(preview.summary).toMatchObject({ validRows: 6, invalidRows: 0, unmatchedRows: 0 });

    expect(await commitAndSync(preview)).toBe(6);
    const wellId = w.bakken.wells.get('Bratli Federal 1-31H')!.id;
    const server = await f.serverDays(projectId, wellId, '1999-12-29', '2000-01-03');
    expect(server.get('2000-01-02')).toMatchObject({ oil_rate: 215, thp: 405, runtime: 20 });
  });

  it('a Norwegian spreadsheet: "Dato" found by its contents, 15.mai.2016, decimal commas, Sm³ gas', async () => {
    const projectId = w.volve.project.id;
    const preview = await f.preview('norwegian-excel-dmy-name.csv', { projectId });
    expect(preview).toMatchObject({ delimiter: ';', decimalSeparator: ',', dateFormat: 'd-mon-y' });
    expect(preview.columns[0]).toMatchObject({
      header: 'Dato',
      target: 'date',
      note: 'holds dates',
    });
    expect(mapped(preview)).toMatchObject({
      Well: 'well-name',
      'Oil (Sm3)': 'oil_rate m3/d',
      'Gas (Sm3)': 'gas_rate m3/d',
      'WHP (bar)': 'thp bar',
      'Hours on stream': 'runtime h',
    });
    expect(preview.records.map((row) => row.record.date)).toEqual([
      '2016-05-15',
      '2016-05-16',
      '2016-05-17',
      '2016-05-18',
      '2016-10-01',
      '2016-12-24',
    ]);
    expect(recordOn(preview, '2016-05-18')).toEqual({
      date: '2016-05-18',
      oil_rate: 498.71,
      gas_rate: 72.0641,
      water_rate: 2930.4,
      thp: 2966,
      bhp: 22190,
      runtime: 21.5,
    });

    expect(await commitAndSync(preview)).toBe(6);
    const server = await f.serverDays(
      projectId,
      volveWell('15/9-F-14'),
      '2016-12-24',
      '2016-12-24',
    );
    expect(server.get('2016-12-24')).toMatchObject({ oil_rate: 431.5, gas_rate: 62.35068 });
  });

  it('Excel date-times left as serial numbers: the time of day dropped', async () => {
    const projectId = f.imperial.project.id;
    const wellId = f.imperial.wells[0]!.id;
    const preview = await f.preview('excel-serial-datetimes.csv', { projectId, wellId });
    expect(preview.dateFormat).toBe('serial');
    expect(mapped(preview)).toEqual({
      'Reading Date': 'date',
      'Oil (bbl)': 'oil_rate bbl/d',
      'Gas (mcf)': 'gas_rate Mcf/d',
      'Water (bbl)': 'water_rate bbl/d',
      'Tubing (psi)': 'thp psi',
      'Choke (64ths)': 'choke_size 1/64 in',
      'Run Time (hrs)': 'runtime h',
    });
    expect(preview.records.map((row) => [row.record.date, row.record.oil_rate])).toEqual([
      ['2008-02-12', 1012.5],
      ['2008-02-13', 1009.75],
      ['2008-02-14', 1001],
      ['2008-02-15', 998.25],
    ]);
    expect(await commitAndSync(preview)).toBe(4);
    const server = await f.serverDays(projectId, wellId, '2008-02-12', '2008-02-15');
    expect(server.get('2008-02-12')).toMatchObject({ gas_rate: 1845.25, choke_size: 28 });
  });

  it("North Dakota's monthly report (1/1/2019, 2/1/2019, …): the format is asked, and the monthly totals are named", async () => {
    const projectId = w.bakken.project.id;
    const preview = await f.preview('ndic-monthly-report.csv', { projectId });
    expect(mapped(preview)).toMatchObject({
      ReportDate: 'date',
      API_WELLNO: 'api-number',
      Oil: 'oil_rate bbl/d',
      Wtr: 'water_rate bbl/d',
      Gas: 'gas_rate Mcf/d',
    });
    // Read as DD/MM the dates would be 1–3 January, days in a row: not settled that way.
    expect(preview.ambiguousDate?.candidates).toEqual(['mdy', 'dmy']);
    expect(preview.records).toEqual([]);

    const asMonths = await f.preview('ndic-monthly-report.csv', { projectId, dateFormat: 'mdy' });
    expect(asMonths.records.map((row) => row.record.date)).toEqual([
      '2019-01-01',
      '2019-02-01',
      '2019-03-01',
      '2019-01-01',
      '2019-02-01',
      '2019-03-01',
    ]);
    expect(asMonths.records[0]!.record.oil_rate).toBe(9412);
    expect(asMonths.warnings).toContain(
      'Every date is the first of a month: if the values are monthly totals (as in a monthly production report), importing them would record a month of production on one day. Import daily data instead.',
    );
  });

  it('Sodir field production is monthly: the preview says so, and nothing can be committed', async () => {
    const projectId = w.volve.project.id;
    const preview = await f.preview('sodir-field-monthly.csv', {
      projectId,
      wellId: volveWell('15/9-F-14'),
    });
    expect(preview.blocked).toEqual({
      reason: 'no-date-column',
      message:
        'No column holds dates of days: the file has a year column ("prfYear") and a month column ("prfMonth"), so it holds monthly totals, and records here are daily. Import the daily file, or map a column of dates to "Date".',
    });
    expect(preview.records).toEqual([]);
    await expect(
      f.harness.core.handlers['import-commit']({ importId: preview.importId }),
    ).rejects.toThrow(/monthly totals/);
    expect(await f.outboxCounts()).toEqual({ operations: 0 });
  });
});
