import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS } from '../migrations/postgres/index.js';
import { pgProjectChanges } from './pg-changes.js';
import { migratePostgres } from './pg-migrate.js';
import { createPool, PgDatabase } from './pg-session.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): migration 6, the changes extension's counts, over a
 * database that already holds wells, and the triggers that keep the counts on every write path
 * (here plain SQL, as a CLI or a future route would write). The engine-neutral checks through the
 * routes are in server/routes/project-changes.test.ts, which `npm run test:pg` also runs here.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';
let admin: pg.Client;
const schema = `chg_${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
});
afterAll(async () => {
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

describe('PostgreSQL migration 6', () => {
  it('starts existing wells at 0, then counts each write once and leaves tombstones', async () => {
    const url = new URL(BASE);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const db = new PgDatabase(createPool(url.toString()));
    try {
      await migratePostgres(db, POSTGRES_MIGRATIONS.slice(0, 5));
      await db.run(`INSERT INTO projects (id, name, description, timezone, unit_system, created_at,
          updated_at) VALUES ('p', 'P', '', 'UTC', 'imperial', 'x', 'x')`);
      for (const seq of [1, 2]) {
        await db.run(
          `INSERT INTO wells (seq, id, project_id, name, name_key, type, status, created_at, updated_at)
           OVERRIDING SYSTEM VALUE VALUES ($1, $2, 'p', $3, $4, 'producer', 'active', 'x', 'x')`,
          [seq, `w${seq}`, `W${seq}`, `w${seq}`],
        );
      }
      await migratePostgres(db);

      expect(await pgProjectChanges(db, 'p', null)).toEqual({
        version: 0,
        projectVersion: 0,
        reset: false,
        wells: [
          { id: 'w1', version: 0, deleted: false },
          { id: 'w2', version: 0, deleted: false },
        ],
      });

      await db.run("DELETE FROM wells WHERE id = 'w2'");
      await db.run('UPDATE wells SET data_version = data_version + 1 WHERE seq = 1');
      expect((await pgProjectChanges(db, 'p', 0))?.wells).toEqual([
        { id: 'w2', version: 1, deleted: true },
        { id: 'w1', version: 2, deleted: false },
      ]);
      // A first look lists live wells only.
      expect((await pgProjectChanges(db, 'p', null))?.wells).toEqual([
        { id: 'w1', version: 2, deleted: false },
      ]);

      await db.run("UPDATE projects SET unit_system = 'metric' WHERE id = 'p'");
      expect(await pgProjectChanges(db, 'p', 2)).toMatchObject({
        version: 3,
        projectVersion: 3,
        wells: [],
      });
      // Setting what is already there counts nothing.
      await db.run("UPDATE projects SET unit_system = 'metric' WHERE id = 'p'");
      expect((await pgProjectChanges(db, 'p', 3))?.version).toBe(3);

      // A project's deletion cascades to its wells without leaving tombstones behind.
      await db.run("DELETE FROM projects WHERE id = 'p'");
      expect(await db.scalar('SELECT count(*)::int FROM well_tombstones')).toBe(0);
      expect(await pgProjectChanges(db, 'p', null)).toBeUndefined();
    } finally {
      await db.pool.end();
    }
  });
});
