/**
 * Min-max decimation for line charts: about two points per pixel column, and
 * honest ones. Averaging or every-nth sampling would erase a one-day shut-in
 * among hundreds of producing days, or a one-day spike; keeping each column's
 * minimum and maximum draws the same vertical extent in that column as the
 * full series would, at a fraction of the points.
 *
 * Columns split the x range [x[0], x[n−1]] into equal widths: column k holds
 * the points with floor((x − x[0]) × columns ÷ (x[n−1] − x[0])) = k (the last
 * point belongs to the last column). Splitting by x rather than by point count
 * keeps each column one pixel wide when days are missing. Per column it emits,
 * in x order: the minimum and the maximum value (the first of equals; one
 * point when they coincide) and, if the column holds a gap, its first gap as a
 * null, so the line breaks there instead of being drawn across it. The first
 * and last points are always kept, so the line spans the same x range.
 *
 * Size: at most 2 values per column plus one gap per column that has one, plus
 * the first and last points: ≤ 2 × columns + 2 without gaps, ≤ 3 × columns + 2
 * in all. A series that already fits (n ≤ 2 × columns) is returned whole.
 *
 * One pass, O(n), no allocation per input point (only the output grows).
 */

export interface DownsampleOptions {
  /**
   * For log scales: values ≤ 0 are gaps (never log(0)), so a shut-in day
   * breaks the line rather than plunging it to the axis.
   */
  positiveOnly?: boolean;
  /**
   * A step in x larger than this is a gap: with x in epoch days, 1 breaks the
   * line over missing days. The gap is placed at x[i−1] + maxStep (the first
   * missing day) with index −1. Default: no limit.
   */
  maxStep?: number;
}

export interface DownsampledSeries {
  x: number[];
  /** Null is a gap: the line breaks there. */
  y: Array<number | null>;
  /** The input row of each point (for dates, tooltips, pending marks); −1 for a `maxStep` gap. */
  index: number[];
}

/**
 * Reduces (x, y) to about two points per pixel column, keeping each column's
 * extremes and gaps. `x` must be ascending (epoch days, or row numbers); a null
 * or non-finite `y` is a gap. `columns` is the plot's width in pixels (at
 * least 1 is assumed, so a chart measured at width 0 still gets its ends).
 */
export function downsampleMinMax(
  x: ArrayLike<number>,
  y: ArrayLike<number | null>,
  columns: number,
  options: DownsampleOptions = {},
): DownsampledSeries {
  const n = x.length;
  if (y.length !== n) throw new RangeError(`x has ${n} points but y has ${y.length}`);
  const positiveOnly = options.positiveOnly === true;
  const maxStep = options.maxStep ?? Infinity;
  const cols = columns >= 1 ? Math.floor(columns) : 1;
  const out: DownsampledSeries = { x: [], y: [], index: [] };
  if (n === 0) return out;

  const valueAt = (i: number): number | null => {
    const v = y[i];
    if (v == null) return null;
    if (positiveOnly) return v > 0 && v < Infinity ? v : null;
    return Number.isFinite(v) ? v : null;
  };
  const xAt = (i: number) => x[i] as number;
  const stepGapBefore = (i: number) => i > 0 && xAt(i) - xAt(i - 1) > maxStep;
  const push = (px: number, py: number | null, index: number) => {
    out.x.push(px);
    out.y.push(py);
    out.index.push(index);
  };

  if (n <= 2 * cols) {
    for (let i = 0; i < n; i++) {
      if (stepGapBefore(i)) push(xAt(i - 1) + maxStep, null, -1);
      push(xAt(i), valueAt(i), i);
    }
    return out;
  }

  // Everything fed through the columns is named by a sequence number in x
  // order, so a column's picks sort as integers: point i is 2i + 1, and a
  // maxStep gap just before point i is 2i.
  const emit = (seq: number) => {
    const i = seq >> 1;
    if (seq & 1) push(xAt(i), valueAt(i), i);
    else push(xAt(i - 1) + maxStep, null, -1);
  };

  const x0 = xAt(0);
  const span = xAt(n - 1) - x0;
  const scale = span > 0 ? cols / span : 0;
  const columnOf = (px: number) => {
    const k = Math.floor((px - x0) * scale);
    return k >= cols ? cols - 1 : k > 0 ? k : 0;
  };

  let column = 0;
  let minSeq = -1;
  let minValue = 0;
  let maxSeq = -1;
  let maxValue = 0;
  let gapSeq = -1;
  let firstColumn = true;
  const picks = [0, 0, 0, 0, 0];

  const flush = (isLast: boolean) => {
    let count = 0;
    if (firstColumn) picks[count++] = 1;
    if (minSeq >= 0) picks[count++] = minSeq;
    if (maxSeq >= 0) picks[count++] = maxSeq;
    if (gapSeq >= 0) picks[count++] = gapSeq;
    if (isLast) picks[count++] = 2 * (n - 1) + 1;
    // Insertion sort of at most five, then emit without repeats.
    for (let a = 1; a < count; a++) {
      const seq = picks[a] as number;
      let b = a - 1;
      while (b >= 0 && (picks[b] as number) > seq) {
        picks[b + 1] = picks[b] as number;
        b--;
      }
      picks[b + 1] = seq;
    }
    for (let a = 0; a < count; a++) {
      if (a === 0 || picks[a] !== picks[a - 1]) emit(picks[a] as number);
    }
    firstColumn = false;
    minSeq = maxSeq = gapSeq = -1;
  };

  const feed = (seq: number, px: number, value: number | null) => {
    const k = columnOf(px);
    if (k !== column) {
      flush(false);
      column = k;
    }
    if (value === null) {
      if (gapSeq < 0) gapSeq = seq;
    } else {
      if (minSeq < 0 || value < minValue) {
        minSeq = seq;
        minValue = value;
      }
      if (maxSeq < 0 || value > maxValue) {
        maxSeq = seq;
        maxValue = value;
      }
    }
  };

  for (let i = 0; i < n; i++) {
    if (stepGapBefore(i)) feed(2 * i, xAt(i - 1) + maxStep, null);
    feed(2 * i + 1, xAt(i), valueAt(i));
  }
  flush(true);
  return out;
}
