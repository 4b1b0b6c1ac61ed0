import Database from 'better-sqlite3';
import { isDiskFull } from '../storage-errors.js';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { migrate, type CacheDb } from './migrate.js';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import { openCache, type CacheOpenReport, type OpenCacheOptions } from './open-cache.js';
import { refuseLocalOnlyWrites } from './read-only-guards.js';

/**
 * The cache as the core starts with it, even on a full disk (the host must not
 * stop for that):
 *
 * - `normal`: the file, as always;
 * - `exclusive`: the file, its WAL index in memory (a full disk cannot give a
 *   new -shm its size); reads work, writes fail with "the disk is full" until
 *   space is freed, then work again;
 * - `memory`: the file could not be opened or brought to this version's schema
 *   without writing, so the cache is an empty one in memory: the server's data
 *   can be shown, nothing only this computer would hold can be saved.
 */
export type CacheMode = 'normal' | 'exclusive' | 'memory';

export interface StartCache {
  db: CacheDb;
  report: CacheOpenReport;
  mode: CacheMode;
}

export function openCacheForStart(file: string, options: OpenCacheOptions = {}): StartCache {
  for (const mode of ['normal', 'exclusive'] as const) {
    try {
      const { db, report } = openCache(file, {
        ...options,
        exclusiveLocking: mode === 'exclusive',
      });
      return { db, report, mode };
    } catch (error) {
      if (!isDiskFull(error)) throw error;
    }
  }
  const db = new Database(':memory:', sqliteBindingOptions(process.env));
  db.pragma('foreign_keys = ON');
  migrate(db, options.migrations ?? CACHE_MIGRATIONS, options.now ?? (() => new Date()));
  return { db, report: { file, movedAside: null }, mode: 'memory' };
}

/** After the start-up writes (the demo connection): from here on, nothing local-only is kept. */
export function sealMemoryCache(start: StartCache): void {
  if (start.mode === 'memory') refuseLocalOnlyWrites(start.db);
}
