/**
 * Serialized responses (UTF-8 bytes, so a hit is sent without encoding) kept in memory, least
 * recently used first out. Keys must name everything the body depends on (for production: the
 * well id, its data_version, the unit system and the query), so a stale entry can never be hit:
 * writes bump the version.
 *
 * A body is kept only when its key is asked for a second time (the "doorkeeper" of TinyLFU):
 * a chart redrawn or a second reader of the same range is served from memory from then on,
 * while a stream of different requests (many engineers, many wells) leaves the cache alone.
 * Keeping every first answer cost more than it saved: each 60 KB body outlived the young
 * generation only to be evicted a few hundred requests later, and the memory held outside the
 * heap that way set off a full garbage collection a dozen times a second.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  /** Keys asked for once and not (yet) kept; forgotten wholesale when it fills. */
  private readonly askedOnce = new Set<string>();

  constructor(
    private readonly maxEntries = 512,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxRemembered = maxEntries * 8,
  ) {}

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key);
    if (body !== undefined) {
      // Re-insert: a Map iterates in insertion order, so the front is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  /** Offers the body built for a missed `key`; true when it is kept. */
  offer(key: string, body: Buffer): boolean {
    if (body.length > this.maxBytes / 4) return false;
    if (!this.askedOnce.delete(key) && !this.entries.has(key)) {
      if (this.askedOnce.size >= this.maxRemembered) this.askedOnce.clear();
      this.askedOnce.add(key);
      return false;
    }
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.bytes -= previous.length;
      this.entries.delete(key);
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
    return true;
  }

  get size(): number {
    return this.entries.size;
  }
}
