/**
 * The last few daily reads, kept decoded. Reading 20 years from SQLite costs
 * ~1.5 µs a row in better-sqlite3 (7,300 rows: 3 ms on a laptop, 12 ms on the
 * slow build machines), and the same range is read again and again: every
 * `cache-changed` makes react-query re-read, and daily ↔ monthly toggles read
 * the same days. A hit costs a copy of the arrays.
 *
 * An entry is used only while its signature still matches: the well's write
 * generation (bumped by every ProductionRepo write) and its coverage rows
 * (which change with every fetch, and vanish when a cascade deletes the well).
 */
export interface MemoColumns {
  dates: string[];
  columns: Array<Array<number | null>>;
}

export class ProductionMemo {
  private readonly entries = new Map<string, { signature: string; value: MemoColumns }>();

  constructor(private readonly capacity = 8) {}

  get(key: string, signature: string): MemoColumns | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.signature !== signature) return undefined;
    this.entries.set(key, entry); // most recently used last
    return copy(entry.value);
  }

  set(key: string, signature: string, value: MemoColumns): void {
    this.entries.delete(key);
    this.entries.set(key, { signature, value: copy(value) });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** Callers own what they get: the renderer side may mutate it. */
function copy(value: MemoColumns): MemoColumns {
  return { dates: value.dates.slice(), columns: value.columns.map((column) => column.slice()) };
}
