/**
 * Keeps track of the core's server work: identical refreshes share one
 * request (ten views opening the same project do not fetch it ten times),
 * background ones are awaited by `idle()` (tests, shutdown), and `close()`
 * aborts them all before the database closes under them.
 */
export class Refresher {
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Runs `task` unless the same key is already running, in which case it joins that run. */
  run(key: string, task: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = (async () => {
      this.controller.signal.throwIfAborted();
      await task(this.controller.signal);
    })().finally(() => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    });
    this.inflight.set(key, promise);
    return promise;
  }

  /** Like run, for nobody to wait on: failures go to `onError`. */
  background(
    key: string,
    task: (signal: AbortSignal) => Promise<void>,
    onError: (error: unknown) => void,
  ): void {
    this.run(key, task).catch((error: unknown) => {
      if (!this.closed) onError(error);
    });
  }

  /** Resolves once nothing is running (including work started meanwhile). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight.values()]);
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.idle();
  }
}
