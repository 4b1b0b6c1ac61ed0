import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionRecordInput } from '../api/index.js';
import { ApiClient } from './api-client.js';
import type { UpsertProgress } from './chunked-upsert.js';
import { startTestServer, type TestServer } from './testing/real-server.js';

let server: TestServer;
let client: ApiClient;
/** Number of records in each production POST, in order. */
let posts: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient({
    baseUrl: server.baseUrl,
    token: server.token,
    fetch: (url, init) => {
      if (init.method === 'POST' && url.endsWith('/production')) {
        posts.push((JSON.parse(String(init.body)) as { records: unknown[] }).records.length);
      }
      return fetch(url, init);
    },
  });
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
  it('sends 12,000 records as exactly 3 POSTs and sums the answers', async () => {
    const { projectId, wellId } = await newWell();
    const records = days(12_000);
    const progress: UpsertProgress[] = [];
    posts = [];
    const result = await client.upsertProductionChunked(projectId, wellId, records, {
      onProgress: (step) => progress.push(step),
    });
    expect(posts).toEqual([5000, 5000, 2000]);
    expect(result).toEqual({ inserted: 12_000, updated: 0, total: 12_000 });
    expect(progress.map((step) => [step.chunk, step.chunks, step.sent, step.total])).toEqual([
      [1, 3, 5000, 12_000],
      [2, 3, 10_000, 12_000],
      [3, 3, 12_000, 12_000],
    ]);

    const series = await client.getProduction(projectId, wellId, {
      from: '1990-01-01',
      to: '2030-12-31',
      fields: ['oil_rate'],
    });
    expect(series.data).toHaveLength(12_000);

    posts = [];
    expect(await client.upsertProductionChunked(projectId, wellId, records.slice(0, 7000))).toEqual(
      {
        inserted: 0,
        updated: 7000,
        total: 7000,
      },
    );
    expect(posts).toEqual([5000, 2000]);
  });

  it('never sends more than 5,000 records even when asked to', async () => {
    const { projectId, wellId } = await newWell();
    posts = [];
    await client.upsertProductionChunked(projectId, wellId, days(6000), { chunkSize: 20_000 });
    expect(posts).toEqual([5000, 1000]);
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
