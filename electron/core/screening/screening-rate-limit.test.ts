import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '#server/auth/scopes.js';
import { createToken } from '#server/auth/token-store.js';
import { DEMO_USER } from '#server/demo/seed.js';
import type { FetchLike } from '#shared/client/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { DEMO_TODAY, startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * The per-well fill within the plan's rate limit: our real server with rate
 * limiting on and a Standard-plan token (60 a minute), its bucket emptied
 * first, as if the person had just downloaded a project. The core is shown a
 * server without an OpenAPI document (as the published service is), so it
 * reads each well. Every well is read exactly once with success; after a 429
 * nothing is sent until its Retry-After has passed. About 8 s.
 */

const WELLS = 6;
type Answer = { at: number; path: string; status: number; retryAfter: string | null };

let demo: DemoServer;
let token: string;
let harness: CoreHarness;
const answers: Answer[] = [];

/** The real fetch, recorded; the OpenAPI document answered 404 as a server without one would. */
const recording: FetchLike = async (input, init) => {
  const path = new URL(input).pathname;
  const response = path.endsWith('/openapi.json')
    ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No such path' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    : await globalThis.fetch(input, init);
  answers.push({
    at: Date.now(),
    path,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
  });
  return response;
};

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [WELLS], rateLimit: true });
  token = createToken(demo.server.db, {
    user: DEMO_USER,
    scopes: DEFAULT_SCOPES,
    plan: 'standard',
  });
  harness = await startCore(
    { baseUrl: demo.baseUrl, token },
    { fetch: recording, now: () => new Date(`${addDays(DEMO_TODAY, 1)}T06:00:00.000Z`) },
  );
}, 60_000);

afterAll(async () => {
  await harness.close();
  await demo.close();
});

/** Spends what is left of the token's bucket: requests until the server says 429. */
async function emptyTheBucket(): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  for (let i = 0; i < 200; i++) {
    const response = await globalThis.fetch(`${demo.baseUrl}/projects`, { headers });
    await response.arrayBuffer();
    if (response.status === 429) return;
  }
  throw new Error('the server never said 429');
}

describe('screening fill within the rate limit', () => {
  it('reads every well once, holding for Retry-After when told', async () => {
    const project = (await harness.core.handlers['projects-list']({ refresh: 'await' })).data[0]!;
    await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
    await emptyTheBucket();
    const mark = answers.length;

    await harness.core.handlers['screening-fill-start']({ projectId: project.id });
    await harness.core.whenIdle();
    const final = await harness.core.handlers['screening-fill-status']({ projectId: project.id });
    expect(final).toMatchObject({ state: 'done', path: 'per-well', total: WELLS, done: WELLS });

    const reads = answers.slice(mark).filter((answer) => answer.path.endsWith('/production'));
    const succeeded = reads.filter((answer) => answer.status === 200);
    expect(new Set(succeeded.map((answer) => answer.path)).size).toBe(WELLS);
    expect(succeeded).toHaveLength(WELLS);
    const throttled = reads.filter((answer) => answer.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    // Not hammering: after a 429, nothing goes out until its Retry-After has passed.
    const first = throttled[0]!;
    const holdEnd = first.at + Number(first.retryAfter) * 1000;
    expect(reads.filter((a) => a.at > first.at + 50 && a.at < holdEnd - 50)).toEqual([]);
    expect(throttled.length).toBeLessThanOrEqual(reads.length / 2);

    const wells = (
      await harness.core.handlers['wells-list']({ projectId: project.id, sparklines: ['oil'] })
    ).data.wells;
    expect(wells.every((well) => well.screening !== null)).toBe(true);
  }, 60_000);
});
