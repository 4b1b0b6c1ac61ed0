import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionRecordInput } from '../api/index.js';
import { ApiClient } from './api-client.js';
import type { UpsertProgress } from './chunked-upsert.js';
import { startTestServer, type TestServer } from './testing/real-server.js';

let server: TestServer;
/** A client of our server, which offers the CSV import. */
let client: ApiClient;
/** A client of our server with the OpenAPI document hidden: a server without the CSV import. */
let jsonOnly: ApiClient;
/** Number of records in each production POST (JSON) and CSV import, in order. */
let posts: number[] = [];
let imports: number[] = [];

function recording(hideOpenApi: boolean) {
  return (url: string, init: RequestInit) => {
    if (hideOpenApi && url.endsWith('/openapi.json')) {
      const body = JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No such path' } });
      return Promise.resolve(
        new Response(body, { status: 404, headers: { 'Content-Type': 'application/json' } }),
      );
    }
    if (init.method === 'POST' && url.endsWith('/production')) {
      posts.push((JSON.parse(String(init.body)) as { records: unknown[] }).records.length);
    }
    if (init.method === 'POST' && url.endsWith('/production/import')) {
      // The header line, then one line per record.
      imports.push(String(init.body).trimEnd().split('\n').length - 1);
    }
    return fetch(url, init);
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const options = { baseUrl: server.baseUrl, token: server.token };
  client = new ApiClient({ ...options, fetch: recording(false) });
  jsonOnly = new ApiClient({ ...options, fetch: recording(true) });
});

afterAll(async () => {
  await server.close();
});

/** `count` consecutive days from 1990-01-01. */
function days(count: number): ProductionRecordInput[] {
  const start = Date.UTC(1990, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    oil_rate: 500 - i / 100,
    gas_rate: 800,
  }));
}

async function newWell() {
  const project = await client.createProject({ name: 'Chunks' });
  const well = await client.createWell(project.id, { name: 'C-1' });
  return { projectId: project.id, wellId: well.id };
}

describe('upsertProductionChunked against the real server', () => {
  it('sends 12,000 records as one CSV import where the server offers it', async () => {
    const { projectId, wellId } = await newWell();
    const records = days(12_000);
    const progress: UpsertProgress[] = [];
    posts = [];
    imports = [];
    const result = await client.upsertProductionChunked(projectId, wellId, records, {
      onProgress: (step) => progress.push(step),
    });
    expect(imports).toEqual([12_000]);
    expect(posts).toEqual([]);
    expect(result).toEqual({ inserted: 12_000, updated: 0, total: 12_000 });
    expect(progress.map((step) => [step.chunk, step.chunks, step.sent, step.total])).toEqual([
      [1, 1, 12_000, 12_000],
    ]);

    const series = await client.getProduction(projectId, wellId, {
      from: '1990-01-01',
      to: '2030-12-31',
      fields: ['oil_rate', 'gas_rate'],
    });
    expect(series.data).toHaveLength(12_000);
    expect(series.data[11_999]).toEqual({ ...records[11_999], oil_rate: 500 - 11_999 / 100 });
  });

  it('sends up to 1,000 records as one JSON POST even where the CSV import exists', async () => {
    const { projectId, wellId } = await newWell();
    posts = [];
    imports = [];
    await client.upsertProductionChunked(projectId, wellId, days(1000));
    expect(posts).toEqual([1000]);
    expect(imports).toEqual([]);
  });

  it('names the record a CSV import refuses as records[i], like a JSON POST', async () => {
    const { projectId, wellId } = await newWell();
    const records = days(1500);
    records[1200] = { date: records[1200]!.date, watercut: 140 };
    const error: unknown = await client
      .upsertProductionChunked(projectId, wellId, records)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as { details: Array<{ path: string }> }).details[0]?.path).toBe(
      'records[1200].watercut',
    );
  });

  it('sends 2,500 records as POSTs of 1,000 where there is no CSV import, and sums the answers', async () => {
    const { projectId, wellId } = await newWell();
    const records = days(2500);
    const progress: UpsertProgress[] = [];
    posts = [];
    imports = [];
    const result = await jsonOnly.upsertProductionChunked(projectId, wellId, records, {
      onProgress: (step) => progress.push(step),
    });
    expect(posts).toEqual([1000, 1000, 500]);
    expect(imports).toEqual([]);
    expect(result).toEqual({ inserted: 2500, updated: 0, total: 2500 });
    expect(progress.map((step) => [step.chunk, step.chunks, step.sent, step.total])).toEqual([
      [1, 3, 1000, 2500],
      [2, 3, 2000, 2500],
      [3, 3, 2500, 2500],
    ]);

    posts = [];
    expect(
      await jsonOnly.upsertProductionChunked(projectId, wellId, records.slice(0, 1200)),
    ).toEqual({ inserted: 0, updated: 1200, total: 1200 });
    expect(posts).toEqual([1000, 200]);
  });

  it('never sends more than 1,000 records in a JSON POST even when asked to', async () => {
    const { projectId, wellId } = await newWell();
    posts = [];
    await jsonOnly.upsertProductionChunked(projectId, wellId, days(1500), { chunkSize: 20_000 });
    expect(posts).toEqual([1000, 500]);
  });

  it('honours a smaller chunk size', async () => {
    const { projectId, wellId } = await newWell();
    posts = [];
    const result = await client.upsertProductionChunked(projectId, wellId, days(10), {
      chunkSize: 4,
    });
    expect(posts).toEqual([4, 4, 2]);
    expect(result.total).toBe(10);
  });

  it('sends nothing for no records, and refuses a nonsense chunk size', async () => {
    const { projectId, wellId } = await newWell();
    posts = [];
    expect(await client.upsertProductionChunked(projectId, wellId, [])).toEqual({
      inserted: 0,
      updated: 0,
      total: 0,
    });
    expect(posts).toEqual([]);
    await expect(
      client.upsertProductionChunked(projectId, wellId, days(3), { chunkSize: 0 }),
    ).rejects.toThrow(RangeError);
  });

  it('stops at the first rejected chunk, the earlier ones written', async () => {
    const { projectId, wellId } = await newWell();
    const records = days(12);
    records[7] = { date: '1990-01-08', watercut: 140 };
    posts = [];
    const progress: UpsertProgress[] = [];
    await expect(
      client.upsertProductionChunked(projectId, wellId, records, {
        chunkSize: 5,
        onProgress: (p) => progress.push(p),
      }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(posts).toEqual([5, 5]);
    expect(progress.map((p) => p.sent)).toEqual([5]);
  });
});
