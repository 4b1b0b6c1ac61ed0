import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETRY_WAIT_MS } from '#shared/client/index.js';
import type { SyncStatus } from '#shared/desktop/index.js';
import type { RetryTimers } from './sync-engine.js';
import { backoffMs } from './sync-status.js';
import {
  day,
  FAST_SYNC,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from './testing/sync-fixture.js';
import {
  startScriptedProxy,
  type ScriptedAnswer,
  type ScriptedProxy,
} from './testing/scripted-proxy.js';

/**
 * A server (a real local proxy in front of the demo server) answering 429
 * with every kind of Retry-After, through the core's real client and sync
 * engine. The engine's retry timers are injected: each delay is recorded and
 * armed as a real (empty) setTimeout too, so Node itself would flag an
 * overflow, but only the test decides when a retry fires.
 */

interface Armed {
  ms: number;
  run: () => void;
  real: ReturnType<typeof setTimeout>;
}

class RecordingTimers implements RetryTimers {
  readonly armed = new Set<Armed>();
  /** Every positive delay armed, in order (zero ones are "soon": they run by themselves). */
  readonly delays: number[] = [];

  set(run: () => void, ms: number): Armed {
    const timer: Armed = { ms, run, real: setTimeout(() => undefined, ms) };
    if (ms === 0) {
      clearTimeout(timer.real);
      timer.real = setTimeout(() => {
        if (this.armed.delete(timer)) run();
      }, 0);
    } else {
      timer.real.unref();
      this.delays.push(ms);
    }
    this.armed.add(timer);
    return timer;
  }

  clear(handle: unknown): void {
    const timer = handle as Armed;
    clearTimeout(timer.real);
    this.armed.delete(timer);
  }

  /** The retry that is waiting, as if its time had come. */
  fire(): void {
    const [timer, ...others] = [...this.armed].filter((t) => t.ms > 0);
    expect(timer).toBeDefined();
    expect(others).toEqual([]);
    this.clear(timer);
    timer!.run();
  }

  waiting(): number[] {
    return [...this.armed].filter((t) => t.ms > 0).map((t) => t.ms);
  }
}

const SEED = () => 0.5;
const timers = new RecordingTimers();
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let fixture: SyncFixture;
let proxy: ScriptedProxy;
let well: WellRef;
const core = () => fixture.harness.core.handlers;

beforeAll(async () => {
  process.on('warning', onWarning);
  fixture = await startSyncFixture({
    wellCounts: [1, 0, 0],
    core: {
      sync: { ...FAST_SYNC, random: SEED, timers },
      client: {
        timeoutMs: 5_000,
        // Two attempts; a Retry-After over 1 s is the engine's to schedule.
        retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1_000 },
        rateLimit: { initialRampMs: 10, defaultHoldMs: 10 },
      },
    },
  });
  proxy = await startScriptedProxy(fixture.demo.baseUrl);
  await fixture.harness.reopen({
    defaultConnection: { name: 'Demo workspace', baseUrl: proxy.url, token: fixture.demo.token },
  });
  well = await fixture.newWell('imperial', 'Throttled 1H');
});

afterAll(async () => {
  process.off('warning', onWarning);
  await fixture.close();
  await proxy.close();
});

const throttled = (retryAfter: string, headers: Record<string, string> = {}): ScriptedAnswer => ({
  status: 429,
  headers: { 'retry-after': retryAfter, ...headers },
  body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'slow down' } }),
});
const save = (date: string, oil: number) =>
  core()['records-save']({
    projectId: well.projectId,
    wellId: well.wellId,
    records: [day(date, { oil_rate: oil })],
  });
const answered429 = () => proxy.log.filter((entry) => entry.answered === 429).length;

/** sync-now answers at once, waiting, with the next try `delay` ahead. */
async function syncNowWaits(delay: number): Promise<SyncStatus> {
  const before = Date.now();
  const status = await core()['sync-now']({});
  const after = Date.now();
  expect(status).toMatchObject({
    phase: 'waiting',
    online: true,
    lastError: { type: 'rate-limited' },
  });
  const next = Date.parse(status.nextAttemptAt!);
  expect(next).toBeGreaterThanOrEqual(before + delay);
  expect(next).toBeLessThanOrEqual(after + delay);
  expect(timers.delays.at(-1)).toBe(delay);
  expect(timers.waiting()).toEqual([delay]);
  return status;
}

