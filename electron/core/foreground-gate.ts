/**
 * The person's own work goes before background work. Counted here while in flight: reads
 * that wait on the server (a chart of a well not yet kept, a wells list fetched for the first
 * time) and analyses computing on this computer (Forecast all wells, Data quality, the
 * Overview's sums). The replicator asks `quiet()` before each well it starts, so it never
 * queues its requests ahead of a read in the connection's rate limiter, nor takes turns of
 * the core's one thread from an analysis. A well already on the wire is finished (a few
 * requests at most), so the person waits for little.
 */
export class ForegroundGate {
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await work();
    } finally {
      if (--this.inFlight === 0) {
        const waiting = this.waiters;
        this.waiters = [];
        for (const wake of waiting) wake();
      }
    }
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves once no read is in flight; rejects when `signal` aborts. */
  quiet(signal: AbortSignal): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiters = this.waiters.filter((wake) => wake !== done);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      const done = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(done);
    });
  }
}
