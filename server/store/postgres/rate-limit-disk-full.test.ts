import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { SHARED_RETRY_MS } from '../../rate-limit/fail-open-buckets.js';
import type { Store } from '../store.js';
import { openPostgresStore } from './postgres-store.js';
import { terminator, type Terminator } from './terminate-backends.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): every request writes its rate-limit bucket, so a full
 * disk would fail reads and /healthz too. A trigger makes each bucket write fail as a full disk
 * does (SQLSTATE 53100, disk_full); limiting then fails open to each instance's memory, says so
 * once, and goes back to the shared buckets once they are written again.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';

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

/** One clock for both instances, moved only by the test. */
let nowMs = Date.parse('2030-01-01T00:00:00Z');
const now = () => new Date(nowMs);

async function instance(url: string) {
  const messages: string[] = [];
  const store = await openPostgresStore(url);
  const app = await buildApp({
    store,
    now,
    logger: {
      level: 'info',
      stream: { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) },
    },
  });
  await app.ready();
  opened.push({ app, store });
  const notes = (pattern: RegExp) => messages.filter((message) => pattern.test(message)).length;
  return { app, store, notes };
}

describe('rate limiting on PostgreSQL with a full disk', () => {
  it('keeps reads and /healthz serving, counting in memory, and goes back when writes succeed', async () => {
    const schema = await killer.schema('diskfull');
    const url = killer.url(schema, `${schema}_app`);
    const a = await instance(url);
    const b = await instance(url);
    const token = await a.store.tokens.create({ user: 'reader', scopes: ['read:projects'] });
    const read = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/projects',
        headers: { authorization: `Bearer ${token}` },
      });
    const remaining = (response: Awaited<ReturnType<typeof read>>) =>
      Number(response.headers['x-ratelimit-remaining']);

    // Shared: one budget of 120 (Standard) across both instances.
    expect(remaining(await read(a.app))).toBe(119);
    expect(remaining(await read(b.app))).toBe(118);

    await killer.scalar(`CREATE FUNCTION ${schema}.disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
      END $$`);
    await killer.scalar(`CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE OR DELETE
      ON ${schema}.rate_limit_buckets FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.disk_full()`);

    const failing = /shared rate-limit buckets cannot be written/;
    for (let i = 0; i < 10; i++) {
      for (const { app } of [a, b]) {
        expect((await read(app)).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
    }
    expect([a.notes(failing), b.notes(failing)]).toEqual([1, 1]);

    // Each instance now counts on its own, from a full bucket, and still refuses past it.
    let last = await read(a.app);
    expect(remaining(last)).toBe(109);
    for (let i = 0; i < 109; i++) last = await read(a.app);
    expect(remaining(last)).toBe(0);
    const refused = await read(a.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(remaining(await read(b.app))).toBe(109);
    // Nothing the failing writes tried was kept: only the token's bucket from before.
    expect(await killer.scalar(`SELECT count(*)::int FROM ${schema}.rate_limit_buckets`)).toBe(1);

    // Space again: after the retry window each instance writes the shared buckets again.
    await killer.scalar(`DROP TRIGGER disk_full ON ${schema}.rate_limit_buckets`);
    nowMs += SHARED_RETRY_MS;
    const back = /buckets are written again/;
    const first = remaining(await read(a.app));
    expect(remaining(await read(b.app))).toBe(first - 1);
    expect(remaining(await read(a.app))).toBe(first - 2);
    expect([a.notes(back), b.notes(back), a.notes(failing), b.notes(failing)]).toEqual([
      1, 1, 1, 1,
    ]);
  });
});
