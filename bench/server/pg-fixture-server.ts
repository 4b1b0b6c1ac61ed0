/**
 * The server side of the benchmarks on PostgreSQL (`npm run bench:server -- --db postgres`),
 * a child process like fixture-server.ts. The first instance builds the same fixture in a
 * temporary SQLite file and moves it into BENCH_DATABASE_URL with `server export` (so ids and
 * the token are the SQLite run's); an instance given BENCH_FIXTURE (the first one's printed
 * fixture) joins that database as a second instance. BENCH_RATE_LIMIT=1 turns the shared rate
 * limits on (the two-instance burst check). Prints the same JSON line as fixture-server.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '#server/app.js';
import { openDatabase } from '#server/store/database.js';
import { exportSqliteToPostgres } from '#server/store/postgres/export-sqlite.js';
import { openPostgresStore } from '#server/store/postgres/postgres-store.js';
import {
  captureCeilingBodies,
  registerCeilingRoutes,
  type CeilingBodies,
} from './ceiling-routes.js';
import { buildFixture, type Fixture } from './fixture-data.js';
import { dailyPath, monthlyPath } from './paths.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const started = Date.now();

async function buildInPostgres(target: string): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-pg-'));
  try {
    const file = join(dir, 'bench.db');
    const db = openDatabase(file);
    const built = buildFixture(db);
    db.close();
    await exportSqliteToPostgres(file, target, { whenNotEmpty: 'replace' });
    // Autovacuum analyzes new tables within a minute in any real deployment; doing it now
    // keeps the first benchmark from running on a planner that has never seen the tables.
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query('ANALYZE');
    await client.end();
    return built;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fixture: Fixture = process.env.BENCH_FIXTURE
  ? (JSON.parse(process.env.BENCH_FIXTURE) as Fixture)
  : await buildInPostgres(url);
const store = await openPostgresStore(url);
const app = await buildApp({
  store,
  logger: false,
  rateLimit: process.env.BENCH_RATE_LIMIT === '1',
});
const bodies: CeilingBodies = { daily: '', monthly: '' };
registerCeilingRoutes(app, bodies);
await app.listen({ host: '127.0.0.1', port: 0 });
Object.assign(
  bodies,
  await captureCeilingBodies(app, fixture.token, {
    daily: dailyPath(fixture),
    monthly: monthlyPath(fixture),
  }),
);

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({
    url: `http://127.0.0.1:${port}`,
    fixture,
    ceilingBytes: { daily: bodies.daily.length, monthly: bodies.monthly.length },
    setupMs: Date.now() - started,
  })}\n`,
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
