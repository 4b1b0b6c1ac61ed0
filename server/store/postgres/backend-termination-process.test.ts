import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTokenCli,
  killAllChildren,
  runCli,
  startServe,
  type ServerProcess,
} from '../../process-tests/testing/spawn-server.js';
import { chaosSeed, terminator, type Terminator } from './terminate-backends.js';
import { runRounds, type Answer, type Instance } from './termination-rounds.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): the rounds of backend-termination.test.ts against two
 * spawned `serve` processes, so "the process did not exit" is observed, not inferred, and
 * `migrate` runs as the CLI command. FLOWLINE_CHAOS_SEED replays another schedule.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';
const SEED = chaosSeed(7_340_911);
const ROUNDS = 24;

let killer: Terminator;
beforeAll(async () => {
  killer = await terminator(BASE);
});
afterEach(killAllChildren);
afterAll(async () => killer.close());

function instance(server: ServerProcess, name: string, token: string): Instance {
  return {
    name,
    async request(method, path, body): Promise<Answer> {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body?.csv !== undefined) headers['content-type'] = 'text/csv';
      if (body?.json !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(`${server.origin}${path}`, {
          method,
          headers,
          body: body?.csv ?? (body?.json === undefined ? undefined : JSON.stringify(body.json)),
        });
      } catch (error) {
        // No answer at all (the process is gone, or cut the connection): a status no check accepts.
        const exit = server.child.exitCode ?? server.child.signalCode ?? 'none yet';
        const last = server.stderr().trim().split('\n').slice(-3).join(' | ');
        return {
          status: 0,
          code: `no answer (${(error as Error).message}; exit ${exit}; ${last})`,
        };
      }
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('json')
        ? (JSON.parse(text) as { error?: { code?: string } })
        : undefined;
      return {
        status: response.status,
        json,
        code: json?.error?.code,
        retryAfter: response.headers.get('retry-after'),
      };
    },
  };
}

async function migrate(url: string) {
  const result = await runCli(['migrate', '--db', url]);
  if (result.code === 0) return { ok: true as const };
  // A failed migrate says why on one line; a crash would print a stack and another exit path.
  expect(result.stderr).not.toMatch(/Unhandled 'error' event|node:events/);
  return { ok: false as const, message: result.stderr.trim() };
}

describe('PostgreSQL backends terminated mid-request, two spawned serve processes', () => {
  it('keeps both processes running and answering, each write all or nothing', async () => {
    const schema = await killer.schema('chaos_proc');
    const url = (name: string) => killer.url(schema, `${schema}_${name}`);
    const token = await createTokenCli(url('cli'), 'chaos', ['--plan', 'enterprise']);
    const a = await startServe(['--db', url('a'), '--port', '0']);
    const b = await startServe(['--db', url('b'), '--port', '0']);
    const reference = await killer.schema('chaos_ref');
    const migrated = await runCli(['migrate', '--db', killer.url(reference, `${reference}_ref`)]);
    expect(migrated.code, migrated.stderr).toBe(0);
    const migratedTables = await killer.scalar<number>(
      'SELECT count(*)::int FROM pg_tables WHERE schemaname = $1',
      [reference],
    );

    const tally = await runRounds(
      {
        killer,
        instances: [instance(a, `${schema}_a`, token), instance(b, `${schema}_b`, token)],
        schema,
        migrate,
        migratedTables,
      },
      SEED,
      ROUNDS,
    );
    console.log(`backend termination, spawned serve, seed ${SEED}: ${JSON.stringify(tally)}`);
    for (const server of [a, b]) {
      expect(server.child.exitCode, server.stderr()).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(server.stderr()).not.toMatch(
        /Unhandled 'error' event|Connection terminated unexpectedly\n\s+at /,
      );
    }
    // That the chaos landed at all: whether a kill finds its backend still working is the
    // machine's timing (11 to 13 of 24 here), so the floor is a quarter, not a half.
    expect(tally.roundsWithTermination).toBeGreaterThanOrEqual(ROUNDS / 4);
    expect(tally.unavailable).toBeGreaterThan(0);
  }, 300_000);
});
