/**
 * SIGTERM lets requests already in flight finish (their writes committed and
 * acknowledged), refuses new work, then closes the database and exits 0.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawJsonPost } from './testing/raw-request.js';
import {
  api,
  createTokenCli,
  createWell,
  dailyRecords,
  killAllChildren,
  projectAndWell,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

const RECORDS = 10_000;

/** Resolves once `read()` matches `pattern` (polling the captured output). */
async function waitFor(read: () => string, pattern: RegExp, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(read())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${pattern}; output:\n${read()}`);
    await new Promise((wait) => setTimeout(wait, 10));
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('graceful shutdown on SIGTERM', () => {
  const temp = tempDir();
  afterEach(killAllChildren);
  afterAll(() => temp.cleanup());

  it('finishes in-flight 10,000-record POSTs with 200, refuses new requests, exits 0 with the data committed', async () => {
    const file = join(temp.dir, 'server.db');
    const token = await createTokenCli(file, 'shutdown-user', ['--plan', 'enterprise']);
    // Info-level request logs tell us when the server has started each request.
    const server: ServerProcess = await startServe([
      '--db',
      file,
      '--port',
      '0',
      '--log-level',
      'info',
    ]);
    const { projectId, wellId } = await projectAndWell(server, token, 'Shutdown well A');
    const secondWellId = await createWell(server, token, projectId, 'Shutdown well B');
    const body = JSON.stringify({ records: dailyRecords(RECORDS) });
    const path = (id: string) => `/api/v1/projects/${projectId}/wells/${id}/production`;

    // Two POSTs, each with its headers and half its body sent: in flight for sure.
    const posts = [wellId, secondWellId].map((id) =>
      rawJsonPost(`${server.origin}${path(id)}`, token, body),
    );
    await Promise.all(posts.map((post) => post.writePart(0.5)));
    for (const id of [wellId, secondWellId]) {
      await waitFor(
        server.stdout,
        new RegExp(`"url":"${escape(path(id))}"[^\\n]*"incoming request"`),
      );
    }

    server.signal('SIGTERM');
    await waitFor(server.stderr, /SIGTERM: finishing in-flight requests/);
    await new Promise((wait) => setTimeout(wait, 100));

    // New work is refused while the in-flight requests are still uploading.
    const late = await api(server, token, 'GET', '/projects').catch((error: Error) => error);
    if (!(late instanceof Error)) {
      expect(late.status).toBe(503);
      expect(late.json).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    }
    expect(server.child.exitCode).toBeNull();

    await Promise.all(posts.map((post) => post.finish()));
    const outcomes = await Promise.all(posts.map((post) => post.outcome));
    for (const outcome of outcomes) {
      if (outcome instanceof Error)
        throw new Error(`in-flight POST failed during shutdown: ${outcome.message}`);
      expect(outcome.status, outcome.body).toBe(200);
      expect(JSON.parse(outcome.body)).toEqual({ inserted: RECORDS, updated: 0, total: RECORDS });
    }

    const exit = await Promise.race([
      server.exited,
      new Promise<'hung'>((done) => setTimeout(() => done('hung'), 15_000)),
    ]);
    expect(exit, `server did not exit after SIGTERM; stderr:\n${server.stderr()}`).toEqual({
      code: 0,
      signal: null,
    });

    const db = new Database(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const count = db
        .prepare(
          'SELECT count(*) FROM production p JOIN wells w ON w.seq = p.well_seq WHERE w.id = ?',
        )
        .pluck();
      expect(count.get(wellId)).toBe(RECORDS);
      expect(count.get(secondWellId)).toBe(RECORDS);
    } finally {
      db.close();
    }
  }, 60_000);
});
