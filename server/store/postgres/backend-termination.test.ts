import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEFAULT_SCOPES } from '../../auth/scopes.js';
import type { Store } from '../store.js';
import { StoreUnavailableError } from '../store-unavailable.js';
import { migratePostgresUrl, openPostgresStore } from './postgres-store.js';
import { chaosSeed, terminator, type Terminator } from './terminate-backends.js';
import { runRounds, type Answer, type Instance } from './termination-rounds.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): backends ended as a restart or a failover ends them,
 * at seeded random points of reads, writes, CSV imports and migrations, on two in-process
 * instances over one schema. Nothing may escape as an unhandled 'error' event (the test worker
 * would die with it), every answer is a 2xx or a 503 with Retry-After, every write is all or
 * nothing, and both instances answer afterwards. FLOWLINE_CHAOS_SEED replays another schedule.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';
const SEED = chaosSeed(20_261_128);
const ROUNDS = 40;

let killer: Terminator;
const opened: Array<{ app: FastifyInstance; store: Store }> = [];

beforeAll(async () => {
  killer = await terminator(BASE);
});
afterAll(async () => {
  for (const { app, store } of opened.splice(0)) {
    await app.close();
    await store.close();
  }
  await killer.close();
});

async function instance(url: string, name: string, token: () => string): Promise<Instance> {
  const store = await openPostgresStore(url);
  const app = await buildApp({ store });
  await app.ready();
  opened.push({ app, store });
  return {
    name,
    async request(method, path, body): Promise<Answer> {
      const response = await app.inject({
        method: method as 'GET' | 'POST',
        url: path,
        headers: {
          authorization: `Bearer ${token()}`,
          ...(body?.csv !== undefined ? { 'content-type': 'text/csv' } : {}),
        },
        ...(body?.csv !== undefined ? { payload: body.csv } : {}),
        ...(body?.json !== undefined ? { payload: body.json as object } : {}),
      });
      const json = String(response.headers['content-type']).includes('json')
        ? (response.json() as { error?: { code?: string } })
        : undefined;
      return {
        status: response.statusCode,
        json,
        code: json?.error?.code,
        retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
      };
    },
  };
}

async function migrate(url: string) {
  try {
    await migratePostgresUrl(url);
    return { ok: true as const };
  } catch (error) {
    // Anything but "the database went away" is a failure of the test, not an expected outcome.
    if (!(error instanceof StoreUnavailableError)) throw error;
    return { ok: false as const, message: error.message };
  }
}

describe('PostgreSQL backends terminated mid-request, two instances in one process', () => {
  it('answers 2xx or 503, keeps each write all or nothing, and keeps serving', async () => {
    const schema = await killer.schema('chaos');
    let token = '';
    const a = await instance(killer.url(schema, `${schema}_a`), `${schema}_a`, () => token);
    const b = await instance(killer.url(schema, `${schema}_b`), `${schema}_b`, () => token);
    token = await opened[0]!.store.tokens.create({
      user: 'chaos',
      scopes: [...DEFAULT_SCOPES],
      plan: 'enterprise',
    });
    const reference = await killer.schema('chaos_ref');
    await migratePostgresUrl(killer.url(reference, `${reference}_ref`));
    const migratedTables = await killer.scalar<number>(
      'SELECT count(*)::int FROM pg_tables WHERE schemaname = $1',
      [reference],
    );

    const tally = await runRounds(
      { killer, instances: [a, b], schema, migrate, migratedTables },
      SEED,
      ROUNDS,
    );
    console.log(`backend termination, in process, seed ${SEED}: ${JSON.stringify(tally)}`);
    // That the chaos landed at all: whether a kill finds its backend still working is the
    // machine's timing (11 to 13 of 24 here), so the floor is a quarter, not a half.
    expect(tally.roundsWithTermination).toBeGreaterThanOrEqual(ROUNDS / 4);
    expect(tally.unavailable).toBeGreaterThan(0);
  });
});
