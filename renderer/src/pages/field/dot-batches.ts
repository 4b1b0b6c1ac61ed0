import type { PlacedWell } from './map-geometry.js';

/**
 * The map's dots grouped the way they are drawn: one path per status colour, in the
 * colours' drawing order, each well's place and radius in plain number arrays. A frame
 * then walks each group once, instead of testing every well's status once per colour
 * and asking for its radius again on every frame.
 */
export interface DotBatch<Status extends string> {
  status: Status;
  /** Map pixels before any zoom, as placed. */
  x: Float64Array;
  y: Float64Array;
  /** Screen pixels: a dot keeps its size when zoomed. */
  r: Float64Array;
}

/** Groups the wells by status, in `order`; a well without a status goes to `fallback`. */
export function dotBatches<Status extends string>(
  wells: readonly PlacedWell[],
  radius: (well: PlacedWell) => number,
  order: readonly Status[],
  fallback: Status,
): Array<DotBatch<Status>> {
  const counts = new Map<string, number>(order.map((status) => [status, 0]));
  const statusOf = (well: PlacedWell): string => {
    const status = well.status ?? fallback;
    return counts.has(status) ? status : fallback;
  };
  for (const well of wells) {
    const status = statusOf(well);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const batches = new Map<string, DotBatch<Status>>();
  for (const status of order) {
    const count = counts.get(status) ?? 0;
    batches.set(status, {
      status,
      x: new Float64Array(count),
      y: new Float64Array(count),
      r: new Float64Array(count),
    });
  }
  const filled = new Map<string, number>(order.map((status) => [status, 0]));
  for (const well of wells) {
    const status = statusOf(well);
    const batch = batches.get(status) as DotBatch<Status>;
    const index = filled.get(status) as number;
    batch.x[index] = well.x;
    batch.y[index] = well.y;
    batch.r[index] = radius(well);
    filled.set(status, index + 1);
  }
  return order.map((status) => batches.get(status) as DotBatch<Status>);
}
