import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { followPages } from './pagination.js';
import { startTestServer, type TestServer } from './testing/real-server.js';

let server: TestServer;
let client: ApiClient;
let projectId: string;
let listCalls = 0;

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient({
    baseUrl: server.baseUrl,
    token: server.token,
    fetch: (url, init) => {
      if (init.method === 'GET' && new URL(url).pathname.endsWith('/wells')) listCalls++;
      return fetch(url, init);
    },
  });
  projectId = (await client.createProject({ name: 'Big field' })).id;
  for (let i = 0; i < 250; i++) {
    await client.createWell(projectId, {
      name: `Well ${String(i).padStart(3, '0')}`,
      type: i % 5 === 0 ? 'injector' : 'producer',
    });
  }
});

afterAll(async () => {
  await server.close();
});

describe('pagination against the real server', () => {
  it('iterates 250 wells in three pages of at most 100, each well once', async () => {
    listCalls = 0;
    const ids: string[] = [];
    for await (const well of client.iterateWells(projectId, { limit: 100 })) ids.push(well.id);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(listCalls).toBe(3);
  });

  it('exposes the pages themselves, with total and the last cursor null', async () => {
    const pages = [];
    for await (const page of client.pagesOfWells(projectId, { limit: 100 })) pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 50]);
    expect(pages.map((page) => page.total)).toEqual([250, 250, 250]);
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);
  });

  it('keeps the filters on every page', async () => {
    const injectors = [];
    for await (const well of client.iterateWells(projectId, { type: 'injector', limit: 7 }))
      injectors.push(well);
    expect(injectors).toHaveLength(50);
    expect(injectors.every((well) => well.type === 'injector')).toBe(true);
  });

  it('iterates projects across pages', async () => {
    for (let i = 0; i < 4; i++) await client.createProject({ name: `Extra ${i}` });
    const names = [];
    for await (const project of client.iterateProjects({ limit: 2 })) names.push(project.name);
    // Every project once; projects made in the same millisecond are ordered by id, so the
    // order is the server's keyset order, not necessarily creation order.
    expect(names).toHaveLength(5);
    expect([...names].sort()).toEqual(['Big field', 'Extra 0', 'Extra 1', 'Extra 2', 'Extra 3']);
  });

  it('stops early without fetching further pages when the loop breaks', async () => {
    listCalls = 0;
    for await (const well of client.iterateWells(projectId, { limit: 100 })) {
      if (well.name === 'Well 010') break;
    }
    expect(listCalls).toBe(1);
  });
});

describe('followPages', () => {
  it('refuses a cursor that sends it back where it has been', async () => {
    const pages = followPages(async () => ({ data: [1], nextCursor: 'same', total: 9 }));
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of pages) seen.push(...page.data);
      })(),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(seen).toEqual([1, 1]);
  });
});
