import { describe, expect, it } from 'vitest';
import type { RateLimitStore } from '../store/store.js';
import { FailOpenBuckets, SHARED_RETRY_MS } from './fail-open-buckets.js';
import { GcraLimiter } from './gcra.js';

const small = { perMinute: 60, burst: 3 };
const T0 = 1_000_000;

/** Shared buckets that count in memory, and fail every write while `failing` is set. */
function sharedBuckets() {
  const counting = new GcraLimiter();
  const state = { failing: false, calls: 0 };
  const store: RateLimitStore = {
    async take(key, limit, now) {
      state.calls++;
      if (state.failing) {
        throw Object.assign(new Error('could not extend file: No space left on device'), {
          code: '53100',
        });
      }
      return counting.take(key, limit, now);
    },
  };
  return { store, state };
}

function recordingLog() {
  const lines: Array<{ level: string; message: string }> = [];
  const record = (level: string) => (first: unknown, second?: unknown) =>
    lines.push({ level, message: String(typeof first === 'string' ? first : second) });
  return { log: { warn: record('warn'), info: record('info') } as never, lines };
}

describe('FailOpenBuckets', () => {
  it('passes decisions through while the shared buckets work, and logs nothing', async () => {
    const { store, state } = sharedBuckets();
    const { log, lines } = recordingLog();
    const buckets = new FailOpenBuckets(store);
    const allowed = [];
    for (let i = 0; i < 4; i++) allowed.push((await buckets.take('k', small, T0, log)).allowed);
    expect(allowed).toEqual([true, true, true, false]);
    expect(state.calls).toBe(4);
    expect(lines).toEqual([]);
    expect(buckets.failingOpen).toBe(false);
  });

  it('counts in memory when writes fail, says so once, and still refuses past the budget', async () => {
    const { store, state } = sharedBuckets();
    const { log, lines } = recordingLog();
    const buckets = new FailOpenBuckets(store);
    state.failing = true;
    const decisions = await Promise.all(
      Array.from({ length: 5 }, () => buckets.take('k', small, T0, log)),
    );
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 1 });
    expect(buckets.failingOpen).toBe(true);
    // Five requests failed together, and later ones inside the retry window do not even try.
    for (let i = 0; i < 20; i++) await buckets.take('other', small, T0 + i, log);
    expect(state.calls).toBe(5);
    expect(lines).toEqual([
      {
        level: 'warn',
        message:
          "Rate limiting: the shared rate-limit buckets cannot be written; counting requests in this instance's memory until they can",
      },
    ]);
  });

  it('tries the shared buckets once per retry window and goes back to them when writes succeed', async () => {
    const { store, state } = sharedBuckets();
    const { log, lines } = recordingLog();
    const buckets = new FailOpenBuckets(store);
    state.failing = true;
    await buckets.take('k', small, T0, log);
    expect(state.calls).toBe(1);
    await buckets.take('k', small, T0 + SHARED_RETRY_MS - 1, log);
    expect(state.calls).toBe(1);
    // The window has passed: one request tries again, fails, and the window starts over.
    await buckets.take('k', small, T0 + SHARED_RETRY_MS, log);
    await buckets.take('k', small, T0 + SHARED_RETRY_MS + 1, log);
    expect(state.calls).toBe(2);
    expect(buckets.failingOpen).toBe(true);

    state.failing = false;
    const back = await buckets.take('k', small, T0 + 2 * SHARED_RETRY_MS, log);
    expect(back).toMatchObject({ allowed: true, remaining: 2 });
    expect(buckets.failingOpen).toBe(false);
    await buckets.take('k', small, T0 + 2 * SHARED_RETRY_MS, log);
    expect(state.calls).toBe(4);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(lines[1]?.message).toMatch(/written again/);
  });

  it('says so again when the shared buckets fail a second time', async () => {
    const { store, state } = sharedBuckets();
    const { log, lines } = recordingLog();
    const buckets = new FailOpenBuckets(store);
    state.failing = true;
    await buckets.take('k', small, T0, log);
    state.failing = false;
    await buckets.take('k', small, T0 + SHARED_RETRY_MS, log);
    state.failing = true;
    await buckets.take('k', small, T0 + SHARED_RETRY_MS, log);
    await buckets.take('k', small, T0 + SHARED_RETRY_MS, log);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn']);
  });
});
