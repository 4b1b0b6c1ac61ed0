import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgresStore } from '../store/postgres/postgres-store.js';
import type { Store } from '../store/store.js';

/**
 * The engine the server's tests run on: PostgreSQL when the run was given a database
 * (FLOWLINE_TEST_DATABASE_URL, set by scripts/pg-global-setup.ts for `npm run test:pg`),
 * SQLite otherwise.
 */
export function testEngine(): Store['engine'] {
  return process.env.FLOWLINE_TEST_DATABASE_URL ? 'postgres' : 'sqlite';
}

export interface TestPostgresStore {
  store: Store;
  /** Every row of `sql` (with `?` placeholders) as objects. */
  rows(sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Closes the store and drops its schema. */
  drop(): Promise<void>;
}

/**
 * A Store on a schema of its own in the test database, migrated from empty: test files run in
 * parallel on one cluster, and a schema is far cheaper to make than a database.
 */
export async function openTestPostgresStore(): Promise<TestPostgresStore> {
  const base = process.env.FLOWLINE_TEST_DATABASE_URL;
  if (!base) throw new Error('FLOWLINE_TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = await openPostgresStore(url.toString());
  const reader = new pg.Client({ connectionString: url.toString() });
  await reader.connect();
  return {
    store,
    rows: async (sql, params) => {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      const result = await reader.query({ text, values: params as unknown[], types: NUMBERS });
      return result.rows as Array<Record<string, unknown>>;
    },
    drop: async () => {
      await store.close();
      await reader.query(`DROP SCHEMA ${schema} CASCADE`);
      await reader.end();
    },
  };
}

/** COUNT(*) and other BIGINTs as numbers, as SQLite returns them. */
const NUMBERS = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};
