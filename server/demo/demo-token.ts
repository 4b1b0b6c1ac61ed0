import { DEFAULT_SCOPES } from '../auth/scopes.js';
import { createToken } from '../auth/token-store.js';
import type { Db } from '../store/database.js';
import { DEMO_USER } from './seed.js';

/**
 * Issues the demo user's one valid token: every earlier token of the demo user is
 * revoked first, so restarting a demo server never leaves a trail of never-expiring
 * enterprise tokens behind, and the token an earlier run printed stops working. A
 * new token rather than the old one again, because only hashes are stored.
 */
export function issueDemoToken(db: Db, now = new Date()): string {
  return db
    .transaction(() => {
      db.prepare(
        `UPDATE tokens SET revoked_at = ?
         WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE name = ?)`,
      ).run(now.toISOString(), DEMO_USER);
      return createToken(db, { user: DEMO_USER, scopes: DEFAULT_SCOPES, plan: 'enterprise', now });
    })
    .immediate();
}
