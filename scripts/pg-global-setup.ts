// Vitest global setup of the PostgreSQL test run (vitest.pg.config.ts): one throwaway cluster
// per run (scripts/pg-test-cluster.mjs), its URL handed to the test workers through the
// environment; the server's test harness then gives each test a schema of its own in it.
// A URL already set (a cluster of your own, or `pg-test-cluster.mjs -- npx vitest …`) is used
// as it is, and no cluster is started.
// @ts-expect-error -- a plain ES module script without type declarations
import { startPgTestCluster } from './pg-test-cluster.mjs';

export default async function setup(): Promise<() => void> {
  if (process.env.FLOWLINE_TEST_DATABASE_URL) return () => undefined;
  const cluster = (await startPgTestCluster()) as { url: string; stop: () => void };
  process.env.FLOWLINE_TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
