/**
 * `serve --demo` keeps one demo token valid: each start revokes the token the
 * previous start printed and prints a new one, instead of leaving one more
 * never-expiring enterprise token behind at every start. Tokens made by hand are not
 * touched, except that the first start revokes the demo user's tokens that earlier
 * versions left behind without a record of which was the demo's.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.js';
import {
  api,
  createTokenCli,
  killAllChildren,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

const DEMO_TOKEN = /Demo token \(shown once\): (flw_[A-Za-z0-9_-]+)/;

/** Starts `serve --demo` and returns the token it prints. */
async function startDemo(db: string): Promise<{ server: ServerProcess; token: string }> {
  const server = await startServe(['--demo', '--db', db, '--port', '0', '--log-level', 'warn']);
  const deadline = Date.now() + 15_000;
  while (!DEMO_TOKEN.test(server.stdout())) {
    if (Date.now() > deadline) throw new Error(`no demo token printed:\n${server.stdout()}`);
    await new Promise((wait) => setTimeout(wait, 20));
  }
  return { server, token: DEMO_TOKEN.exec(server.stdout())?.[1] as string };
}

async function stop(server: ServerProcess): Promise<void> {
  server.signal('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

function liveDemoTokens(db: string): number {
  const handle = new Database(db, { readonly: true });
  try {
    return handle
      .prepare(
        `SELECT count(*) FROM tokens t JOIN users u ON u.id = t.user_id
         WHERE u.name = 'demo' AND t.revoked_at IS NULL`,
      )
      .pluck()
      .get() as number;
  } finally {
    handle.close();
  }
}

describe('serve --demo', () => {
  const temp = tempDir();
  afterEach(killAllChildren);
  afterAll(() => temp.cleanup());

  it('revokes the previous demo token at every start, so only the newest one works', async () => {
    const db = join(temp.dir, 'demo.db');
    // A database that already holds a project is not seeded again: the test skips
    // generating the million demo records, which has nothing to do with tokens.
    const setup = openDatabase(db);
    setup
      .prepare(
        `INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
         VALUES ('prj_existing', 'Existing', '', 'UTC', 'imperial', ?, ?)`,
      )
      .run(new Date().toISOString(), new Date().toISOString());
    setup.close();
    const other = await createTokenCli(db, 'alice');
    // As a version that kept no record of its demo token would have left it.
    const leftBehind = await createTokenCli(db, 'demo', ['--plan', 'enterprise']);

    const first = await startDemo(db);
    expect((await api(first.server, first.token, 'GET', '/projects')).status).toBe(200);
    expect((await api(first.server, leftBehind, 'GET', '/projects')).status).toBe(401);
    await stop(first.server);
    // A token made by hand for the demo user, e.g. for a script.
    const byHand = await createTokenCli(db, 'demo');

    const second = await startDemo(db);
    expect(second.token).not.toBe(first.token);
    expect((await api(second.server, second.token, 'GET', '/projects')).status).toBe(200);
    const old = await api(second.server, first.token, 'GET', '/projects');
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ error: { code: 'UNAUTHORIZED', message: /revoked/ } });
    expect((await api(second.server, other, 'GET', '/projects')).status).toBe(200);
    expect((await api(second.server, byHand, 'GET', '/projects')).status).toBe(200);
    // The second start's token and the one made by hand.
    expect(liveDemoTokens(db)).toBe(2);
    await stop(second.server);
  }, 60_000);
});
