import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { DEFAULT_SCOPES, type Plan, type Scope } from '../auth/scopes.js';
import { openDatabase, type Db } from '../store/database.js';
import { sqliteStore } from '../store/sqlite-store.js';
import type { Store } from '../store/store.js';
import { testEngine, openTestPostgresStore } from './test-engine.js';

/**
 * Test support: a real app on a fresh database, with tokens for two users and an admin. The
 * database is a SQLite file, or a fresh PostgreSQL schema when the run was started with
 * FLOWLINE_TEST_DATABASE_URL (`npm run test:pg`, server/testing/test-engine.ts).
 */
export interface Harness {
  app: FastifyInstance;
  store: Store;
  engine: Store['engine'];
  /** The SQLite database itself: SQLite runs only (throws on PostgreSQL; use `scalar`). */
  db: Db;
  dir: string;
  tokens: { alice: string; bob: string; admin: string };
  token(user: string, scopes?: readonly Scope[], plan?: Plan): Promise<string>;
  /**
   * The first column of the first row of `sql` (written with `?` placeholders), on either
   * engine: for tests that check what was stored. Counts come back as numbers on both.
   */
  scalar(sql: string, ...params: unknown[]): Promise<unknown>;
  /** Every row of `sql` as objects, on either engine. */
  rows(sql: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>>;
  call(
    method: InjectOptions['method'],
    url: string,
    options?: CallOptions,
  ): Promise<LightMyRequestResponse>;
  /** Creates a project as `token` (alice by default) and returns its id. */
  project(body?: Record<string, unknown>, token?: string): Promise<string>;
  /** Creates a well in a project and returns its id. */
  well(projectId: string, body?: Record<string, unknown>, token?: string): Promise<string>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | string[]>;
}

export async function createHarness(
  options: { rateLimit?: boolean; now?: () => Date } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'flowline-server-'));
  const engine = testEngine();
  const sqlite = engine === 'sqlite' ? openDatabase(join(dir, 'server.db')) : null;
  const postgres = sqlite ? null : await openTestPostgresStore();
  const store = sqlite ? sqliteStore(sqlite) : postgres!.store;
  const app = await buildApp({ store, rateLimit: options.rateLimit ?? false, now: options.now });
  await app.ready();
  const token = (
    user: string,
    scopes: readonly Scope[] = DEFAULT_SCOPES,
    plan: Plan = 'enterprise',
  ) => store.tokens.create({ user, scopes, plan });
  const tokens = {
    alice: await token('alice'),
    bob: await token('bob'),
    admin: await token('root', ['admin']),
  };
  const rows: Harness['rows'] = async (sql, ...params) =>
    sqlite
      ? (sqlite.prepare(sql).all(...params) as Array<Record<string, unknown>>)
      : postgres!.rows(sql, params);
  const scalar: Harness['scalar'] = async (sql, ...params) => {
    const [first] = await rows(sql, ...params);
    return first === undefined ? undefined : Object.values(first)[0];
  };

  const call: Harness['call'] = (method, url, callOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    const bearer = callOptions.token === undefined ? tokens.alice : callOptions.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    const body = callOptions.body;
    if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) {
      headers['content-type'] ??= 'application/json';
    }
    return app.inject({
      method,
      url,
      headers,
      query: callOptions.query,
      payload:
        body === undefined
          ? undefined
          : typeof body === 'string' || Buffer.isBuffer(body)
            ? body
            : JSON.stringify(body),
    });
  };

  const project: Harness['project'] = async (
    body = { name: 'Test project' },
    as = tokens.alice,
  ) => {
    const response = await call('POST', '/api/v1/projects', { token: as, body });
    if (response.statusCode !== 201) throw new Error(`project create failed: ${response.body}`);
    return response.json().id as string;
  };

  const well: Harness['well'] = async (projectId, body = { name: 'Well 1' }, as = tokens.alice) => {
    const response = await call('POST', `/api/v1/projects/${projectId}/wells`, { token: as, body });
    if (response.statusCode !== 201) throw new Error(`well create failed: ${response.body}`);
    return response.json().id as string;
  };

  return {
    app,
    store,
    engine,
    get db(): Db {
      if (!sqlite) throw new Error('h.db is the SQLite database; on PostgreSQL use h.scalar');
      return sqlite;
    },
    dir,
    tokens,
    token,
    scalar,
    rows,
    call,
    project,
    well,
    close: async () => {
      await app.close();
      sqlite?.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asserts the error envelope's shape and returns its error member. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  requestId: string;
  details?: Array<{ path: string; message: string }>;
} {
  const body = response.json() as { error?: { code: string; message: string; requestId: string } };
  if (
    !body.error ||
    typeof body.error.code !== 'string' ||
    typeof body.error.message !== 'string'
  ) {
    throw new Error(`not an error envelope: ${response.body}`);
  }
  if (body.error.requestId !== response.headers['x-request-id']) {
    throw new Error('error.requestId does not match X-Request-Id');
  }
  return body.error;
}
