import { abortErrorFrom } from '../api-call-error.js';

/**
 * A clock whose time moves only when a test says so. Sleepers wake in time
 * order as `advance` passes their deadline, with pending promise callbacks run
 * in between, so concurrent waits behave as they would in real time.
 */
export class ManualClock {
  private time: number;
  private timers: Array<{ at: number; seq: number; wake: () => void }> = [];
  private seq = 0;
  /** Every duration passed to sleep, in call order. */
  readonly sleeps: number[] = [];

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now = (): number => this.time;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    this.sleeps.push(ms);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortErrorFrom(signal));
      const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, wake: () => resolve() };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((other) => other !== timer);
          reject(abortErrorFrom(signal));
        },
        { once: true },
      );
    });
  };

  /** Sleepers still waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, waking every sleeper whose deadline passes, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.time = Math.max(this.time, next.at);
      next.wake();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

/** Lets every already-queued promise callback run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A clock where sleeping simply moves time on: for sequential code such as the retry loop. */
export function instantClock(start = 1_000_000): {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  sleeps: number[];
} {
  let time = start;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
  };
}
