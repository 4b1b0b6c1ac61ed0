/**
 * The server CLI's token commands, run as real processes against the same
 * database file a running server uses: issued, scoped, expired and revoked
 * tokens take effect without a restart, and bad arguments are refused.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTokenCli,
  killAllChildren,
  lastLine,
  runCli,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

const TOKEN_LINE = /^flw_[A-Za-z0-9_-]{20,}$/;

describe('server CLI: token create / token revoke', () => {
  const temp = tempDir();
  const db = join(temp.dir, 'server.db');
  let server: ServerProcess;

  beforeAll(async () => {
    // The first token creates the database; the server then runs on the same file.
    await createTokenCli(db, 'first-user');
    server = await startServe(['--db', db, '--port', '0', '--log-level', 'warn']);
  }, 60_000);

  afterAll(async () => {
    await killAllChildren();
    temp.cleanup();
  });

  const tokenCount = () => {
    const handle = new Database(db, { readonly: true });
    try {
      return handle.prepare('SELECT count(*) FROM tokens').pluck().get() as number;
    } finally {
      handle.close();
    }
  };

  it('prints the token alone on the last stdout line, and it works at once on the running server', async () => {
    const result = await runCli([
      'token',
      'create',
      '--db',
      db,
      '--user',
      'alice',
      '--plan',
      'professional',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const token = lastLine(result.stdout);
    expect(token).toMatch(TOKEN_LINE);
    expect(result.stderr).not.toContain(token);
    // A user with nothing yet is told why the workspace is empty, and whose the demo is.
    expect(result.stderr).toMatch(/alice has no projects in this database\..*"demo"/s);

    const list = await api(server, token, 'GET', '/projects');
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ data: [], nextCursor: null, total: 0 });
    // Default scopes include write:projects.
    const created = await api(server, token, 'POST', '/projects', { name: 'Alice project' });
    expect(created.status).toBe(201);

    // Once alice has a project, her next token comes without the note.
    const again = await runCli(['token', 'create', '--db', db, '--user', 'alice']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/no projects/);
  }, 30_000);

  it('honours --scopes: read:projects may list but not create; admin may do both', async () => {
    const [reader, admin] = await Promise.all([
      createTokenCli(db, 'reader', ['--scopes', 'read:projects']),
      createTokenCli(db, 'root', ['--scopes', 'admin']),
    ]);

    expect((await api(server, reader, 'GET', '/projects')).status).toBe(200);
    const refused = await api(server, reader, 'POST', '/projects', { name: 'Not allowed' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: 'FORBIDDEN' } });

    const allowed = await api(server, admin, 'POST', '/projects', { name: 'Admin project' });
    expect(allowed.status).toBe(201);
    // admin sees every project, including Alice's from the previous test.
    const all = await api(server, admin, 'GET', '/projects');
    expect(all.status).toBe(200);
    expect((all.json as { total: number }).total).toBeGreaterThanOrEqual(1);
  }, 30_000);

  // Concurrent with each other only: none of them may create a token.
  it.concurrent.for([
    {
      name: 'an unknown scope',
      args: ['--user', 'x', '--scopes', 'nope'],
      mentions: ['--scopes', 'nope'],
    },
    {
      name: 'an unknown plan',
      args: ['--user', 'x', '--plan', 'gold'],
      mentions: ['--plan', 'gold'],
    },
    {
      name: 'an impossible date',
      args: ['--user', 'x', '--expires', '2024-02-30'],
      mentions: ['--expires', '2024-02-30'],
    },
    { name: 'no --user', args: ['--plan', 'standard'], mentions: ['--user'] },
  ])(
    'refuses $name with exit code 2, a clear message and no token',
    { timeout: 30_000 },
    async ({ args, mentions }, { expect }) => {
      const before = tokenCount();
      const result = await runCli(['token', 'create', '--db', db, ...args]);
      expect(result.code, result.stderr).toBe(2);
      const firstLine = result.stderr.split('\n').find((line) => line.trim() !== '') ?? '';
      for (const text of mentions) expect(firstLine).toContain(text);
      expect(result.stdout).not.toMatch(/flw_/);
      expect(tokenCount()).toBe(before);
    },
  );

  it('issues a token with --expires in the past that the server refuses with 401', async () => {
    const [expired, future] = await Promise.all([
      createTokenCli(db, 'late', ['--expires', '2020-01-01']),
      createTokenCli(db, 'early', ['--expires', '2999-12-31']),
    ]);
    const refused = await api(server, expired, 'GET', '/projects');
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await api(server, future, 'GET', '/projects')).status).toBe(200);
  }, 30_000);

  it('token revoke takes effect on the running server without a restart', async () => {
    const token = await createTokenCli(db, 'leaver');
    expect((await api(server, token, 'GET', '/projects')).status).toBe(200);

    const revoked = await runCli(['token', 'revoke', '--db', db, '--token', token]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).not.toContain(token);

    const refused = await api(server, token, 'GET', '/projects');
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect(server.child.exitCode).toBeNull();
  }, 30_000);

  it('token revoke of an unknown token exits 1 with a message', async () => {
    const result = await runCli([
      'token',
      'revoke',
      '--db',
      db,
      '--token',
      'flw_thisTokenWasNeverIssuedByThisServer0000',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no such token/i);
  }, 30_000);
});
