import { describe, expect, it } from 'vitest';
import { ApiCallError, CLIENT_ERROR_CODES } from '#shared/client/index.js';
import { FailureStreak, MAX_RATE_LIMIT_RETRIES, judgeWellFailure } from './failure-policy.js';

const api = (status: number, code = 'X', extra: { retryAfterMs?: number } = {}) =>
  new ApiCallError({ status, code, message: `HTTP ${status}`, ...extra });

describe('judgeWellFailure', () => {
  it('stops for what every well would hit: offline, the token, a cancel, a bug', () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    for (const error of [
      api(0, CLIENT_ERROR_CODES.NETWORK_ERROR),
      api(0, CLIENT_ERROR_CODES.TIMEOUT),
      api(401),
      api(403),
      abort,
      new TypeError('a bug'),
    ]) {
      expect(judgeWellFailure(error, 0)).toEqual({ kind: 'stop' });
    }
  });

  it('waits for the rate limit a few times, then reports the well', () => {
    expect(judgeWellFailure(api(429, 'RATE_LIMITED', { retryAfterMs: 3_000 }), 0)).toEqual({
      kind: 'retry',
      afterMs: 3_000,
    });
    expect(judgeWellFailure(api(429), 1)).toEqual({ kind: 'retry', afterMs: 1_000 });
    expect(judgeWellFailure(api(429), MAX_RATE_LIMIT_RETRIES)).toMatchObject({
      kind: 'skip',
      gone: false,
      error: { type: 'rate-limited' },
    });
  });

  it('skips the one well for 404 (gone), 5xx, 400 and answers that break the contract', () => {
    expect(judgeWellFailure(api(404, 'NOT_FOUND'), 0)).toMatchObject({ kind: 'skip', gone: true });
    expect(judgeWellFailure(api(503), 0)).toMatchObject({
      kind: 'skip',
      gone: false,
      error: { type: 'server' },
    });
    expect(judgeWellFailure(api(400), 0)).toMatchObject({
      kind: 'skip',
      error: { type: 'validation' },
    });
    // An HTML 404 page from a proxy is not the API saying the well is gone.
    expect(judgeWellFailure(api(404, CLIENT_ERROR_CODES.INVALID_RESPONSE), 0)).toMatchObject({
      kind: 'skip',
      gone: false,
      error: { type: 'server' },
    });
  });
});

describe('FailureStreak', () => {
  it('stops after five failures in a row, and checks the project after three wells gone', () => {
    const streak = new FailureStreak();
    const fail = { kind: 'skip', gone: false } as const;
    const gone = { kind: 'skip', gone: true } as const;
    expect([1, 2, 3, 4].map(() => streak.record(fail))).toEqual([
      'go-on',
      'go-on',
      'go-on',
      'go-on',
    ]);
    streak.record({ kind: 'ok' });
    expect([1, 2, 3, 4].map(() => streak.record(fail))).toEqual([
      'go-on',
      'go-on',
      'go-on',
      'go-on',
    ]);
    expect(streak.record(fail)).toBe('stop');
    expect([1, 2, 3].map(() => streak.record(gone))).toEqual(['go-on', 'go-on', 'check']);
  });
});
