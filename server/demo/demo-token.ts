import { DEFAULT_SCOPES } from '../auth/scopes.js';
import { createToken, hashToken } from '../auth/token-store.js';
import type { Db } from '../store/database.js';
import { DEMO_USER } from './seed.js';

/** Where the id of the token the last demo start printed is kept. */
const LAST_DEMO_TOKEN = 'demo-token-id';

/**
 * Issues the token a demo start prints, after revoking the one the previous start
 * printed, so only one such token is ever valid: restarting never leaves a trail of
 * never-expiring enterprise tokens behind. A new token rather than the old one again,
 * because only hashes are stored. Other tokens of the demo user (made with
 * `token create --user demo`) are left alone, except on the first start with no
 * record of a previous demo token: then every live token of the demo user is revoked,
 * since earlier versions issued one per start without keeping track.
 */
export function issueDemoToken(db: Db, now = new Date()): string {
  return db
    .transaction(() => {
      const revokedAt = now.toISOString();
      const previous = db
        .prepare('SELECT value FROM meta WHERE key = ?')
        .pluck()
        .get(LAST_DEMO_TOKEN) as string | undefined;
      if (previous === undefined) {
        db.prepare(
          `UPDATE tokens SET revoked_at = ?
           WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE name = ?)`,
        ).run(revokedAt, DEMO_USER);
      } else {
        db.prepare('UPDATE tokens SET revoked_at = ? WHERE revoked_at IS NULL AND id = ?').run(
          revokedAt,
          Number(previous),
        );
      }
      const token = createToken(db, {
        user: DEMO_USER,
        scopes: DEFAULT_SCOPES,
        plan: 'enterprise',
        now,
      });
      const id = db
        .prepare('SELECT id FROM tokens WHERE token_hash = ?')
        .pluck()
        .get(hashToken(token));
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
        LAST_DEMO_TOKEN,
        String(id),
      );
      return token;
    })
    .immediate();
}