describe('Retry-After from a throttling server', () => {
  it('schedules each retry within the hour, or by backoff when unusable, and sync-now always answers', async () => {
    // A month in seconds: the first save's pass waits an hour, not 3·10^9 ms (or 1 ms).
    proxy.queue(throttled('3000000'));
    await save('2024-09-01', 1);
    const waiting = await fixture.waitForStatus((s) => s.phase === 'waiting');
    expect(waiting.lastError).toMatchObject({ details: { retryAfterMs: MAX_RETRY_WAIT_MS } });
    expect(timers.waiting()).toEqual([MAX_RETRY_WAIT_MS]);
    expect(answered429()).toBe(1); // the client did not sleep or retry in a loop either

    // Each sync-now tries at once (the hour's hold is released), and the new answer decides.
    proxy.queue(throttled('-5'), throttled('-5'));
    await syncNowWaits(backoffMs(1, FAST_SYNC.baseDelayMs, FAST_SYNC.maxDelayMs, SEED));
    proxy.queue(throttled('1.5'));
    await syncNowWaits(2_000);
    proxy.queue(
      throttled('Wed, 15 Jan 2025 12:00:42 GMT', { date: 'Wed, 15 Jan 2025 12:00:00 GMT' }),
    );
    await syncNowWaits(42_000);
    proxy.queue(throttled('soon'), throttled('soon'));
    await syncNowWaits(backoffMs(4, FAST_SYNC.baseDelayMs, FAST_SYNC.maxDelayMs, SEED));
    expect(answered429()).toBe(7);
    expect(timers.delays).toEqual([
      MAX_RETRY_WAIT_MS,
      backoffMs(1, FAST_SYNC.baseDelayMs, FAST_SYNC.maxDelayMs, SEED),
      2_000,
      42_000,
      backoffMs(4, FAST_SYNC.baseDelayMs, FAST_SYNC.maxDelayMs, SEED),
    ]);

    // The server has healed. A save while waiting waits for the scheduled retry…
    const requests = proxy.log.length;
    await save('2024-09-02', 2);
    expect((await core()['sync-status']({})).phase).toBe('waiting');
    expect(proxy.log.length).toBe(requests);
    // …which sends both when it comes.
    timers.fire();
    expect(await fixture.waitForStatus((s) => s.phase === 'idle' && s.pending === 0)).toMatchObject(
      {
        lastError: null,
        nextAttemptAt: null,
      },
    );
    const days = await fixture.serverDays(well, '2024-09-01', '2024-09-02');
    expect([...days.values()].map((record) => record.oil_rate)).toEqual([1, 2]);
    expect(timers.waiting()).toEqual([]);
  });

  it('sends what was saved after the server healed on sync-now, an hour-long wait notwithstanding', async () => {
    proxy.queue(throttled('3000000'));
    await save('2024-09-03', 3);
    await fixture.waitForStatus((s) => s.phase === 'waiting');
    expect(timers.waiting()).toEqual([MAX_RETRY_WAIT_MS]);
    await save('2024-09-04', 4);
    expect(await core()['sync-now']({})).toMatchObject({
      phase: 'idle',
      pending: 0,
      lastError: null,
    });
    const days = await fixture.serverDays(well, '2024-09-03', '2024-09-04');
    expect([...days.values()].map((record) => record.oil_rate)).toEqual([3, 4]);
    expect(timers.waiting()).toEqual([]);
  });

  it('aborts a pass waiting inside the client when its connection is removed', async () => {
    const added = await core()['connections-add']({
      name: 'Second',
      baseUrl: proxy.url,
      token: fixture.demo.token,
    });
    await core()['wells-list']({ projectId: well.projectId, refresh: 'await' });
    await core()['wells-get']({ projectId: well.projectId, wellId: well.wellId });
    // Retry-After 1 s is within what the client sleeps through itself (maxRetryAfterMs).
    proxy.queue(throttled('1'));
    const before = answered429();
    await save('2024-09-06', 6);
    while (answered429() === before) await new Promise((resolve) => setImmediate(resolve));
    const requests = proxy.log.length;
    await core()['connections-remove']({ connectionId: added.id, discardUnsyncedChanges: true });
    // The pass is over (whenIdle waits for it): had it not been aborted, it would have
    // slept its second and sent the client's second attempt, which this log would show.
    await fixture.harness.core.whenIdle();
    expect(proxy.log.length).toBe(requests);
    expect(timers.waiting()).toEqual([]);
  });

  it('cancels the retry when the connection is removed', async () => {
    proxy.queue(throttled('3000000'));
    await save('2024-09-05', 5);
    await fixture.waitForStatus((s) => s.phase === 'waiting');
    expect(timers.waiting()).toEqual([MAX_RETRY_WAIT_MS]);
    const { connections } = await core()['connections-list']({});
    await core()['connections-remove']({
      connectionId: connections[0]!.id,
      discardUnsyncedChanges: true,
    });
    expect(timers.armed.size).toBe(0);
    const requests = proxy.log.length;
    await fixture.harness.core.whenIdle();
    expect(proxy.log.length).toBe(requests);
  });

  it('emitted no TimeoutOverflowWarning all along', async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === 'TimeoutOverflowWarning')).toEqual([]);
  });
});
