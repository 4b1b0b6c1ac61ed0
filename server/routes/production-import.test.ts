import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { buildApp } from '../app.js';
import { IMPORT_BATCH, type ImportBatch, type ImportRows } from '../store/import-rows.js';
import {
  MONTH_COLUMNS,
  SUMMED_FIELDS,
  storedMonths as monthsToStore,
  sumMonths,
  type MonthRow,
} from '../serialize/monthly-sums.js';
import type { RawRow } from '../store/production-repo.js';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';
import { CELL_EXCERPT, MAX_CSV_LINE } from './production-import.js';
import { ImportSlots } from './production-import-slots.js';

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

/** Waits for `condition`, which another part of the test makes true (checked every 5 ms). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 4_000; i++) {
    if (condition()) return;
    await new Promise((done) => setTimeout(done, 5));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * A CSV of `rows` consecutive days from 1900-01-01 (taken in the order `order` gives), every
 * field set, or only oil_rate when `narrow` (quicker to parse, for the tests about size).
 */
function bigCsv(rows: number, order: (i: number) => number = (i) => i, narrow = false): string[] {
  const lines = [narrow ? 'date,oil_rate' : ['date', ...PRODUCTION_FIELDS].join(',')];
  for (let i = 0; i < rows; i++) {
    const n = order(i);
    lines.push(
      narrow
        ? `${addDays('1900-01-01', n)},${n % 500}`
        : `${addDays('1900-01-01', n)},${n % 500},${n % 300},${n % 900},${1000 + (n % 7)},${200 + (n % 5)},${n % 64},${n % 24},${n % 1000},${n % 100}`,
    );
  }
  return lines;
}

const wellSeqOf = async (id: string) =>
  (await h.scalar('SELECT seq FROM wells WHERE id = ?', id)) as number;

describe('CSV import: concurrency', () => {
  let app: FastifyInstance;
  let slots: ImportSlots;
  beforeEach(async () => {
    // An app of its own on the harness's store, with slots the test can watch.
    slots = new ImportSlots({ perToken: 1, perServer: 2, retryAfterSeconds: 7 });
    app = await buildApp({ store: h.store, rateLimit: false, imports: slots });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  const url = (well = wellId) => `/api/v1/projects/${projectId}/wells/${well}/production/import`;
  const send = (token: string, body: string | PassThrough, well = wellId) =>
    app.inject({
      method: 'POST',
      url: url(well),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: body,
    });
  /** An import whose body arrives as the test writes it: its slot is held until it ends. */
  const open = async (token: string, well = wellId) => {
    const body = new PassThrough();
    const before = slots.active;
    const response = send(token, body, well);
    body.write('date,oil_rate\n');
    await until(() => slots.active === before + 1, 'the import took its slot');
    return { body, response };
  };

  it('refuses an import over either limit with 429 and Retry-After, then admits it', async () => {
    const other = await h.well(projectId, { name: 'Well 2' });
    const first = await open(h.tokens.alice);

    // The same token again: over the per-token limit, refused before its body is read.
    const again = await send(h.tokens.alice, 'date,oil_rate\n2024-03-01,1\n');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('7');
    expect(errorOf(again).code).toBe('RATE_LIMITED');
    expect(errorOf(again).message).toMatch(/1 at a time per token/);

    // Another token: admitted, which fills the server's two slots.
    const second = await open(h.tokens.admin, other);
    const aliceAgain = await h.token('alice');
    const third = await send(aliceAgain, 'date,oil_rate\n2024-03-01,1\n');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('7');
    expect(errorOf(third).message).toMatch(/2 at a time on this server/);
    expect(slots.active).toBe(2);

    // Success gives the slot back.
    first.body.end('2024-01-01,10\n');
    expect((await first.response).json()).toEqual({ inserted: 1, updated: 0, total: 1 });
    expect(slots.active).toBe(1);
    // Failure gives it back too.
    second.body.end('2024-01-01,ten\n');
    expect((await second.response).statusCode).toBe(400);
    expect(slots.active).toBe(0);

    expect((await send(aliceAgain, 'date,oil_rate\n2024-03-01,1\n')).statusCode).toBe(200);
    expect(await rowCount()).toBe(2);
  });

  it('gives the slot back after a refused file, so the next import runs', async () => {
    for (const csv of ['date,oil_rate\n2024-01-01,x\n', 'oil\n1\n', '']) {
      expect((await send(h.tokens.alice, csv)).statusCode).toBe(400);
      expect(slots.active).toBe(0);
    }
    expect((await send(h.tokens.alice, 'date,oil_rate\n2024-01-01,1\n')).statusCode).toBe(200);
  });

  it('gives the slot back when the client goes away mid-upload, writing nothing', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url(),
      headers: {
        authorization: `Bearer ${h.tokens.alice}`,
        'content-type': 'text/csv',
        'content-length': '10000000',
      },
    });
    client.on('error', () => undefined);
    client.write(bigCsv(3_000).join('\n'));
    await until(() => slots.active === 1, 'the import took its slot');
    client.destroy();
    await until(() => slots.active === 0, 'the slot was given back');
    expect(await rowCount()).toBe(0);
    expect((await send(h.tokens.alice, 'date,oil_rate\n2024-01-01,1\n')).statusCode).toBe(200);
  });
});

