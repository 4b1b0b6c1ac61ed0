/**
 * One fetch of a well's days at a time, whoever asks: a read the person waits on, the
 * replication in the background, a manual download, a fit. The second waits for the first
 * (one well's requests), then fetches only what the coverage still lacks: a click and the
 * background meeting on one well never fetch a day twice.
 */
export class WellFetchLock {
  /** Per connection and well: the last fetch queued, settled when it ends. */
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(connectionId: string, wellId: string, fetch: () => Promise<T>): Promise<T> {
    const key = `${connectionId}\u0000${wellId}`;
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const tail = before.then(() => new Promise<void>((resolve) => (release = resolve)));
    this.tails.set(key, tail);
    await before;
    try {
      return await fetch();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Wells with a fetch running or waiting (a leak shows here). */
  get size(): number {
    return this.tails.size;
  }
}
