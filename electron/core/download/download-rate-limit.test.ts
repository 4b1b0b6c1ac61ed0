import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject, FetchLike } from '#shared/client/index.js';
import type { DownloadStatus } from '#shared/desktop/index.js';
import { startCore } from '../testing/core-harness.js';
import { startDownloadFixture, type DownloadFixture } from './testing/download-fixture.js';

/**
 * The real server with rate limiting on and a Standard-plan token (60 a
 * minute, burst 120):
 * - a download needing more requests than the burst completes without a
 *   failure: the client paces itself once X-RateLimit-Remaining runs low,
 *   and the estimate follows the plan's rate, not the burst's pace;
 * - with the bucket empty, a second core (another machine with the same
 *   token, whose client knows nothing yet) talking to a service that does not
 *   advertise its rate (X-RateLimit-* are an extension) has only 429s to go
 *   by: it holds for Retry-After, slows down, and completes.
 * About 15 s: the requests beyond the burst go at one a second.
 */

const WELLS = 126; // + the project, a page of wells and the unit check: 129 requests
const RANGE = { from: '2025-01-01', to: '2025-01-31' };

let fixture: DownloadFixture;
let big: ApiProject;
let small: ApiProject;
type Answer = { at: number; status: number; retryAfter: string | null };
const answers: Answer[] = [];

const recording =
  (log: Answer[], options: { hideRate?: boolean } = {}): FetchLike =>
  async (input, init) => {
    const response = await globalThis.fetch(input, init);
    log.push({
      at: Date.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
    });
    if (!options.hideRate) return response;
    const headers = new Headers(response.headers);
    headers.delete('x-ratelimit-limit');
    headers.delete('x-ratelimit-remaining');
    return new Response(response.body, { status: response.status, headers });
  };

/** Spends what is left of the token's bucket: requests until the server says 429. */
async function emptyTheBucket(): Promise<void> {
  const headers = { Authorization: `Bearer ${fixture.token}` };
  for (let i = 0; i < 200; i++) {
    const response = await globalThis.fetch(`${fixture.demo.baseUrl}/projects`, { headers });
    await response.arrayBuffer();
    if (response.status === 429) return;
  }
  throw new Error('the server never said 429');
}

beforeAll(async () => {
  fixture = await startDownloadFixture({
    wellCounts: [WELLS, 1],
    rateLimit: true,
    plan: 'standard',
    core: { fetch: recording(answers) },
  });
  [big, small] = fixture.projects as [ApiProject, ApiProject];
}, 120_000);

afterAll(() => fixture.close());

describe('offline download within the rate limit', () => {
  it('gets past the burst without a failure, estimating at the plan rate', async () => {
    const seen: Array<{ at: number; status: DownloadStatus }> = [];
    const off = fixture.harness.core.events.on('download-progress', (status) => {
      seen.push({ at: Date.now(), status });
    });
    const started = Date.now();
    await fixture.start(big.id, RANGE);
    const final = await fixture.finished(big.id);
    const ended = Date.now();
    off();

    expect(final).toMatchObject({ state: 'done', done: WELLS, total: WELLS, failed: [] });
    // 9 requests beyond the burst at one a second: it waited, and hardly ever had to be told.
    expect(ended - started).toBeGreaterThan(5_000);
    expect(answers.filter((answer) => answer.status === 429).length).toBeLessThanOrEqual(4);

    // The estimate is never wildly optimistic. During the burst the requests take a few
    // ms each, so going by that pace alone would promise well under a second for what
    // the plan's rate (one a second beyond the burst) stretches to many.
    const judged = seen.filter(
      ({ at, status }) =>
        status.state === 'running' && status.etaMs !== null && ended - at >= 3_000,
    );
    expect(judged.length).toBeGreaterThanOrEqual(3);
    for (const { at, status } of judged) expect(status.etaMs!).toBeGreaterThan((ended - at) / 2);
  }, 60_000);

  it('holds on 429s with the bucket empty, and still completes', async () => {
    const second: Answer[] = [];
    const other = await startCore(
      { baseUrl: fixture.demo.baseUrl, token: fixture.token },
      { fetch: recording(second, { hideRate: true }) },
    );
    await emptyTheBucket();
    try {
      await other.core.handlers['offline-download-start']({ projectId: small.id, ...RANGE });
      await other.core.whenIdle();
      const final = await other.core.handlers['offline-download-status']({ projectId: small.id });
      expect(final).toMatchObject({ state: 'done', done: 1, total: 1, failed: [] });
    } finally {
      await other.close();
    }
    const throttled = second.filter((answer) => answer.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.every((answer) => /^\d+$/.test(answer.retryAfter ?? ''))).toBe(true);
    // Not hammering: after the first 429, nothing goes out until its Retry-After has passed.
    const first = throttled[0]!;
    const holdEnd = first.at + Number(first.retryAfter) * 1000;
    expect(second.filter((a) => a.at > first.at + 50 && a.at < holdEnd - 50)).toEqual([]);
    expect(throttled.length).toBeLessThanOrEqual(second.length / 2);
  }, 60_000);
});
