import { join } from 'node:path';
import { DEFAULT_SCOPES } from '../../server/auth/scopes.js';
import { createToken } from '../../server/auth/token-store.js';
import { DEMO_USER } from '../../server/demo/seed.js';
import { openDatabase } from '../../server/store/database.js';
import { DEMO_DB_FILE } from '../../electron/common/embedded-demo.js';

/**
 * The demo workspace's tokens as its administrator handles them, through the demo server's
 * own database in the data folder (the server looks every token up there on each request,
 * so a change takes effect at once, as `npm run server -- token revoke` does).
 */

/** Where the demo server keeps the id of the token its last start issued (server/demo/demo-token.ts). */
const LAST_DEMO_TOKEN = 'demo-token-id';

/**
 * Revokes the token the host handed the app at start. Only its hash is stored, so it is
 * found by the id the demo start recorded rather than by its text.
 */
export function revokeDemoWorkspaceToken(dataDir: string): void {
  const db = openDatabase(join(dataDir, DEMO_DB_FILE));
  try {
    const id = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(LAST_DEMO_TOKEN);
    if (id === undefined) throw new Error('The demo server has not issued a token in this folder');
    const revoked = db
      .prepare('UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
      .run(new Date().toISOString(), Number(id));
    if (revoked.changes !== 1) throw new Error(`Demo token ${String(id)} was already revoked`);
  } finally {
    db.close();
  }
}

/** A new token for the demo user, as `npm run server -- token create --user demo` prints it. */
export function newDemoToken(dataDir: string): string {
  const db = openDatabase(join(dataDir, DEMO_DB_FILE));
  try {
    return createToken(db, { user: DEMO_USER, scopes: DEFAULT_SCOPES, plan: 'enterprise' });
  } finally {
    db.close();
  }
}
