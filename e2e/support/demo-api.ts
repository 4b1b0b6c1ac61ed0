import { join } from 'node:path';
import { DEFAULT_SCOPES } from '../../server/auth/scopes.js';
import { createToken } from '../../server/auth/token-store.js';
import { DEMO_USER } from '../../server/demo/seed.js';
import { openDatabase } from '../../server/store/database.js';
import { ApiClient } from '../../shared/client/index.js';
import { DEMO_DB_FILE } from '../../electron/embedded-demo.js';

/**
 * A second client of the embedded demo server, as a colleague's laptop or a script
 * would be: its own token for the demo user, written into the demo database (the server
 * looks tokens up there), and the shared ApiClient. Tests use it to check what reached
 * the server and to change data behind the app's back.
 */
export function demoApiClient(dataDir: string, baseUrl: string): ApiClient {
  const db = openDatabase(join(dataDir, DEMO_DB_FILE));
  try {
    const token = createToken(db, { user: DEMO_USER, scopes: DEFAULT_SCOPES, plan: 'enterprise' });
    return new ApiClient({ baseUrl, token, retry: { maxAttempts: 1 } });
  } finally {
    db.close();
  }
}
