import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  api,
  killAllChildren,
  lastLine,
  runCli,
  startServe,
} from '../../process-tests/testing/spawn-server.js';
import { errorOf } from '../../testing/harness.js';
import type { Store } from '../store.js';
import { openPostgresStore } from './postgres-store.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): what several instances on one database share, the CLI
 * on a URL, and the 503 when the database cannot be reached.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';
let admin: pg.Client;
let url: string;
let schema: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
});
afterAll(async () => admin.end());

/** A fresh schema per test, named in the URL, so the CLI and every store see the same tables. */
async function freshDatabaseUrl(): Promise<string> {
  schema = `srv_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(BASE);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

const opened: Array<{ app: FastifyInstance; store: Store }> = [];
/** One clock for every instance, held still: buckets refill only when a test moves it. */
const FIXED_NOW = () => new Date('2030-01-01T00:00:00Z');

async function instance(databaseUrl: string, rateLimit = false) {
  const store = await openPostgresStore(databaseUrl);
  const app = await buildApp({ store, rateLimit, now: FIXED_NOW });
  await app.ready();
  opened.push({ app, store });
  return { app, store };
}

afterEach(async () => {
  await killAllChildren();
  for (const { app, store } of opened.splice(0)) {
    await app.close();
    await store.close();
  }
  if (schema) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

const get = (app: FastifyInstance, token: string, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('two instances on one PostgreSQL database', () => {
  it('share rate-limit buckets, cursors and revocations', async () => {
    url = await freshDatabaseUrl();
    const a = await instance(url, true);
    const b = await instance(url, true);
    const token = await a.store.tokens.create({
      user: 'sam',
      scopes: ['read:projects', 'write:projects'],
      plan: 'standard',
    });
    for (let i = 0; i < 3; i++) {
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { name: `P${i}` },
      });
      expect(created.statusCode).toBe(201);
    }
    // A cursor one instance issued reads the next page on the other.
    const first = await get(a.app, token, '/api/v1/projects?limit=2');
    const next = await get(
      b.app,
      token,
      `/api/v1/projects?limit=2&cursor=${first.json().nextCursor}`,
    );
    expect(next.statusCode).toBe(200);
    const names = (response: typeof first) =>
      response.json().data.map((project: { name: string }) => project.name) as string[];
    expect(names(first)).toHaveLength(2);
    expect([...names(first), ...names(next)].sort()).toEqual(['P0', 'P1', 'P2']);
    // Standard: a burst of 120 in all, whichever instance counts it.
    expect(next.headers['x-ratelimit-remaining']).toBe(String(120 - 5));
    for (let i = 0; i < 115; i++) {
      const response = await get(i % 2 ? a.app : b.app, token, '/api/v1/projects');
      expect(response.statusCode).toBe(200);
    }
    const refused = await get(b.app, token, '/api/v1/projects');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await get(a.app, token, '/api/v1/projects')).statusCode).toBe(429);
    // A revoke through one instance is refused by the other on its next request.
    const other = await a.store.tokens.create({ user: 'ann', scopes: ['read:projects'] });
    expect((await get(b.app, other, '/api/v1/projects')).statusCode).toBe(200);
    expect(await a.store.tokens.revoke(other)).toBe(true);
    const revoked = await get(b.app, other, '/api/v1/projects');
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked).message).toMatch(/revoked/);
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 UNAVAILABLE with Retry-After, and recovers when it is back', async () => {
    url = await freshDatabaseUrl();
    const proxy = await tcpProxy(new URL(BASE));
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const { app, store } = await instance(viaProxy.toString());
    const token = await store.tokens.create({ user: 'alice', scopes: ['read:projects'] });
    expect((await get(app, token, '/api/v1/projects')).statusCode).toBe(200);

    await proxy.close();
    for (const path of ['/api/v1/projects', '/healthz']) {
      const response = await get(app, token, path);
      expect(response.statusCode, path).toBe(503);
      expect(errorOf(response).code).toBe('UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
    }

    await proxy.reopen();
    expect((await get(app, token, '/api/v1/projects')).statusCode).toBe(200);
  });
});

describe('the CLI on a PostgreSQL URL', () => {
  it('migrates, issues and revokes tokens, and serves', async () => {
    url = await freshDatabaseUrl();
    const migrated = await runCli(['migrate', '--db', url]);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toMatch(/Applied migrations 1, 2, 3/);
    const again = await runCli(['migrate', '--db', url]);
    expect(again.stderr).toMatch(/is up to date/);

    const created = await runCli(['token', 'create', '--db', url, '--user', 'alice']);
    expect(created.code, created.stderr).toBe(0);
    const token = lastLine(created.stdout);
    const server = await startServe(['--db', url, '--port', '0']);
    expect((await api(server, token, 'GET', '/projects')).status).toBe(200);
    const revoked = await runCli(['token', 'revoke', '--db', url, '--token', token]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await api(server, token, 'GET', '/projects')).status).toBe(401);
  }, 60_000);
});

/** Forwards a local port to the database; close() cuts every connection, reopen() listens again. */
async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        server!.close(() => resolve());
      }),
    reopen: listen,
  };
}
