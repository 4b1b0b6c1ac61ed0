import { join } from 'node:path';
import { issueDemoToken } from '#server/demo/demo-token.js';
import { seedDemoIfEmpty } from '#server/demo/seed.js';
import { serverLogOptions } from '#server/http/log-options.js';
import { startServer } from '#server/main.js';
import { ensureOwnerOnlyDir, prepareOwnerOnlyDatabase } from '#core/cache/owner-only.js';
import type { DefaultConnection } from '#core/connections/default-connection.js';

export const DEMO_WORKSPACE_NAME = 'Demo workspace';
export const DEMO_DB_FILE = 'demo-server.db';

export interface EmbeddedDemo {
  connection: DefaultConnection;
  close(): Promise<void>;
}

/**
 * The demo workspace every host opens with no organisation connected: our own API server
 * on 127.0.0.1 (a random port), its database under the data folder, seeded with the demo
 * dataset on first run, and a fresh token handed to the core like any other connection.
 */
export async function startEmbeddedDemo(
  dataDir: string,
  options: { onSeeding?: () => void; logFile?: string } = {},
): Promise<EmbeddedDemo> {
  let token = '';
  const dbFile = join(dataDir, DEMO_DB_FILE);
  // Its tokens open the demo's API: for the person's own account only, like the cache.
  ensureOwnerOnlyDir(dataDir);
  prepareOwnerOnlyDatabase(dbFile);
  const server = await startServer({
    dbFile,
    host: '127.0.0.1',
    port: 0,
    logger: options.logFile
      ? { ...(serverLogOptions('info') as object), file: options.logFile }
      : false,
    prepare: (db) => {
      const empty = !db.prepare('SELECT 1 FROM projects LIMIT 1').get();
      if (empty) options.onSeeding?.();
      seedDemoIfEmpty(db);
      // A new token per start (only hashes are stored), the previous start's revoked.
      token = issueDemoToken(db);
    },
  });
  return {
    connection: { name: DEMO_WORKSPACE_NAME, baseUrl: `${server.url}/api/v1`, token },
    close: () => server.close(),
  };
}
