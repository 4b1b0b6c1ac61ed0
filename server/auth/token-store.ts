import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../store/database.js';
import { isPlan, isScope, type Plan, type Principal, type Scope } from './scopes.js';

export const TOKEN_PREFIX = 'flw_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface CreateTokenOptions {
  user: string;
  scopes: readonly Scope[];
  /** Sets the user's plan; a new user without one gets 'standard'. */
  plan?: Plan;
  /** The token stops working at 00:00 UTC on this date. */
  expires?: string;
  now?: Date;
}

/** Issues a token (shown once, stored only as its SHA-256), creating the user if needed. */
export function createToken(db: Db, options: CreateTokenOptions): string {
  const now = (options.now ?? new Date()).toISOString();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  db.transaction(() => {
    db.prepare('INSERT OR IGNORE INTO users (name, plan, created_at) VALUES (?, ?, ?)').run(
      options.user,
      options.plan ?? 'standard',
      now,
    );
    if (options.plan) {
      db.prepare('UPDATE users SET plan = ? WHERE name = ?').run(options.plan, options.user);
    }
    const userId = db.prepare('SELECT id FROM users WHERE name = ?').pluck().get(options.user);
    db.prepare(
      `INSERT INTO tokens (user_id, token_hash, hint, scopes, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      userId,
      hashToken(token),
      token.slice(0, TOKEN_PREFIX.length + 4),
      options.scopes.join(' '),
      options.expires ? `${options.expires}T00:00:00.000Z` : null,
      now,
    );
  }).immediate();
  return token;
}

/** Marks a token revoked; false when no such token exists. */
export function revokeToken(db: Db, token: string, now = new Date()): boolean {
  const result = db
    .prepare('UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE token_hash = ?')
    .run(now.toISOString(), hashToken(token));
  return result.changes > 0;
}

export type TokenLookup =
  { ok: true; principal: Principal } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

interface TokenRow {
  id: number;
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  user_id: number;
  user_name: string;
  plan: string;
}

/** Looks a token up on every request: a revoke from the CLI takes effect at once. */
export class TokenVerifier {
  private readonly lookup;

  constructor(db: Db) {
    this.lookup = db.prepare(
      `SELECT t.id, t.scopes, t.expires_at, t.revoked_at, u.id AS user_id, u.name AS user_name, u.plan
       FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
    );
  }

  verify(token: string, now: Date): TokenLookup {
    const row = this.lookup.get(hashToken(token)) as TokenRow | undefined;
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.expires_at && row.expires_at <= now.toISOString())
      return { ok: false, reason: 'expired' };
    const scopes = new Set(row.scopes.split(' ').filter(isScope));
    return {
      ok: true,
      principal: {
        userId: row.user_id,
        userName: row.user_name,
        plan: isPlan(row.plan) ? row.plan : 'standard',
        scopes,
        tokenId: row.id,
      },
    };
  }
}
