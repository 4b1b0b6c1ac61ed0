import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCOPES } from '../../auth/scopes.js';
import { hashToken, TOKEN_PREFIX } from '../../auth/token-store.js';
import type { DemoOptions } from '../../demo/generate.js';
import { DEMO_USER, seedDemoIfEmpty, type SeedSummary } from '../../demo/seed.js';
import { openDatabase } from '../database.js';
import { exportSqliteToPostgres } from './export-sqlite.js';
import { createPool, PgDatabase } from './pg-session.js';

/** The meta key of the token the last demo start printed, as on SQLite (server/demo/demo-token.ts). */
const LAST_DEMO_TOKEN = 'demo-token-id';

/**
 * `serve --demo` on PostgreSQL: the demo dataset, seeded into a database that holds no data.
 * The generator writes SQLite (server/demo/seed.ts), so the dataset is made in a temporary
 * file and moved by the export, the same verified path an organisation's move takes; the
 * result is row for row what a SQLite demo holds. Instances starting together queue on the
 * export's lock and the later ones find the data there. Undefined when nothing was seeded.
 */
export async function seedPostgresDemo(
  url: string,
  options: DemoOptions = {},
): Promise<SeedSummary | undefined> {
  const started = performance.now();
  if (await holdsProjects(url)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'flowline-demo-'));
  try {
    const file = join(dir, 'demo.db');
    const db = openDatabase(file);
    let seeded: SeedSummary | undefined;
    try {
      seeded = seedDemoIfEmpty(db, options);
    } finally {
      db.close();
    }
    const exported = await exportSqliteToPostgres(file, url, { whenNotEmpty: 'skip' });
    if (!exported || !seeded) return undefined;
    return { ...seeded, ms: performance.now() - started };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function holdsProjects(url: string): Promise<boolean> {
  const db = new PgDatabase(createPool(url));
  try {
    return (await db.scalar<boolean>('SELECT EXISTS (SELECT 1 FROM projects)')) as boolean;
  } catch (error) {
    // Before the first migration there is no projects table: the database holds nothing.
    if ((error as { code?: string }).code === '42P01') return false;
    throw error;
  } finally {
    await db.pool.end();
  }
}

/**
 * The token a demo start prints, with the rules of the SQLite demo (server/demo/demo-token.ts):
 * the one the previous start printed is revoked, or on the first start every live token of
 * the demo user, so only one demo token is valid at a time. One transaction.
 */
export async function issuePostgresDemoToken(url: string, now = new Date()): Promise<string> {
  const db = new PgDatabase(createPool(url));
  const at = now.toISOString();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  try {
    await db.transaction(async (tx) => {
      const previous = await tx.scalar<string>('SELECT value FROM meta WHERE key = $1 FOR UPDATE', [
        LAST_DEMO_TOKEN,
      ]);
      await tx.run(
        previous === undefined
          ? `UPDATE tokens SET revoked_at = $1 WHERE revoked_at IS NULL
             AND user_id = (SELECT id FROM users WHERE name = $2)`
          : 'UPDATE tokens SET revoked_at = $1 WHERE revoked_at IS NULL AND id = $2',
        [at, previous === undefined ? DEMO_USER : Number(previous)],
      );
      await tx.run(
        `INSERT INTO users (name, plan, created_at) VALUES ($1, 'enterprise', $2)
         ON CONFLICT (name) DO UPDATE SET plan = 'enterprise'`,
        [DEMO_USER, at],
      );
      const id = await tx.scalar<number>(
        `INSERT INTO tokens (user_id, token_hash, hint, scopes, expires_at, created_at)
         SELECT id, $2, $3, $4, NULL, $5 FROM users WHERE name = $1 RETURNING id`,
        [
          DEMO_USER,
          hashToken(token),
          token.slice(0, TOKEN_PREFIX.length + 4),
          DEFAULT_SCOPES.join(' '),
          at,
        ],
      );
      await tx.run(
        `INSERT INTO meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [LAST_DEMO_TOKEN, String(id)],
      );
    });
    return token;
  } finally {
    await db.pool.end();
  }
}
