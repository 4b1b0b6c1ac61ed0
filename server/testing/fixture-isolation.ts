import { createHash } from 'node:crypto';
import type { Harness } from './harness.js';

/** The resource tables a request may change, parents first, each with its key order. */
const TABLES = [
  ['projects', 'id'],
  ['project_members', 'project_id, user_id'],
  ['wells', 'seq'],
  ['well_tombstones', 'project_id, well_id'],
  ['production', 'well_seq, date'],
  ['production_monthly', 'well_seq, month'],
  ['production_days', 'well_seq, month'],
  ['well_events', 'seq'],
] as const;

/**
 * Runs a request against a fixture and puts the fixture back afterwards, on either engine, so
 * every run of a property starts from the same data (server/routes/fuzz.test.ts).
 * `unchanged()` says whether the resource tables are still as the fixture left them.
 */
export interface FixtureIsolation {
  run(work: (unchanged: () => Promise<boolean>) => Promise<void>): Promise<void>;
}

/** Call once the fixture is written: what it holds now is what every run starts from. */
export async function isolateFixture(h: Harness): Promise<FixtureIsolation> {
  return h.engine === 'sqlite' ? sqliteIsolation(h) : await postgresIsolation(h);
}

/**
 * SQLite: each run inside a transaction rolled back afterwards (the app's own transactions
 * nest as savepoints on the one connection); cheap when `total_changes()` did not move.
 */
function sqliteIsolation(h: Harness): FixtureIsolation {
  const digest = () => {
    const hash = createHash('sha256');
    for (const [table, key] of TABLES) {
      hash.update(JSON.stringify(h.db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all()));
    }
    return hash.digest('hex');
  };
  const fixture = digest();
  const totalChanges = () => h.db.prepare('SELECT total_changes()').pluck().get() as number;
  return {
    async run(work) {
      h.db.exec('BEGIN');
      try {
        const start = totalChanges();
        await work(async () => totalChanges() === start || digest() === fixture);
      } finally {
        if (h.db.inTransaction) h.db.exec('ROLLBACK');
      }
    },
  };
}

/**
 * PostgreSQL: the app's transactions run on pooled connections no test can wrap, so the
 * tables are compared with the fixture after each run (one query: each table as JSON) and,
 * when a request changed them, written back from that JSON.
 */
async function postgresIsolation(h: Harness): Promise<FixtureIsolation> {
  const snapshot = async () =>
    (
      await h.rows(
        `SELECT ${TABLES.map(
          ([table, key]) =>
            `(SELECT json_agg(t ORDER BY ${key}) FROM ${table} t)::text AS ${table}`,
        ).join(', ')}`,
      )
    )[0] as Record<string, string | null>;
  const fixture = await snapshot();
  const same = (now: Record<string, string | null>) =>
    TABLES.every(([table]) => now[table] === fixture[table]);
  const restore = async () => {
    // The wells' and events' change triggers (PostgreSQL migrations 6, 7) would count the rewritten wells as new
    // changes and move the fixture's counts; the runs are sequential, so nothing else writes
    // while they are off.
    await h.rows('ALTER TABLE wells DISABLE TRIGGER USER');
    await h.rows('ALTER TABLE well_events DISABLE TRIGGER USER');
    try {
      await h.rows('DELETE FROM projects');
      for (const [table] of TABLES) {
        if (fixture[table] === null) continue;
        await h.rows(
          `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ?::json)`,
          fixture[table],
        );
      }
    } finally {
      await h.rows('ALTER TABLE wells ENABLE TRIGGER USER');
      await h.rows('ALTER TABLE well_events ENABLE TRIGGER USER');
    }
  };
  return {
    async run(work) {
      try {
        await work(async () => same(await snapshot()));
      } finally {
        if (!same(await snapshot())) await restore();
      }
    },
  };
}
