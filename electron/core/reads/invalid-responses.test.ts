import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startContractBreaker,
  type Breakage,
  type ContractBreaker,
  type RouteKind,
} from '../testing/contract-breaker.js';
import { coreErrorOf } from '../testing/core-error.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';

/** A server that answers something other than the contract changes nothing in the cache. */

let fake: ContractBreaker;
let harness: CoreHarness;

beforeAll(async () => {
  fake = await startContractBreaker();
  harness = await startCore(fake);
  // Fill the cache while the server behaves.
  await harness.core.handlers['projects-list']({});
  await harness.core.handlers['wells-list']({ projectId: fake.projectId });
  await harness.core.handlers['production-get']({
    projectId: fake.projectId,
    wellId: fake.wellId,
    from: '2024-01-01',
    to: '2024-01-31',
    aggregation: 'daily',
  });
});

afterAll(async () => {
  await harness.close();
  await fake.close();
});

/** Every row of every cached table, to compare before and after. */
function snapshot(): string {
  const db = new Database(join(harness.dataDir, 'cache.db'), { readonly: true });
  try {
    const tables = ['connections', 'projects', 'wells', 'production', 'coverage', 'sync_log'];
    return JSON.stringify(
      tables.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all()),
    );
  } finally {
    db.close();
  }
}

const cases: Array<[RouteKind, Breakage, number, RegExp]> = [
  ['projects', 'html', 200, /expected JSON but got text\/html \(status 200\)/],
  ['projects', 'truncated', 200, /not valid JSON, perhaps truncated \(status 200\)/],
  ['projects', 'proxy-502', 502, /expected JSON but got text\/html \(status 502\)/],
  ['projects', 'wrong-shape', 200, /does not match the API contract \(status 200\)/],
  ['wells', 'html', 200, /text\/html/],
  ['wells', 'truncated', 200, /truncated/],
  ['production', 'html', 200, /text\/html/],
  ['production', 'truncated', 200, /truncated/],
  ['production', 'outside-range', 200, /outside 2023-12-01…2023-12-31/],
];

describe('answers that are not the contract', () => {
  it.each(cases)(
    '%s answered with %s: reported with status %i, cache unchanged',
    async (kind, breakage, status, pattern) => {
      const before = snapshot();
      fake.breakRoute(kind, breakage);
      try {
        const call = {
          projects: () => harness.core.handlers['projects-list']({ refresh: 'await' }),
          wells: () =>
            harness.core.handlers['wells-list']({ projectId: fake.projectId, refresh: 'await' }),
          production: () =>
            harness.core.handlers['production-get']({
              projectId: fake.projectId,
              wellId: fake.wellId,
              from: '2023-12-01',
              to: '2024-01-31',
              aggregation: 'daily',
            }),
        }[kind];
        const error = (await coreErrorOf(call())).toJSON();
        expect(error.type).toBe('server');
        expect(error.details).toMatchObject({ status, code: 'INVALID_RESPONSE' });
        expect(error.message).toMatch(/^The server's answer is not the Production Data API's/);
        expect(error.message).toMatch(pattern);
      } finally {
        fake.repair();
      }
      expect(snapshot()).toBe(before);
    },
  );

  it('keeps answering from the cache when a background refresh gets HTML, and logs it', async () => {
    const stale = await harness.reopen({ freshForMs: 0 });
    const before = snapshot();
    fake.breakRoute('all', 'html');
    try {
      const answer = await stale.handlers['projects-list']({});
      expect(answer).toMatchObject({
        source: 'cache',
        stale: true,
        data: [{ id: fake.projectId }],
      });
      await stale.whenIdle();
    } finally {
      fake.repair();
    }
    const db = new Database(join(harness.dataDir, 'cache.db'), { readonly: true });
    const logged = db
      .prepare("SELECT message FROM sync_log WHERE kind = 'refresh-failed'")
      .pluck()
      .all();
    db.close();
    expect(logged).toEqual([
      expect.stringMatching(/^Refreshing projects failed: .*text\/html \(status 200\)/),
    ]);
    expect(
      harness.logs.some((entry) => entry.level === 'warn' && /text\/html/.test(entry.message)),
    ).toBe(true);
    // Nothing but the log entry changed.
    expect(JSON.parse(snapshot()).slice(0, 5)).toEqual(JSON.parse(before).slice(0, 5));
  });
});
