import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreErrorOf } from '../testing/core-error.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/** connections-*: against our real server, plus an HTML page where the API should be. */

let demo: DemoServer;
let other: DemoServer;
let harness: CoreHarness;
let htmlUrl: string;
let closeHtml: () => Promise<void>;

beforeAll(async () => {
  [demo, other] = await Promise.all([
    startDemoServer({ wellCounts: [2, 1, 0] }),
    startDemoServer({ wellCounts: [1] }),
  ]);
  harness = await startCore(demo);
  const html = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Welcome to nginx!</title>');
  });
  await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
  htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
  closeHtml = () => new Promise((resolve) => html.close(() => resolve()));
});

afterAll(async () => {
  await harness.close();
  await Promise.all([demo.close(), other.close(), closeHtml()]);
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('connections', () => {
  it('starts on the demo workspace the host handed over, and lists no token', async () => {
    const { connections, secretStorage } = await harness.core.handlers['connections-list']({});
    expect(connections).toEqual([
      expect.objectContaining({
        name: 'Demo workspace',
        baseUrl: demo.baseUrl,
        kind: 'demo',
        isCurrent: true,
        hasToken: true,
      }),
    ]);
    expect(JSON.stringify(connections)).not.toContain(demo.token);
    expect(secretStorage).toEqual({
      encrypted: false,
      warning: expect.stringMatching(/without encryption/),
    });
  });

  it('reports each thing a user can get wrong, in one call each', async () => {
    const test = harness.core.handlers['connections-test'];
    expect(
      await test({ baseUrl: other.baseUrl.replace('/api/v1', ''), token: other.token }),
    ).toEqual({
      ok: true,
      baseUrl: other.baseUrl,
      projectCount: 1,
      latencyMs: expect.any(Number),
    });
    const problem = async (baseUrl: string, token: string) => {
      const result = await test({ baseUrl, token });
      return result.ok ? 'ok' : `${result.problem} ${result.status ?? ''}`.trim();
    };
    const forbiddenToken = other.tokenFor('bob', ['read:wells']);
    expect(await problem('not a url', other.token)).toBe('bad-url');
    expect(await problem('http://flowline.example.com/api/v1', other.token)).toBe('https-required');
    expect(await problem(`http://127.0.0.1:${await unusedPort()}`, other.token)).toBe(
      'unreachable',
    );
    expect(await problem(other.baseUrl, 'flw_wrong')).toBe('unauthorized 401');
    expect(await problem(other.baseUrl, forbiddenToken)).toBe('forbidden 403');
    expect(await problem(htmlUrl, other.token)).toBe('not-the-api 200');
    const html = await test({ baseUrl: htmlUrl, token: 't' });
    expect(!html.ok && html.message).toMatch(
      /not as the Production Data API does \(HTTP 200\).*text\/html/,
    );
    // Exactly one request per test.
    const before = harness.requests.length;
    await test({ baseUrl: other.baseUrl, token: other.token });
    expect(harness.requests.slice(before)).toEqual(['GET /api/v1/projects?limit=1']);
  });

  it('adds a connection only when its test passes, and never stores a broken one', async () => {
    const add = harness.core.handlers['connections-add'];
    const wrongToken = await coreErrorOf(
      add({ name: 'Acme', baseUrl: other.baseUrl, token: 'flw_nope' }),
    );
    expect(wrongToken.toJSON()).toMatchObject({ type: 'unauthorized', details: { status: 401 } });
    const insecure = await coreErrorOf(
      add({ name: 'Acme', baseUrl: 'http://acme.example.com', token: 't' }),
    );
    expect(insecure.toJSON()).toMatchObject({
      type: 'validation',
      details: {
        issues: [{ path: 'baseUrl', message: expect.stringMatching(/HTTPS is required/) }],
      },
    });
    expect((await harness.core.handlers['connections-list']({})).connections).toHaveLength(1);

    const added = await add({ name: 'Acme', baseUrl: other.baseUrl, token: ` ${other.token}\n` });
    expect(added).toMatchObject({
      name: 'Acme',
      kind: 'organisation',
      isCurrent: true,
      hasToken: true,
    });
    expect(await harness.secrets.get(added.id)).toBe(other.token); // trimmed
    const projects = await harness.core.handlers['projects-list']({});
    expect(projects.data.map((project) => project.name)).toEqual(['Permian Delaware Basin']);
    expect(harness.events).toContainEqual({ connectionId: added.id, kind: 'connections' });
  });

  it('tests a saved connection by id, switches, and keeps each connection’s data apart', async () => {
    const { connections } = await harness.core.handlers['connections-list']({});
    const [demoConnection, acme] = connections;
    expect(
      await harness.core.handlers['connections-test']({ connectionId: acme!.id }),
    ).toMatchObject({ ok: true });
    await harness.core.handlers['connections-switch']({ connectionId: demoConnection!.id });
    const demoProjects = await harness.core.handlers['projects-list']({});
    expect(demoProjects.data).toHaveLength(3);
    const acmeProjects = await harness.core.handlers['projects-list']({ connectionId: acme!.id });
    expect(acmeProjects).toMatchObject({ source: 'cache' });
    expect(acmeProjects.data).toHaveLength(1);
    expect(
      await coreErrorOf(harness.core.handlers['connections-switch']({ connectionId: 'con_gone' })),
    ).toMatchObject({
      type: 'not-found',
    });
  });

  it('removes a connection with its cached data and token, but not while edits are unsynced', async () => {
    const { connections } = await harness.core.handlers['connections-list']({});
    const acme = connections.find((connection) => connection.name === 'Acme')!;
    await harness.core.handlers['connections-switch']({ connectionId: acme.id });
    await harness.core.handlers['wells-list']({
      projectId: (await harness.core.handlers['projects-list']({})).data[0]!.id,
    });

    // An unsynced edit, as the sync half will queue them.
    const db = new Database(join(harness.dataDir, 'cache.db'));
    db.prepare(
      `INSERT INTO outbox (connection_id, project_id, well_id, kind, payload, created_at, updated_at)
       VALUES (?, 'p', 'w', 'update-well', '{}', 'x', 'x')`,
    ).run(acme.id);
    const count = (table: string) =>
      db.prepare(`SELECT COUNT(*) FROM ${table} WHERE connection_id = ?`).pluck().get(acme.id);
    expect(count('wells')).toBeGreaterThan(0);

    const refused = await coreErrorOf(
      harness.core.handlers['connections-remove']({ connectionId: acme.id }),
    );
    expect(refused.toJSON()).toMatchObject({
      type: 'conflict',
      message: expect.stringMatching(/1 change the server has not received/),
    });
    expect(count('projects')).toBe(1);

    const removed = await harness.core.handlers['connections-remove']({
      connectionId: acme.id,
      discardUnsyncedChanges: true,
    });
    expect(removed).toEqual({ removedId: acme.id, currentId: connections[0]!.id });
    for (const table of ['projects', 'wells', 'outbox', 'production', 'coverage'])
      expect(count(table), table).toBe(0);
    expect(await harness.secrets.get(acme.id)).toBeNull();
    db.close();
  });

  it('keeps the demo connection (and its cache) across launches when the host’s port changes', async () => {
    const before = (await harness.core.handlers['connections-list']({})).connections;
    await harness.reopen({
      defaultConnection: {
        name: 'Demo workspace',
        baseUrl: 'http://127.0.0.1:9/api/v1',
        token: 'flw_next',
      },
    });
    const after = (await harness.core.handlers['connections-list']({})).connections;
    expect(after).toEqual([{ ...before[0], baseUrl: 'http://127.0.0.1:9/api/v1' }]);
    expect(await harness.secrets.get(after[0]!.id)).toBe('flw_next');
    const cached = await harness.core.handlers['projects-list']({});
    expect(cached).toMatchObject({ source: 'cache' });
    expect(cached.data).toHaveLength(3);
  });
});
