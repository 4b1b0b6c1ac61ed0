/**
 * Test support for the backend-termination suites (PostgreSQL only): a seeded random source,
 * a schema per test whose connections carry an application name of their own, and an admin
 * connection that ends those connections' backends as a restart or a failover would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** mulberry32: a small seeded generator, so a failing schedule can be replayed from its seed. */
export function seededRandom(seed: number): { next(): number; int(max: number): number } {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (max) => Math.floor(next() * max) };
}

/** The seed of a run: FLOWLINE_CHAOS_SEED replays another one. */
export function chaosSeed(fallback: number): number {
  const text = process.env.FLOWLINE_CHAOS_SEED;
  if (text === undefined || text === '') return fallback;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FLOWLINE_CHAOS_SEED must be an integer, got "${text}"`);
  return seed;
}

export interface Terminator {
  /** A new empty schema; `url(schema, name)` then reaches it under that application name. */
  schema(prefix: string): Promise<string>;
  url(schema: string, applicationName: string): string;
  /**
   * Ends the backends of these application names (`busy`: only those running a statement or
   * inside a transaction) and waits for each to exit; returns how many it ended.
   */
  terminate(applicationNames: readonly string[], busy: boolean): Promise<number>;
  /** The first column of the first row of `sql`, as the admin. */
  scalar<T>(sql: string, values?: readonly unknown[]): Promise<T>;
  /** Drops every schema made here and closes the admin connection. */
  close(): Promise<void>;
}

export async function terminator(base: string): Promise<Terminator> {
  const adminUrl = new URL(base);
  adminUrl.searchParams.set('application_name', 'flowline-test-admin');
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const made: string[] = [];
  return {
    async schema(prefix) {
      const name = `${prefix}_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE SCHEMA ${name}`);
      made.push(name);
      return name;
    },
    url(schema, applicationName) {
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      url.searchParams.set('application_name', applicationName);
      return url.toString();
    },
    async terminate(applicationNames, busy) {
      // The victims are chosen first (MATERIALIZED): in one WHERE clause the planner may call
      // pg_terminate_backend before the filters, on every session of the cluster.
      const result = await admin.query<{ ended: number }>(
        `WITH victims AS MATERIALIZED (
           SELECT pid FROM pg_stat_activity
           WHERE application_name = ANY($1) AND pid <> pg_backend_pid()
             AND (NOT $2 OR state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')))
         SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000))::int AS ended FROM victims`,
        [applicationNames, busy],
      );
      return result.rows[0]?.ended ?? 0;
    },
    async scalar<T>(sql: string, values: readonly unknown[] = []) {
      const result = await admin.query({
        text: sql,
        values: values as unknown[],
        rowMode: 'array',
      });
      return (result.rows[0] as unknown[] | undefined)?.[0] as T;
    },
    async close() {
      for (const name of made) await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.end();
    },
  };
}

/** Resolves after `ms` of the event loop's timers. */
export const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Terminates at a random point of `operation`: after `delayMs`, either every backend of the
 * names at once, or (busy) the ones mid-statement or mid-transaction, polled until one is found
 * or the operation has settled. Returns the operation's result and how many backends ended.
 */
export async function terminateDuring<T>(
  killer: Terminator,
  names: readonly string[],
  plan: { delayMs: number; busy: boolean },
  operation: Promise<T>,
): Promise<{ result: T; ended: number }> {
  let settled = false;
  // Settled into a value at once, so a rejection during the pause is not reported as unhandled.
  const watched = operation.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  void watched.then(() => {
    settled = true;
  });
  await pause(plan.delayMs);
  let ended = await killer.terminate(names, plan.busy);
  while (plan.busy && ended === 0 && !settled) ended = await killer.terminate(names, true);
  const outcome = await watched;
  if (!outcome.ok) throw outcome.error;
  return { result: outcome.value, ended };
}
