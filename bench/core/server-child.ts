/**
 * The API server of the download benchmark, in a process of its own: the core
 * and the server must not share one event loop (two cores on this box), or
 * the core's figure would include the server's work. argv[2] is JSON
 * { dbFile, wellCounts, today, rateLimit }; the demo dataset is seeded into
 * dbFile when it is empty. Prints one JSON line { baseUrl, token, seed } and
 * serves until SIGTERM, or until its stdin closes (a crashed parent).
 */
import { DEFAULT_SCOPES } from '#server/auth/scopes.js';
import { createToken } from '#server/auth/token-store.js';
import { generateDemo } from '#server/demo/generate.js';
import { DEMO_USER, seedDemoIfEmpty, seedProjects, type SeedSummary } from '#server/demo/seed.js';
import { startServer } from '#server/main.js';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  dbFile: string;
  wellCounts: number[];
  today: string;
  rateLimit: boolean;
  historyDays?: number;
  /** One project of this many wells instead of the demo's (more than its names allow). */
  manyWells?: number;
};

/** One project of `count` wells, each a copy of one demo well under its own name and number. */
function manyWellsProject(count: number) {
  const [template] = generateDemo({
    wellCounts: [1],
    today: options.today,
    ...(options.historyDays === undefined ? {} : { historyDays: options.historyDays }),
  });
  const well = template!.wells[0]!;
  const wells = Array.from({ length: count }, (_, i) => ({
    ...well,
    name: `Bench ${String(i + 1).padStart(5, '0')}H`,
    apiNumber: `42-${String(Math.floor(i / 100_000) + 100).padStart(3, '0')}-${String(i % 100_000).padStart(5, '0')}`,
  }));
  return [{ ...template!, wells }];
}

let seed: SeedSummary | null = null;
const server = await startServer({
  dbFile: options.dbFile,
  port: 0,
  rateLimit: options.rateLimit,
  logger: false,
  prepare: (db) => {
    if (options.manyWells !== undefined) {
      const seeded = db.prepare('SELECT 1 FROM projects LIMIT 1').get();
      seed = seeded ? null : seedProjects(db, manyWellsProject(options.manyWells));
      return;
    }
    seed =
      seedDemoIfEmpty(db, {
        wellCounts: options.wellCounts,
        today: options.today,
        ...(options.historyDays === undefined ? {} : { historyDays: options.historyDays }),
      }) ?? null;
  },
});
// The demo user's plan, as the app's embedded server gives it.
const token = createToken(server.db, {
  user: DEMO_USER,
  scopes: DEFAULT_SCOPES,
  plan: 'enterprise',
});
process.stdout.write(`${JSON.stringify({ baseUrl: `${server.url}/api/v1`, token, seed })}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
