import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY,
  MAX_RETRY_WAIT_MS,
  backoffDelay,
  boundedDelay,
  isCertainlyUnsent,
  isRetryable,
  parseRetryAfter,
  retryDelay,
  type AttemptFailure,
} from './retry-policy.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('backoffDelay (full jitter)', () => {
  it('spans [0, min(cap, base·2^retry)) exactly, as random spans [0, 1)', () => {
    const almostOne = 1 - Number.EPSILON;
    for (let retry = 0; retry < 12; retry++) {
      const ceiling = Math.min(30_000, 250 * 2 ** retry);
      expect(backoffDelay(retry, DEFAULT_RETRY, () => 0)).toBe(0);
      expect(backoffDelay(retry, DEFAULT_RETRY, () => 0.5)).toBe(Math.floor(ceiling / 2));
      const top = backoffDelay(retry, DEFAULT_RETRY, () => almostOne);
      expect(top).toBeLessThan(ceiling);
      expect(top).toBeGreaterThanOrEqual(ceiling - 1);
    }
  });

  it('doubles the window per retry until the cap', () => {
    const windows = [0, 1, 2, 3, 7, 8, 20].map((retry) =>
      backoffDelay(retry, DEFAULT_RETRY, () => 0.999999),
    );
    expect(windows).toEqual([249, 499, 999, 1999, 29_999, 29_999, 29_999]);
  });

  it('stays inside the bounds for any random value', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 2000; i++) {
      const retry = i % 10;
      const delay = backoffDelay(
        retry,
        { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 5000 },
        random,
      );
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(5000, 100 * 2 ** retry));
    }
  });

  it('lets Retry-After win over the backoff', () => {
    expect(retryDelay(3, 7000, DEFAULT_RETRY, () => 0.5)).toBe(7000);
    expect(retryDelay(3, 0, DEFAULT_RETRY, () => 0.5)).toBe(0);
    expect(retryDelay(0, undefined, DEFAULT_RETRY, () => 0.5)).toBe(125);
  });
});

describe('boundedDelay', () => {
  it('keeps every retry wait a whole number of ms in [0, 1 h], far below the 2^31−1 of setTimeout', () => {
    expect(MAX_RETRY_WAIT_MS).toBe(3_600_000);
    expect(MAX_RETRY_WAIT_MS).toBeLessThan(2 ** 31 - 1);
    expect(boundedDelay(3_000_000_000)).toBe(MAX_RETRY_WAIT_MS);
    expect(boundedDelay(Infinity)).toBe(MAX_RETRY_WAIT_MS);
    expect(boundedDelay(-5)).toBe(0);
    expect(boundedDelay(NaN)).toBe(0);
    expect(boundedDelay(12.2)).toBe(13);
  });

  it('bounds a backoff and a Retry-After configured or sent beyond it', () => {
    const huge = { ...DEFAULT_RETRY, baseDelayMs: 1e9, maxDelayMs: 1e12 };
    expect(backoffDelay(40, huge, () => 0.999)).toBe(MAX_RETRY_WAIT_MS);
    expect(retryDelay(0, 3_000_000_000, DEFAULT_RETRY, () => 0.5)).toBe(MAX_RETRY_WAIT_MS);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    // A fraction is rounded up to the next whole second: never earlier than asked.
    expect(parseRetryAfter('1.5', NOW)).toBe(2000);
    expect(parseRetryAfter('0.001', NOW)).toBe(1000);
  });

  it('reads an HTTP date, relative to the response Date when readable, else to now', () => {
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:00:42 GMT', NOW)).toBe(42_000);
    // Our clock is an hour fast; the server's own Date says the wait is 42 s.
    const served = 'Wed, 15 Jan 2025 11:00:00 GMT';
    expect(parseRetryAfter('Wed, 15 Jan 2025 11:00:42 GMT', NOW, served)).toBe(42_000);
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:00:42 GMT', NOW, 'not a date')).toBe(42_000);
    // The obsolete forms a recipient should still accept: RFC 850 and asctime (GMT).
    expect(parseRetryAfter('Wednesday, 15-Jan-25 12:00:42 GMT', NOW)).toBe(42_000);
    expect(parseRetryAfter('Wed Jan 15 12:00:42 2025', NOW)).toBe(42_000);
  });

  it('ignores a date already past, so the caller backs off instead of retrying at once', () => {
    expect(parseRetryAfter('Wed, 15 Jan 2025 11:00:00 GMT', NOW)).toBeUndefined();
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:00:00 GMT', NOW)).toBe(0);
  });

  it('never asks for more than an hour, however long the server says', () => {
    expect(parseRetryAfter('3000000', NOW)).toBe(MAX_RETRY_WAIT_MS);
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(MAX_RETRY_WAIT_MS);
    expect(parseRetryAfter('3600', NOW)).toBe(3_600_000);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', NOW)).toBe(MAX_RETRY_WAIT_MS);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('-0.5', NOW)).toBeUndefined();
    expect(parseRetryAfter('1e3', NOW)).toBeUndefined();
    expect(parseRetryAfter('12 seconds', NOW)).toBeUndefined();
    expect(parseRetryAfter('Wed, 99 Foo 2025', NOW)).toBeUndefined();
    expect(parseRetryAfter('', NOW)).toBeUndefined();
  });
});

describe('isRetryable', () => {
  const status = (code: number): AttemptFailure => ({ kind: 'status', status: code });

  it('retries idempotent requests on transient statuses, network errors and timeouts', () => {
    for (const code of [408, 429, 500, 502, 503, 504])
      expect(isRetryable(status(code), 'idempotent')).toBe(true);
    for (const code of [400, 401, 403, 404, 405, 409, 413, 415, 501]) {
      expect(isRetryable(status(code), 'idempotent')).toBe(false);
    }
    expect(isRetryable({ kind: 'network', unsent: false }, 'idempotent')).toBe(true);
    expect(isRetryable({ kind: 'timeout' }, 'idempotent')).toBe(true);
  });

  it('retries creations only when the request certainly had no effect', () => {
    expect(isRetryable(status(429), 'unsent-only')).toBe(true);
    expect(isRetryable(status(503), 'unsent-only')).toBe(true);
    for (const code of [408, 500, 502, 504])
      expect(isRetryable(status(code), 'unsent-only')).toBe(false);
    expect(isRetryable({ kind: 'network', unsent: false }, 'unsent-only')).toBe(false);
    expect(isRetryable({ kind: 'timeout' }, 'unsent-only')).toBe(false);
    expect(isRetryable({ kind: 'network', unsent: true }, 'unsent-only')).toBe(true);
  });

  it('knows a refused connection was never sent, and a reset may have been', () => {
    const failed = (code: string) =>
      new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    expect(isCertainlyUnsent(failed('ECONNREFUSED'))).toBe(true);
    expect(isCertainlyUnsent(failed('ECONNRESET'))).toBe(false);
    expect(isCertainlyUnsent(new TypeError('Failed to fetch'))).toBe(false);
    expect(isCertainlyUnsent(null)).toBe(false);
  });
});
