import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
let projectId: string;
let wellId: string;
beforeEach(async () => {
  h = await createHarness();
  projectId = await h.project({ name: 'Metric', unitSystem: 'metric' });
  wellId = await h.well(projectId);
});
afterEach(async () => {
  await h.close();
});

const importCsv = (csv: string | Buffer, type = 'text/csv') =>
  h.call('POST', `/api/v1/projects/${projectId}/wells/${wellId}/production/import`, {
    body: csv,
    headers: { 'content-type': type },
  });
const rowCount = () => h.scalar('SELECT COUNT(*) FROM production');

describe('CSV import', () => {
  it('imports a file with a BOM, CRLF, quoted cells, mixed-case headers and empty cells', async () => {
    const csv =
      '\uFEFFDate,OIL_RATE,"gas_rate",Watercut\r\n2024-01-01,10,2.5,\r\n"2024-01-02",11.5,,40\r\n\r\n';
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inserted: 2, updated: 0, total: 2 });
    const data = (
      await h.call('GET', `/api/v1/projects/${projectId}/wells/${wellId}/production`, {
        query: { from: '2024-01-01', to: '2024-01-31', fields: 'oil_rate,gas_rate,watercut' },
      })
    ).json().data;
    // Values are in the project's unit system, like the JSON endpoint.
    expect(data).toEqual([
      { date: '2024-01-01', oil_rate: 10, gas_rate: 2.5, watercut: null },
      { date: '2024-01-02', oil_rate: 11.5, gas_rate: null, watercut: 40 },
    ]);
    expect((await importCsv('date,oil_rate\n2024-01-02,12\n')).json()).toEqual({
      inserted: 0,
      updated: 1,
      total: 1,
    });
  });

  it('refuses the whole file, naming line and column of every problem', async () => {
    const csv = [
      'date,oil_rate,runtime,watercut',
      '2024-01-01,10,24,5',
      '2024-01-02,ten,24,5',
      '2024-01-03,10,25,5',
      '2024-01-04,-3,24,101',
      ',1,1,1',
      '2024-02-30,1,1,1',
      '2024-01-01,1,1,1',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.message).toMatch(/^7 problems in the CSV; nothing was imported/);
    expect(error.details?.map((d) => d.path)).toEqual([
      'rows[3].oil_rate',
      'rows[4].runtime',
      'rows[5].oil_rate',
      'rows[5].watercut',
      'rows[6].date',
      'rows[7].date',
      'rows[8].date',
    ]);
    expect(error.details?.[0]?.message).toBe('line 3: "ten" is not a number');
    expect(error.details?.[6]?.message).toContain('repeats line 2');
    expect(await rowCount()).toBe(0);
  });

  it.each<[string, string, RegExp]>([
    ['an unknown column', 'date,oil\n2024-01-01,1\n', /"oil" is not a production field/],
    ['no date column', 'oil_rate\n1\n', /needs a date column/],
    ['a repeated column', 'date,oil_rate,OIL_RATE\n2024-01-01,1,2\n', /appears twice/],
    ['an empty file', '', /empty/],
    ['only a header', 'date,oil_rate\n', /no records/],
    ['a ragged row', 'date,oil_rate\n2024-01-01,1,9\n', /line 2/],
    ['an unclosed quote', 'date,oil_rate\n"2024-01-01,1\n', /could not be read/],
  ])('refuses %s with a clear message', async (_label, csv, message) => {
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(message);
    expect(await rowCount()).toBe(0);
  });

  it('needs text/csv', async () => {
    const response = await importCsv('date\n2024-01-01\n', 'application/json');
    expect([400, 415]).toContain(response.statusCode);
    const plain = await importCsv('date\n2024-01-01\n', 'text/plain');
    expect(plain.statusCode).toBe(415);
    expect(errorOf(plain).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('imports tens of thousands of rows in one request', async () => {
    const lines = ['date,oil_rate,gas_rate'];
    const start = Date.UTC(1950, 0, 1);
    for (let i = 0; i < 30_000; i++)
      lines.push(
        `${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${i % 500},${i % 90}`,
      );
    const response = await importCsv(lines.join('\n'));
    expect(response.json()).toEqual({ inserted: 30_000, updated: 0, total: 30_000 });
    expect(await rowCount()).toBe(30_000);
  });
});
