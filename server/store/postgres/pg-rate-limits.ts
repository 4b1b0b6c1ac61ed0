import type { RateDecision } from '../../rate-limit/gcra.js';
import type { RateLimitStore } from '../store.js';
import type { PgDatabase } from './pg-session.js';

/** Buckets full again are deleted once per this many requests an instance counts. */
const SWEEP_EVERY = 10_000;

/**
 * The GCRA of server/rate-limit/gcra.ts with its one number per key (the theoretical arrival
 * time, `tat`) in the rate_limit_buckets table, so every instance counts against the same
 * budget. One statement advances the bucket only when the request is allowed: the row lock
 * ON CONFLICT takes makes concurrent requests for one key take turns, and none is lost.
 */
export function pgRateLimits(db: PgDatabase): RateLimitStore {
  let counted = 0;
  return {
    async take(key, limit, now): Promise<RateDecision> {
      const interval = 60_000 / limit.perMinute;
      const tolerance = interval * limit.burst;
      if (++counted % SWEEP_EVERY === 0) {
        await db.run('DELETE FROM rate_limit_buckets WHERE tat <= $1', [now]);
      }
      const next = await db.scalar<number>(
        `INSERT INTO rate_limit_buckets AS b (key, tat) VALUES ($1, $2::float8 + $3::float8)
         ON CONFLICT (key) DO UPDATE SET tat = GREATEST(b.tat, $2::float8) + $3::float8
           WHERE GREATEST(b.tat, $2::float8) + $3::float8 - $2::float8 <= $4::float8
         RETURNING tat`,
        [key, now, interval, tolerance],
      );
      if (next !== undefined) {
        return {
          allowed: true,
          limit: limit.perMinute,
          remaining: Math.floor((tolerance - (next - now)) / interval),
        };
      }
      const tat =
        (await db.scalar<number>('SELECT tat FROM rate_limit_buckets WHERE key = $1', [key])) ??
        now;
      const waitMs = Math.max(tat, now) + interval - tolerance - now;
      return {
        allowed: false,
        limit: limit.perMinute,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      };
    },
  };
}
