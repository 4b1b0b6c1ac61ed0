/**
 * Serialized responses (UTF-8 bytes, so a hit is sent without encoding) kept in memory, least recently used first out. Keys must name
 * everything the body depends on (for production: the well id, its data_version, the
 * unit system and the query), so a stale entry can never be hit: writes bump the version.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 512,
    private readonly maxBytes = 64 * 1024 * 1024,
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

  set(key: string, body: Buffer): void {
    if (body.length > this.maxBytes / 4) return;
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
  }

  get size(): number {
    return this.entries.size;
  }
}
