/**
 * The highest of the last `size` values pushed, in O(1) amortised per value: a
 * monotonic queue (positions of values, each lower than the one before it), so
 * twenty years of days cost one pass, not a scan of the window for every day.
 */
export class RecentMaximum {
  private readonly values: number[] = [];
  /** Positions in `values`, their values strictly decreasing. */
  private readonly queue: number[] = [];
  private head = 0;

  constructor(private readonly size: number) {}

  push(value: number): void {
    const position = this.values.length;
    this.values.push(value);
    while (
      this.queue.length > this.head &&
      this.values[this.queue[this.queue.length - 1]!]! <= value
    )
      this.queue.pop();
    this.queue.push(position);
    while (this.queue[this.head]! <= position - this.size) this.head++;
  }

  /** How many values the window holds (at most `size`). */
  get count(): number {
    return Math.min(this.values.length, this.size);
  }

  /** The highest value in the window, or null when nothing was pushed. */
  get max(): number | null {
    return this.queue.length > this.head ? this.values[this.queue[this.head]!]! : null;
  }
}
