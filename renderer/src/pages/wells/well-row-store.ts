import type { RateBasis } from '#shared/production/rate-basis.js';
import type { ScreeningStream, WellView } from '#shared/desktop/index.js';

/**
 * The wells table's rows read so far, by well id, each with when it was read. A keystroke
 * answered from the search index (well-index.ts) paints the rows it finds here without
 * asking the core; a row on screen read before the index's latest read is shown, and read
 * again (a row off screen is read again when it comes on screen).
 *
 * One store per project, rate basis and sparklines shown: those change what a row holds.
 * The last few are kept, so going back to a project just left finds its rows.
 */
export class WellRowStore {
  private readonly rows = new Map<string, { well: WellView; readAt: number }>();
  /**
   * Bumped by each `keep` of rows on screen: what a window built from the store depends on.
   * The background fill keeps rows `quietly`: they are not on screen, and a render of the
   * table for each of its chunks would hold up the keys typed meanwhile.
   */
  version = 0;

  keep(wells: readonly WellView[], readAt: number, { quietly = false } = {}): void {
    if (!quietly) this.version++;
    for (const well of wells) {
      const held = this.rows.get(well.id);
      // An answer that set out before the one already held is older: it does not replace it.
      if (!held || held.readAt <= readAt) this.rows.set(well.id, { well, readAt });
    }
  }

  get(id: string): WellView | undefined {
    return this.rows.get(id)?.well;
  }

  /** Reads of rows on screen in flight: the background fill gives way to them. */
  readingOnScreen = 0;

  async onScreen<T>(read: () => Promise<T>): Promise<T> {
    this.readingOnScreen++;
    try {
      return await read();
    } finally {
      this.readingOnScreen--;
    }
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  /** Not held, or read before `freshFrom` (the time the list it belongs to was read). */
  needs(id: string, freshFrom: number): boolean {
    const held = this.rows.get(id);
    return held === undefined || held.readAt < freshFrom;
  }
}

const KEPT_STORES = 4;
const stores = new Map<string, WellRowStore>();

export function rowStoreFor(
  projectId: string,
  basis: RateBasis,
  sparklines: readonly ScreeningStream[],
): WellRowStore {
  const key = JSON.stringify([projectId, basis, sparklines]);
  const store = stores.get(key) ?? new WellRowStore();
  // Most recently used last: the first key is the one to let go.
  stores.delete(key);
  stores.set(key, store);
  for (const oldest of stores.keys()) {
    if (stores.size <= KEPT_STORES) break;
    stores.delete(oldest);
  }
  return store;
}
