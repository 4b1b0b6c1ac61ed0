/**
 * The server side of the benchmarks, run as a child process so the load
 * generator and the API do not share one event loop (this box has two cores).
 * Builds the fixture database in a temp dir, starts the real app with rate
 * limiting off (it would cap throughput; it is tested elsewhere), adds the
 * ceiling routes, listens on 127.0.0.1:0 and prints one JSON line:
 * { url, fixture, ceilingBytes }. Exits, removing the temp dir, on SIGTERM or
 * when its stdin closes (so a crashed parent never leaves it behind).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app.js';
import { openDatabase } from '#server/store/database.js';
import { sqliteStore } from '#server/store/sqlite-store.js';
import {
  captureCeilingBodies,
  registerCeilingRoutes,
  type CeilingBodies,
} from './ceiling-routes.js';
import { buildFixture } from './fixture-data.js';
import { dailyPath, monthlyPath } from './paths.js';

const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-'));
const db = openDatabase(join(dir, 'bench.db'));
const started = Date.now();
const fixture = buildFixture(db);
const app = await buildApp({ store: sqliteStore(db), logger: false, rateLimit: false });
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
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
