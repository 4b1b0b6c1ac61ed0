import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCOPES, type Scope } from '#server/auth/scopes.js';
import { createToken } from '#server/auth/token-store.js';
import { DEMO_USER, seedDemoIfEmpty } from '#server/demo/seed.js';
import { startServer, type RunningServer } from '#server/main.js';

/**
 * Our real API server on 127.0.0.1, seeded with a small demo dataset (the
 * same generator as the app's demo workspace): the core's tests talk HTTP to
 * it as the desktop does. Deterministic: a fixed seed and `today`.
 */
export interface DemoServer {
  server: RunningServer;
  baseUrl: string;
  /** A token of the demo user, with every scope but admin. */
  token: string;
  tokenFor(user: string, scopes?: readonly Scope[]): string;
  /** Stops the server, keeping its database, so `restart` can bring it back on the same port. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const DEMO_TODAY = '2025-06-30';

export async function startDemoServer(
  options: { wellCounts?: readonly number[]; rateLimit?: boolean } = {},
): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'flowline-core-server-'));
  const dbFile = join(dir, 'api.db');
  const wellCounts = options.wellCounts ?? [6, 4, 4];
  let server = await startServer({
    dbFile,
    port: 0,
    rateLimit: options.rateLimit ?? false,
    prepare: (db) => {
      seedDemoIfEmpty(db, { wellCounts, today: DEMO_TODAY });
    },
  });
  const port = server.port;
  const tokenFor: DemoServer['tokenFor'] = (user, scopes = DEFAULT_SCOPES) =>
    createToken(server.db, { user, scopes, plan: 'enterprise' });
  let running = true;
  const demo: DemoServer = {
    server,
    baseUrl: `${server.url}/api/v1`,
    token: tokenFor(DEMO_USER),
    tokenFor,
    stop: async () => {
      if (!running) return;
      running = false;
      await server.close();
    },
    restart: async () => {
      if (running) return;
      server = await startServer({ dbFile, port, rateLimit: options.rateLimit ?? false });
      demo.server = server;
      running = true;
    },
    close: async () => {
      await demo.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return demo;
}
