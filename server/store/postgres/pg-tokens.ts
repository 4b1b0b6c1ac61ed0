import { randomBytes } from 'node:crypto';
import { isPlan, isScope } from '../../auth/scopes.js';
import { hashToken, TOKEN_PREFIX, type TokenLookup } from '../../auth/token-store.js';
import type { TokenStore } from '../store.js';
import type { PgDatabase } from './pg-session.js';

interface TokenRow {
  id: number;
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  user_id: number;
  user_name: string;
  plan: string;
}

/**
 * Users and tokens as server/auth/token-store.ts keeps them in SQLite. Every request looks its
 * token up here, so a revoke from the CLI, or by any instance, takes effect everywhere at once.
 */
export function pgTokens(db: PgDatabase): TokenStore {
  return {
    async create(options) {
      const now = (options.now ?? new Date()).toISOString();
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await db.transaction(async (tx) => {
        await tx.run(
          'INSERT INTO users (name, plan, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
          [options.user, options.plan ?? 'standard', now],
        );
        if (options.plan) {
          await tx.run('UPDATE users SET plan = $1 WHERE name = $2', [options.plan, options.user]);
        }
        const userId = await tx.scalar<number>('SELECT id FROM users WHERE name = $1', [
          options.user,
        ]);
        await tx.run(
          `INSERT INTO tokens (user_id, token_hash, hint, scopes, expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            userId,
            hashToken(token),
            token.slice(0, TOKEN_PREFIX.length + 4),
            options.scopes.join(' '),
            options.expires ? `${options.expires}T00:00:00.000Z` : null,
            now,
          ],
        );
      });
      return token;
    },

    async revoke(token, now = new Date()) {
      const changed = await db.run(
        'UPDATE tokens SET revoked_at = COALESCE(revoked_at, $1) WHERE token_hash = $2',
        [now.toISOString(), hashToken(token)],
      );
      return changed > 0;
    },

    async verify(token, now): Promise<TokenLookup> {
      const row = await db.one<TokenRow>(
        `SELECT t.id, t.scopes, t.expires_at, t.revoked_at, u.id AS user_id, u.name AS user_name, u.plan
         FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
        [hashToken(token)],
      );
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      if (row.expires_at && row.expires_at <= now.toISOString())
        return { ok: false, reason: 'expired' };
      return {
        ok: true,
        principal: {
          userId: row.user_id,
          userName: row.user_name,
          plan: isPlan(row.plan) ? row.plan : 'standard',
          scopes: new Set(row.scopes.split(' ').filter(isScope)),
          tokenId: row.id,
        },
      };
    },
  };
}
