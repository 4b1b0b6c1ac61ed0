/**
 * The highest of the last `size` values pushed, in O(1) amortised per value: a
 * monotonic queue (the values that may still become the highest, each lower than the
 * one before it, with their positions), so twenty years of days cost one pass, not a
 * scan of the window for every day. The queue never holds more than `size` values, so
 * it lives in two fixed rings: a project's data-quality scan pushes millions of values
 * and allocates nothing per value.
 */
export class RecentMaximum {
  private readonly values: Float64Array;
  private readonly positions: Float64Array;
  /** Ring index of the queue's front (the highest), and how many it holds. */
  private head = 0;
  private length = 0;
  private pushed = 0;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be ≥ 1, not ${size}`);
    this.values = new Float64Array(size);
    this.positions = new Float64Array(size);
  }

  push(value: number): void {
    const position = this.pushed++;
    const size = this.size;
    // Values no higher than the new one can never be the highest again.
    while (this.length > 0) {
      const back = (this.head + this.length - 1) % size;
      if ((this.values[back] as number) > value) break;
      this.length--;
    }
    // The front leaves once it is `size` pushes old (positions rise by one, so only it can).
    if (this.length > 0 && (this.positions[this.head] as number) <= position - size) {
      this.head = (this.head + 1) % size;
      this.length--;
    }
    const at = (this.head + this.length) % size;
    this.values[at] = value;
    this.positions[at] = position;
    this.length++;
  }

  /** How many values the window holds (at most `size`). */
  get count(): number {
    return Math.min(this.pushed, this.size);
  }

  /** The highest value in the window, or null when nothing was pushed. */
  get max(): number | null {
    return this.length > 0 ? (this.values[this.head] as number) : null;
  }
}