describe('CSV import: large files', () => {
  it('refuses a file whose last row is bad, after more than 100,000 good ones, writing nothing', async () => {
    expect((await importCsv('date,oil_rate\n1900-01-01,5\n')).statusCode).toBe(200);
    const oil = await h.scalar('SELECT oil_rate FROM production');
    const version = await h.scalar('SELECT data_version FROM wells WHERE id = ?', wellId);
    const lines = bigCsv(120_000, undefined, true);
    lines.push('2300-01-01,-1');
    const response = await importCsv(lines.join('\n'));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.details).toEqual([
      { path: 'rows[120002].oil_rate', message: expect.stringMatching(/^line 120002: oil_rate/) },
    ]);
    expect(error.message).toMatch(/^1 problem in the CSV; nothing was imported/);
    expect(await rowCount()).toBe(1);
    expect(await h.scalar('SELECT oil_rate FROM production')).toBe(oil);
    expect(await h.scalar('SELECT data_version FROM wells WHERE id = ?', wellId)).toBe(version);
  });

  it('names the first line of a date repeated far apart in a large file', async () => {
    const lines = bigCsv(50_000, undefined, true);
    lines.push(lines[1]!);
    const response = await importCsv(lines.join('\n'));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([
      { path: 'rows[50002].date', message: 'line 50002: date 1900-01-01 repeats line 2' },
    ]);
  });

  it('writes a shuffled file of many batches with the stored sums of every month', async () => {
    const rows = 5 * IMPORT_BATCH + 123;
    // A stride coprime to the count spreads every month's days over several batches.
    const lines = bigCsv(rows, (i) => (i * 7_919) % rows);
    // Some dates are stored already: they count as updated.
    const early = lines.slice(1, 301).map((line) => `${line.slice(0, 11)}1`);
    expect((await importCsv(['date,oil_rate', ...early].join('\n'))).statusCode).toBe(200);
    const response = await importCsv(lines.join('\n'));
    expect(response.json()).toEqual({ inserted: rows - 300, updated: 300, total: rows });
    expect(await rowCount()).toBe(rows);

    const seq = await wellSeqOf(wellId);
    const everything = await h.store.production.readRaw(
      seq,
      '0001-01-01',
      '9999-12-31',
      SUMMED_FIELDS,
    );
    const stored = await h.rows(
      `SELECT month, ${MONTH_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = ? ORDER BY month`,
      seq,
    );
    expect(
      stored.map((row) => [row.month as string, ...MONTH_COLUMNS.map((c) => row[c] as number)]),
    ).toEqual(sumMonths(everything as RawRow[]) as MonthRow[]);
    const all = await h.store.production.readRaw(
      seq,
      '0001-01-01',
      '9999-12-31',
      PRODUCTION_FIELDS,
    );
    const packed = await h.rows(
      'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
      seq,
    );
    expect(packed.map((row) => [row.month, Buffer.from(row.days_packed as Buffer)])).toEqual(
      monthsToStore(all).map((month) => [month.columns[0], month.packed]),
    );
    // 1900-01-01 is stored with no oil, gas or water now: the first producing day is the next.
    expect(await h.scalar('SELECT first_production_date FROM wells WHERE id = ?', wellId)).toBe(
      '1900-01-02',
    );
  });

  it('rolls every batch back when the write stops part way (the client went away)', async () => {
    expect((await importCsv('date,oil_rate\n1950-01-01,5\n')).statusCode).toBe(200);
    const oil = await h.scalar('SELECT oil_rate FROM production');
    const seq = await wellSeqOf(wellId);
    const version = await h.scalar('SELECT data_version FROM wells WHERE id = ?', wellId);
    const months = await h.scalar('SELECT COUNT(*) FROM production_monthly');
    const gone = new AbortController();
    let served = 0;
    const batch = (index: number): ImportBatch => {
      const dates = Array.from({ length: IMPORT_BATCH }, (_, i) =>
        addDays('1950-01-01', index * IMPORT_BATCH + i),
      );
      return {
        size: IMPORT_BATCH,
        dates,
        values: new Float64Array(IMPORT_BATCH * PRODUCTION_FIELDS.length).fill(9),
      };
    };
    const rows: ImportRows = {
      count: 4 * IMPORT_BATCH,
      *batches() {
        for (let index = 0; index < 4; index++) {
          served++;
          yield batch(index);
          if (index === 1) gone.abort(new Error('the client went away'));
        }
      },
    };
    await expect(h.store.production.importRows(seq, rows, new Date(), gone.signal)).rejects.toThrow(
      'the client went away',
    );
    // The third batch was read (and, on SQLite, written) before the abort was seen.
    expect(served).toBe(3);
    expect(await rowCount()).toBe(1);
    expect(await h.scalar('SELECT oil_rate FROM production')).toBe(oil);
    expect(await h.scalar('SELECT data_version FROM wells WHERE id = ?', wellId)).toBe(version);
    expect(await h.scalar('SELECT COUNT(*) FROM production_monthly')).toBe(months);
  });
});

