import type { Aggregation, ProductionField, WellStatus, WellType } from '../api/index.js';
import { AdaptiveRateLimiter, type RateLimiterOptions } from './rate-limiter.js';
import { secretScrubber } from './redact.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy.js';
import { defaultSleep, type FetchLike, type Sleep, type TransportConfig } from './transport.js';
import { Wakeup } from './wakeup.js';

/** The ApiClient's constructor options, their defaults, and the parameter shapes of its methods. */

export interface ApiClientOptions {
  /** The organisation's address, ending with `/api/v1`. */
  baseUrl: string;
  token: string;
  /** Defaults to globalThis.fetch (Node 18+, browsers, Electron). */
  fetch?: FetchLike;
  /** Per attempt, until the whole body is read. Default 30 s. */
  timeoutMs?: number;
  /** Default: 5 attempts, 250 ms base, 30 s cap. `{ maxAttempts: 1 }` disables retries. */
  retry?: Partial<RetryOptions>;
  /** The adaptive limiter's tuning, or false to send without one. */
  rateLimit?: Partial<RateLimiterOptions> | false;
  /** Injected for tests; defaults are setTimeout, Math.random and Date.now. */
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
}

/** The last parameter of every method. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface PageQuery {
  limit?: number;
  cursor?: string;
}

export interface WellsQuery extends PageQuery {
  type?: WellType;
  status?: WellStatus;
  search?: string;
}

export interface DateRange {
  from: string;
  to: string;
}

export interface ProductionQuery extends DateRange {
  fields?: readonly ProductionField[];
  aggregation?: Aggregation;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Options with their defaults filled in, and the client's one limiter. */
export function resolveOptions(options: ApiClientOptions): TransportConfig {
  if (!/\/api\/v1\/?$/.test(options.baseUrl)) {
    throw new TypeError(`baseUrl must end with /api/v1 (got ${options.baseUrl})`);
  }
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? defaultSleep;
  const wakeup = new Wakeup();
  return {
    baseUrl: options.baseUrl,
    token: options.token,
    // Looked up per call, so a fetch installed later (or stubbed in a test) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    sleep,
    random: options.random ?? Math.random,
    now,
    limiter:
      options.rateLimit === false
        ? null
        : new AdaptiveRateLimiter({ now, sleep }, options.rateLimit),
    wakeup,
    scrub: secretScrubber([options.token]),
  };
}
