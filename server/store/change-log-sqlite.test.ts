import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import { sqliteStore } from './sqlite-store.js';

/**
 * SQLite migration 5 (the changes extension's counts) over a database that already holds wells:
 * they start at version 0, a client's first look lists them all, and the counts move from there.
 * The engine-neutral checks are in server/routes/project-changes.test.ts.
 */
describe('SQLite migration 5', () => {
  it('starts existing projects and wells at 0 and counts from there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-changes-'));
    try {
      const file = join(dir, 'old.db');
      const old = openDatabase(file, MIGRATIONS.slice(0, 4));
      old.exec(`INSERT INTO projects (id, name, description, timezone, unit_system, created_at,
          updated_at) VALUES ('p', 'P', '', 'UTC', 'imperial', 'x', 'x')`);
      const insertWell = old.prepare(
        `INSERT INTO wells (seq, id, project_id, name, name_key, type, status, created_at, updated_at)
           VALUES (?, ?, 'p', ?, ?, 'producer', 'active', 'x', 'x')`,
      );
      for (const seq of [1, 2]) insertWell.run(seq, `w${seq}`, `W${seq}`, `w${seq}`);
      old.close();

      const db = openDatabase(file);
      const store = sqliteStore(db);
      const first = await store.projects.changes('p', null);
      expect(first).toEqual({
        version: 0,
        projectVersion: 0,
        reset: false,
        wells: [
          { id: 'w1', version: 0, deleted: false },
          { id: 'w2', version: 0, deleted: false },
        ],
      });
      expect(await store.projects.changes('p', 0)).toMatchObject({ version: 0, wells: [] });

      // One write of several records counts once, and lists its well alone.
      await store.production.upsert(2, [
        { date: '2024-01-01', oil_rate: 1 },
        { date: '2024-01-02', oil_rate: 2 },
      ]);
      expect(await store.projects.changes('p', 0)).toEqual({
        version: 1,
        projectVersion: 0,
        reset: false,
        wells: [{ id: 'w2', version: 1, deleted: false }],
      });

      // A project's deletion cascades to its wells without leaving tombstones behind.
      await store.projects.delete('p');
      expect(db.prepare('SELECT count(*) FROM well_tombstones').pluck().get()).toBe(0);
      expect(await store.projects.changes('p', null)).toBeUndefined();
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
