import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/**
 * Migration 18 copies the change log into a table that knows well events: every row kept as
 * it was, and the trigger that settles a row when the server takes its operation still there.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-well-events-migration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('cache migration 18 (well-events)', () => {
  it('keeps the change log and its settling trigger, and takes events', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id < 18) }).db;
    before.exec(`
      INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x');
      INSERT INTO outbox (seq, connection_id, project_id, well_id, kind, payload, created_at, updated_at)
        VALUES (7, 'c', 'p', 'w', 'upsert-records', '{}', 'x', 'x');
      INSERT INTO change_log (connection_id, project_id, well_id, well_name, batch, at, actor, source,
          source_label, date, changes, outbox_seq)
        VALUES ('c', 'p', 'w', 'Mesa 1H', 1, '2026-01-01T00:00:00.000Z', 'ana', 'import', 'march.csv',
          '2026-03-01', '[["oil_rate",null,12]]', 7),
        ('c', 'p', 'w', 'Mesa 1H', 2, '2026-01-02T00:00:00.000Z', 'ana', 'status', NULL, NULL,
          '[["status","active","shut_in"]]', NULL);`);
    const rowsBefore = before.prepare('SELECT * FROM change_log ORDER BY id').all();
    before.close();

    const after = openCache(file).db;
    try {
      const rows = after.prepare('SELECT * FROM change_log ORDER BY id').all() as Array<
        Record<string, unknown>
      >;
      expect(rows.map(({ event_id: eventId, ...row }) => (eventId === null ? row : null))).toEqual(
        rowsBefore,
      );
      after.prepare('DELETE FROM outbox WHERE seq = 7').run();
      expect(after.prepare('SELECT outcome FROM change_log WHERE id = 1').pluck().get()).toBe(
        'synced',
      );
      after
        .prepare(
          `INSERT INTO change_log (connection_id, project_id, well_id, well_name, batch, at, actor,
             source, changes, event_id, outcome) VALUES ('c', 'p', 'w', 'Mesa 1H', 3, 'x', 'ana',
             'event', '[]', 'e1', 'local')`,
        )
        .run();
      after
        .prepare(
          `INSERT INTO well_events (connection_id, project_id, id, well_id, start_date, end_date,
             category, note, updated_at, state) VALUES ('c', 'p', 'e1', 'w', '2026-03-01', NULL,
             'Facility', '', 'x', 'local')`,
        )
        .run();
      expect(() =>
        after.prepare("UPDATE well_events SET state = 'lost' WHERE id = 'e1'").run(),
      ).toThrow(/CHECK/);
    } finally {
      after.close();
    }
  });
});
