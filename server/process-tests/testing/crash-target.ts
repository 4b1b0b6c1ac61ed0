import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { testEngine } from '../../testing/test-engine.js';

export interface WellState {
  count: number;
  firstProductionDate: string | null;
  exists: boolean;
}

/**
 * The database a crash test kills servers on, for the engine of the run (server/testing/
 * test-engine.ts): a SQLite file, or a fresh schema of the PostgreSQL test database.
 */
export interface CrashTarget {
  /** What `--db` is given. */
  db: string;
  /** How the commit-aimed kill finds its moment, for the test's report. */
  writeMoment: string;
  /**
   * Starts watching for the POST's first write to reach the database; the function returned
   * resolves true once it has, false after `timeoutMs`. Nothing else writes meanwhile.
   */
  watchWrite(): (timeoutMs: number) => Promise<boolean>;
  /** After a kill: waits until the database has finished with the dead server's work. */
  settle(): Promise<void>;
  /** Each well's rows; `integrity` is SQLite's integrity_check (PostgreSQL has no file to check). */
  inspect(
    wellIds: readonly string[],
  ): Promise<{ integrity?: string; wells: Map<string, WellState> }>;
  close(): Promise<void>;
}

export async function crashTarget(dir: string): Promise<CrashTarget> {
  return testEngine() === 'sqlite' ? sqliteTarget(join(dir, 'server.db')) : postgresTarget();
}

/** Polls `changed` as fast as the event loop allows; true once it says so, false after `timeoutMs`. */
async function pollUntil(changed: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await changed()) return true;
    await new Promise((next) => setImmediate(next));
  }
  return false;
}

function sqliteTarget(file: string): CrashTarget {
  const walStamp = () => {
    const stat = statSync(`${file}-wal`, { bigint: true, throwIfNoEntry: false });
    return stat ? `${stat.size}:${stat.mtimeNs}` : 'none';
  };
  return {
    db: file,
    writeMoment: 'as soon as the write-ahead log changed',
    watchWrite() {
      const before = walStamp();
      return (timeoutMs) => pollUntil(() => walStamp() !== before, timeoutMs);
    },
    settle: async () => undefined,
    async inspect(wellIds) {
      const db = new Database(file);
      try {
        const integrity = db.pragma('integrity_check', { simple: true }) as string;
        const wellRow = db.prepare('SELECT seq, first_production_date FROM wells WHERE id = ?');
        const count = db.prepare('SELECT count(*) FROM production WHERE well_seq = ?').pluck();
        const wells = new Map<string, WellState>();
        for (const id of wellIds) {
          const row = wellRow.get(id) as
            { seq: number; first_production_date: string | null } | undefined;
          wells.set(id, {
            exists: row !== undefined,
            count: row ? (count.get(row.seq) as number) : 0,
            firstProductionDate: row?.first_production_date ?? null,
          });
        }
        return { integrity, wells };
      } finally {
        db.close();
      }
    },
    close: async () => undefined,
  };
}

/**
 * The server's sessions are named (application_name) so the test can see them: "the first
 * write" is the moment one holds a transaction id for something other than a rate-limit
 * bucket (the row lock on the well, the first thing a production write takes), and a killed server's work is over when its sessions are gone
 * (PostgreSQL rolls back what a vanished client left uncommitted).
 */
async function postgresTarget(): Promise<CrashTarget> {
  const base = process.env.FLOWLINE_TEST_DATABASE_URL as string;
  const schema = `crash_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  const sessions = async (where: string) =>
    Number(
      (
        await client.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND ${where}`,
          [schema],
        )
      ).rows[0].n,
    );
  return {
    db: url.toString(),
    writeMoment: 'as soon as the server held a transaction id in PostgreSQL',
    watchWrite: () => (timeoutMs) =>
      pollUntil(
        // The rate limiter's one-statement upsert takes a transaction id too: not the POST's write.
        async () =>
          (await sessions("backend_xid IS NOT NULL AND query NOT LIKE '%rate_limit_buckets%'")) > 0,
        timeoutMs,
      ),
    async settle() {
      await pollUntil(async () => (await sessions('true')) === 0, 10_000);
    },
    async inspect(wellIds) {
      const wells = new Map<string, WellState>();
      for (const id of wellIds) {
        const { rows } = await client.query(
          `SELECT w.first_production_date AS first,
             (SELECT count(*) FROM ${schema}.production p WHERE p.well_seq = w.seq)::int AS count
           FROM ${schema}.wells w WHERE w.id = $1`,
          [id],
        );
        const row = rows[0] as { first: string | null; count: number } | undefined;
        wells.set(id, {
          exists: row !== undefined,
          count: row?.count ?? 0,
          firstProductionDate: row?.first ?? null,
        });
      }
      return { wells };
    },
    async close() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
