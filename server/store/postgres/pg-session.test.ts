import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store-unavailable.js';
import { createPool, PgDatabase } from './pg-session.js';
import { terminator, type Terminator } from './terminate-backends.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): what the pool does with a connection whose backend
 * ends, checked out or idle. An 'error' event nobody hears would fail this file with an
 * uncaught exception.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';

let killer: Terminator;
const pools: PgDatabase[] = [];
beforeAll(async () => {
  killer = await terminator(BASE);
});
afterAll(async () => {
  for (const db of pools) await db.pool.end();
  await killer.close();
});

async function database(applicationName?: string): Promise<PgDatabase> {
  const schema = await killer.schema('session');
  const db = new PgDatabase(
    createPool(applicationName ? killer.url(schema, applicationName) : BASE),
  );
  pools.push(db);
  return db;
}

const terminate = (pid: number) =>
  killer.scalar<boolean>('SELECT pg_terminate_backend($1, 5000)', [pid]);

describe('a PostgreSQL connection whose backend ends', () => {
  it('mid-transaction, between statements: the transaction fails as unavailable and its connection is dropped', async () => {
    const db = await database('session_tx');
    // The pool is new, so the first connection it opens is the transaction's.
    const opened = new Promise<{ once(event: 'end', done: () => void): void }>((done) =>
      db.pool.once('connect', done),
    );
    let first = 0;
    const failed = db.transaction(async (tx) => {
      first = (await tx.scalar<number>('SELECT pg_backend_pid()')) as number;
      const client = await opened;
      const ended = new Promise<void>((done) => client.once('end', done));
      expect(await terminate(first)).toBe(true);
      // The backend's goodbye reaches the client while no statement is running on it.
      await ended;
      await tx.run('SELECT 1');
    });
    await expect(failed).rejects.toBeInstanceOf(StoreUnavailableError);
    const second = await db.transaction((tx) => tx.scalar<number>('SELECT pg_backend_pid()'));
    expect(second).not.toBe(first);
    expect(db.pool.totalCount).toBe(1);
  });

  it('mid-statement: the statement fails as unavailable and the next one runs on a new backend', async () => {
    const db = await database('session_stmt');
    const first = (await db.scalar<number>('SELECT pg_backend_pid()')) as number;
    // Its outcome held as a value at once: it fails while the loop below is still waiting.
    const slow = db
      .transaction((tx) => tx.run('SELECT pg_sleep(30)'))
      .then(
        () => 'finished',
        (error: unknown) => error,
      );
    let ended = 0;
    while (ended === 0) ended = await killer.terminate(['session_stmt'], true);
    expect(await slow).toBeInstanceOf(StoreUnavailableError);
    expect(await db.scalar<number>('SELECT pg_backend_pid()')).not.toBe(first);
  });

  it('while idle in the pool: the pool drops it and the next query opens a new one', async () => {
    const db = await database('session_idle');
    const first = (await db.scalar<number>('SELECT pg_backend_pid()')) as number;
    const removed = new Promise((done) => db.pool.once('remove', done));
    expect(await terminate(first)).toBe(true);
    await removed;
    expect(await db.scalar<number>('SELECT pg_backend_pid()')).not.toBe(first);
  });
});

describe('the application name', () => {
  it('is flowline-server unless the URL names one', async () => {
    const plain = await database();
    expect(await plain.scalar("SELECT current_setting('application_name')")).toBe(
      'flowline-server',
    );
    const named = await database('reporting_replica');
    expect(await named.scalar("SELECT current_setting('application_name')")).toBe(
      'reporting_replica',
    );
  });
});
