import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createToken } from '../../auth/token-store.js';
import { issueDemoToken } from '../../demo/demo-token.js';
import { seedDemoIfEmpty } from '../../demo/seed.js';
import { runCli, tempDir } from '../../process-tests/testing/spawn-server.js';
import { openDatabase, type Db } from '../database.js';
import { sqliteStore } from '../sqlite-store.js';
import type { Store } from '../store.js';
import { exportSqliteToPostgres, ExportError } from './export-sqlite.js';
import { issuePostgresDemoToken, seedPostgresDemo } from './pg-demo.js';
import { openPostgresStore } from './postgres-store.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): `server export` and `serve --demo` on PostgreSQL.
 * A small demo dataset (the generator's own, 13 wells) is exported, then every read the
 * desktop makes is sent to an app on each engine and the answers compared byte for byte.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';
const DEMO = { wellCounts: [6, 4, 3], today: '2026-11-20' };
const temp = tempDir('flowline-export-');
let admin: pg.Client;
const schemas: string[] = [];
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  temp.cleanup();
});

async function freshUrl(): Promise<string> {
  const schema = `exp_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(BASE);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

function demoFile(name: string): { file: string; db: Db } {
  const file = join(temp.dir, `${name}.db`);
  const db = openDatabase(file);
  seedDemoIfEmpty(db, DEMO);
  return { file, db };
}

async function appOn(store: Store): Promise<FastifyInstance> {
  const app = await buildApp({ store, rateLimit: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await store.close();
  });
  return app;
}

/** Status and body; the summary's `generatedAt` (the time of the answer) is masked. */
async function get(app: FastifyInstance, token: string, url: string) {
  const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const body = response.body.replace(/"generatedAt":"[^"]*"/, '"generatedAt":"…"');
  return { status: response.statusCode, body };
}

describe('server export', () => {
  it('copies the demo data so that every read answers the same on both engines', async () => {
    const { file, db } = demoFile('reads');
    const token = issueDemoToken(db);
    // The SQLite server has run before the move, so its meta holds a cursor secret to carry over.
    const sqlite = await appOn(sqliteStore(db));
    // A deleted well leaves a tombstone (the changes extension), which must move too.
    const auth = { authorization: `Bearer ${token}` };
    const read = async (url: string) => (await sqlite.inject({ url, headers: auth })).json();
    const projectId: string = (await read('/api/v1/projects?limit=1')).data[0].id;
    const wellId: string = (await read(`/api/v1/projects/${projectId}/wells?limit=1`)).data[0].id;
    const deleted = await sqlite.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/wells/${wellId}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(204);
    // A well event moves with its well, under the project's changes count.
    const otherWell: string = (await read(`/api/v1/projects/${projectId}/wells?limit=1`)).data[0]
      .id;
    const event = await sqlite.inject({
      method: 'PUT',
      url: `/api/v1/projects/${projectId}/wells/${otherWell}/events/evt-moved`,
      headers: auth,
      payload: { startDate: '2024-03-01', endDate: null, category: 'Facility', note: 'Moved' },
    });
    expect(event.statusCode).toBe(201);
    const url = await freshUrl();
    const summary = await exportSqliteToPostgres(file, url);
    expect(summary?.tables.map((t) => t.name)).toEqual([
      'users',
      'tokens',
      'projects',
      'project_members',
      'wells',
      'well_tombstones',
      'production',
      'production_monthly',
      'production_days',
      'well_events',
      'meta',
    ]);
    expect(summary!.tables.find((t) => t.name === 'well_tombstones')?.sqliteRows).toBe(1);
    expect(summary!.tables.find((t) => t.name === 'well_events')?.sqliteRows).toBe(1);
    for (const table of summary!.tables) {
      expect(table.postgresRows).toBe(table.sqliteRows);
      expect(table.postgresSha256).toBe(table.sqliteSha256);
    }
    expect(summary!.tables.find((t) => t.name === 'production')?.sqliteRows).toBeGreaterThan(
      10_000,
    );

    const postgres = await appOn(await openPostgresStore(url));
    const both = async (path: string) => {
      const [a, b] = [await get(sqlite, token, path), await get(postgres, token, path)];
      expect(b, path).toEqual(a);
      expect(a.status, path).toBe(200);
      return JSON.parse(a.body) as { data: Array<{ id: string }>; nextCursor: string | null };
    };
    const projects = await both('/api/v1/projects?limit=2');
    // A cursor signed by the SQLite server reads the next page on PostgreSQL: the secret moved too.
    await both(`/api/v1/projects?limit=2&cursor=${encodeURIComponent(projects.nextCursor!)}`);
    for (const project of projects.data) {
      const wells = await both(`/api/v1/projects/${project.id}/wells?limit=3`);
      await both(
        `/api/v1/projects/${project.id}/wells?limit=3&cursor=${encodeURIComponent(wells.nextCursor!)}`,
      );
      await both(`/api/v1/projects/${project.id}/production/latest`);
      // The changes counts are copied as they are: a desktop's `since` means the same after.
      await both(`/api/v1/projects/${project.id}/changes`);
      await both(`/api/v1/projects/${project.id}/changes?since=1`);
      await both(`/api/v1/projects/${project.id}/events`);
      for (const well of wells.data) {
        const base = `/api/v1/projects/${project.id}/wells/${well.id}`;
        await both(base);
        await both(`${base}/production?from=2000-01-01&to=2026-12-31`);
        await both(`${base}/production?aggregation=monthly&from=2020-01-01&to=2026-12-31`);
      }
    }
  });

  it('refuses a target that holds data unless told to replace it, and then copies again', async () => {
    const { file } = demoFile('again');
    const url = await freshUrl();
    await exportSqliteToPostgres(file, url);
    await expect(exportSqliteToPostgres(file, url)).rejects.toThrow(
      /already holds data \(users, projects, project_members, wells, production, production_monthly, production_days\).*--replace/,
    );
    expect(await exportSqliteToPostgres(file, url, { whenNotEmpty: 'skip' })).toBeUndefined();
    const replaced = await exportSqliteToPostgres(file, url, { whenNotEmpty: 'replace' });
    expect(replaced?.tables.find((t) => t.name === 'wells')?.postgresRows).toBe(13);
  });

  it('names what is wrong with the source or the target, and writes nothing', async () => {
    const url = await freshUrl();
    await expect(exportSqliteToPostgres(join(temp.dir, 'missing.db'), url)).rejects.toThrow(
      /no SQLite database at .*missing\.db/,
    );
    const alien = join(temp.dir, 'alien.db');
    openDatabase(alien, []).close();
    await expect(exportSqliteToPostgres(alien, url)).rejects.toThrow(
      /schema version 0.*migrate --db/,
    );
    const { file, db } = demoFile('nul');
    createToken(db, { user: 'bad\u0000name', scopes: ['admin'] });
    await expect(exportSqliteToPostgres(file, url)).rejects.toThrow(
      /users\.name of the row id=2 holds a NUL character/,
    );
    const unreachable = new URL(url);
    unreachable.port = '1';
    await expect(exportSqliteToPostgres(file, unreachable.toString())).rejects.toThrow(
      /cannot reach PostgreSQL at postgres:\/\/flowline@127\.0\.0\.1:1\//,
    );
    expect(ExportError).toBeDefined();
    const schema = schemas[schemas.length - 1];
    const left = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.users`);
    expect(left.rows[0].n).toBe(0);
  });

  it('runs from the command line and prints each table verified', async () => {
    const { file, db } = demoFile('cli');
    db.close();
    const url = await freshUrl();
    const first = await runCli(['export', '--db', file, '--to', url], 60_000);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/production\s+\d+\s+\d+\s+[0-9a-f]{16}\s+match/);
    expect(first.stdout).not.toMatch(/DIFFERENT/);
    const second = await runCli(['export', '--db', file, '--to', url]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/export refused: .* already holds data/);
    const usage = await runCli(['export', '--db', file, '--to', file]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--to must be a postgres:\/\/ URL/);
  }, 90_000);
});

describe('serve --demo on PostgreSQL', () => {
  it('seeds an empty database once and keeps one demo token valid at a time', async () => {
    const url = await freshUrl();
    const seeded = await seedPostgresDemo(url, DEMO);
    expect(seeded).toMatchObject({ projects: 3, wells: 13 });
    expect(await seedPostgresDemo(url, DEMO)).toBeUndefined();
    const first = await issuePostgresDemoToken(url);
    const second = await issuePostgresDemoToken(url);
    const app = await appOn(await openPostgresStore(url));
    expect((await get(app, first, '/api/v1/projects')).status).toBe(401);
    const projects = await get(app, second, '/api/v1/projects');
    expect(projects.status).toBe(200);
    expect(JSON.parse(projects.body).total).toBe(3);
  });
});
