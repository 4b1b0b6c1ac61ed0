import { randomBytes } from 'node:crypto';
import pg from 'pg';
// @ts-expect-error -- a plain ES module script without type declarations
import { startPgTestCluster } from '#scripts/pg-test-cluster.mjs';
import { startBenchServer, type BenchServer } from './server-process.js';

/** A database engine the benchmarks run on, and how to start a server child on it. */
export interface BenchEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** Where its raw figures go, in bench/results/. */
  resultsFile: string;
  start(): Promise<BenchServer>;
  /** PostgreSQL only: the database URL, for a second instance (two-instances.ts). */
  databaseUrl?: string;
}

export interface Engines {
  engines: BenchEngine[];
  close(): Promise<void>;
}

const SQLITE: BenchEngine = {
  name: 'SQLite',
  resultsFile: 'server.json',
  start: () => startBenchServer(),
};

/**
 * `--db` of `npm run bench:server`: absent or `sqlite` runs SQLite alone, as before;
 * `postgres` runs SQLite, then PostgreSQL on a throwaway cluster (scripts/pg-test-cluster.mjs,
 * with fsync and synchronous commit on, as SQLite's synchronous=FULL);
 * a `postgres://…` URL runs PostgreSQL on that server instead. Either way PostgreSQL gets a
 * schema of its own, dropped at the end, so a URL's other data is never touched.
 */
export async function benchEngines(argv: readonly string[]): Promise<Engines> {
  const at = argv.indexOf('--db');
  const db = at < 0 ? 'sqlite' : argv[at + 1];
  if (db === 'sqlite') return { engines: [SQLITE], close: async () => undefined };
  if (db !== 'postgres' && !/^postgres(ql)?:\/\//.test(db ?? '')) {
    throw new Error(`--db takes sqlite, postgres or a postgres:// URL, got ${db}`);
  }
  const cluster =
    db === 'postgres'
      ? ((await startPgTestCluster({ durable: true })) as { url: string; stop(): void })
      : null;
  const base = cluster?.url ?? (db as string);
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  const postgres: BenchEngine = {
    name: 'PostgreSQL',
    resultsFile: 'server-postgres.json',
    databaseUrl,
    start: () =>
      startBenchServer(300_000, {
        script: 'pg-fixture-server.ts',
        env: { BENCH_DATABASE_URL: databaseUrl },
      }),
  };
  return {
    engines: [SQLITE, postgres],
    async close() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
      await admin.end();
      cluster?.stop();
    },
  };
}
