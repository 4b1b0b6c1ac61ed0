/**
 * A few numbers kept in ascending order while a window slides over a series: adding or
 * removing one shifts at most the window's length, where sorting a copy for every
 * position costs that length squared.
 */
export class SortedWindow {
  private readonly values: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }

  add(value: number): void {
    if (this.size === this.values.length) throw new Error('the window is full');
    let at = this.size;
    while (at > 0 && (this.values[at - 1] as number) > value) {
      this.values[at] = this.values[at - 1] as number;
      at--;
    }
    this.values[at] = value;
    this.size++;
  }

  /** Removes one occurrence of `value` (which must be in the window). */
  remove(value: number): void {
    const at = this.indexOf(value);
    this.values.copyWithin(at, at + 1, this.size);
    this.size--;
  }

  /** The median of the window. */
  median(): number {
    if (this.size === 0) throw new Error('median of no values');
    const middle = this.size >> 1;
    return this.size % 2 === 1
      ? (this.values[middle] as number)
      : ((this.values[middle - 1] as number) + (this.values[middle] as number)) / 2;
  }

  /** The median of the window with one occurrence of `value` (which must be in it) left out. */
  medianWithout(value: number): number {
    const skip = this.indexOf(value);
    const count = this.size - 1;
    if (count <= 0) throw new Error('median of no values');
    const middle = count >> 1;
    const upper = this.values[middle < skip ? middle : middle + 1] as number;
    if (count % 2 === 1) return upper;
    const lower = this.values[middle - 1 < skip ? middle - 1 : middle] as number;
    return (lower + upper) / 2;
  }

  private indexOf(value: number): number {
    for (let at = 0; at < this.size; at++) if (this.values[at] === value) return at;
    throw new Error(`${value} is not in the window`);
  }
}
