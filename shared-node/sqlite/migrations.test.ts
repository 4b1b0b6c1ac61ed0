import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, type Migration } from './migrations.js';
import { sqliteBindingOptions } from './native-binding.js';

const open: Database.Database[] = [];
function database(): Database.Database {
  const db = new Database(':memory:');
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const MIGRATIONS: Migration[] = [
  { id: 2, name: 'add-b', sql: 'ALTER TABLE t ADD COLUMN b TEXT;' },
  { id: 1, name: 'create-t', sql: 'CREATE TABLE t (a INTEGER);' },
];
const at = () => new Date('2024-03-01T00:00:00.000Z');

describe('applyMigrations', () => {
  it('applies each migration once, in id order, recording its id, name and time', () => {
    const db = database();
    applyMigrations(db, MIGRATIONS, { table: 'schema_migrations', now: at });
    applyMigrations(db, MIGRATIONS, { table: 'schema_migrations', now: at });
    expect(db.prepare('SELECT * FROM schema_migrations ORDER BY id').all()).toEqual([
      { id: 1, name: 'create-t', applied_at: '2024-03-01T00:00:00.000Z' },
      { id: 2, name: 'add-b', applied_at: '2024-03-01T00:00:00.000Z' },
    ]);
    expect(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('t')).toEqual([
      'a',
      'b',
    ]);
  });

  it('applies only what is new to a database migrated before', () => {
    const db = database();
    applyMigrations(db, MIGRATIONS.slice(1), { table: 'cache_migrations', now: at });
    const third = { id: 3, name: 'index-a', sql: 'CREATE INDEX t_a ON t (a);' };
    applyMigrations(db, [...MIGRATIONS, third], { table: 'cache_migrations', now: at });
    expect(db.prepare('SELECT id FROM cache_migrations').pluck().all()).toEqual([1, 2, 3]);
  });

  it('rolls a failing migration back whole and records nothing for it', () => {
    const db = database();
    const broken = { id: 3, name: 'broken', sql: 'CREATE TABLE u (x); SELECT * FROM missing;' };
    expect(() =>
      applyMigrations(db, [...MIGRATIONS, broken], { table: 'schema_migrations', now: at }),
    ).toThrow(/missing/);
    expect(db.prepare('SELECT id FROM schema_migrations').pluck().all()).toEqual([1, 2]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'u'").all()).toEqual([]);
  });

  it('refuses a table name it would have to quote', () => {
    expect(() => applyMigrations(database(), MIGRATIONS, { table: 'x; DROP TABLE t' })).toThrow(
      /not a migrations table name/,
    );
  });
});

describe('sqliteBindingOptions', () => {
  it('names the Electron build of the binding only when the environment gives one', () => {
    expect(sqliteBindingOptions({})).toEqual({});
    expect(sqliteBindingOptions({ FLOWLINE_SQLITE_BINDING: '/x/better_sqlite3.node' })).toEqual({
      nativeBinding: '/x/better_sqlite3.node',
    });
  });
});