describe('CSV import: error messages', () => {
  it('quotes a long bad cell as an excerpt and its length, once per place', async () => {
    const cell = `${'9'.repeat(30)}${'x'.repeat(40_000)}`;
    const response = await importCsv(`date,oil_rate\n2024-01-01,${cell}\n`);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    const quoted = `"${cell.slice(0, CELL_EXCERPT)}…" (40,030 characters)`;
    expect(error.details?.[0]?.message).toBe(`line 2: ${quoted} is not a number`);
    expect(error.message).toContain(quoted);
    expect(response.body.length).toBeLessThan(1_000);
  });

  it.each<[string, string, string]>([
    ['a date', `${'2'.repeat(50)},1`, 'is not a real date'],
    ['a value out of range', `2024-01-01,-${'1'.repeat(60)}`, 'must be'],
  ])('cuts %s to an excerpt', async (_label, row, reason) => {
    const response = await importCsv(`date,oil_rate\n${row}\n`);
    const message = errorOf(response).details?.[0]?.message ?? '';
    expect(message).toContain(reason);
    expect(message).toContain('…"');
    expect(message).toMatch(/\(\d+ characters\)/);
    expect(message.length).toBeLessThan(160);
  });

  it('cuts a long header cell too', async () => {
    const response = await importCsv(`date,${'q'.repeat(5_000)}\n2024-01-01,1\n`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain(
      `"${'q'.repeat(CELL_EXCERPT)}…" (5,000 characters)`,
    );
    expect(response.body.length).toBeLessThan(1_000);
  });

  it('never splits a character in two', async () => {
    const cell = `${'a'.repeat(CELL_EXCERPT - 1)}😀${'b'.repeat(100)}`;
    const response = await importCsv(`date,oil_rate\n2024-01-01,${cell}\n`);
    const message = errorOf(response).details?.[0]?.message ?? '';
    expect(message).toContain(`"${'a'.repeat(CELL_EXCERPT - 1)}…"`);
    expect(message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('refuses a 20 MB cell with a short answer, before it fills memory', async () => {
    const response = await importCsv(`date,oil_rate\n2024-01-01,${'7'.repeat(20 * 1024 * 1024)}\n`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/could not be read at line 2/);
    expect(errorOf(response).message).toContain(String(MAX_CSV_LINE));
    expect(response.body.length).toBeLessThan(1_000);
    expect(await rowCount()).toBe(0);
  });
});
