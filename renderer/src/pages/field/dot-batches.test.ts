import { describe, expect, it } from 'vitest';
import type { WellStatus } from '#shared/api/index.js';
import { dotBatches } from './dot-batches.js';
import type { PlacedWell } from './map-geometry.js';

type Status = WellStatus | 'unknown';
const ORDER: Status[] = ['active', 'shut_in', 'inactive', 'unknown'];

const placed = (id: string, status: WellStatus | null, x: number, y: number): PlacedWell => ({
  id,
  name: id,
  status,
  latitude: 0,
  longitude: 0,
  oilRate: x,
  x,
  y,
});

/** Every dot of the batches as [status, x, y, r], batch by batch. */
function dots(
  batches: ReturnType<typeof dotBatches<Status>>,
): Array<[Status, number, number, number]> {
  return batches.flatMap((batch) =>
    [...batch.x].map(
      (x, index) =>
        [batch.status, x, batch.y[index], batch.r[index]] as [Status, number, number, number],
    ),
  );
}

describe('dotBatches', () => {
  it('gives every well once, in its status’s batch, in the wells’ order within it', () => {
    const wells = [
      placed('a', 'inactive', 1, 10),
      placed('b', 'active', 2, 20),
      placed('c', null, 3, 30),
      placed('d', 'active', 4, 40),
      placed('e', 'shut_in', 5, 50),
    ];
    const batches = dotBatches(wells, (well) => well.x / 2, ORDER, 'unknown');
    expect(batches.map((batch) => batch.status)).toEqual(ORDER);
    expect(dots(batches)).toEqual([
      ['active', 2, 20, 1],
      ['active', 4, 40, 2],
      ['shut_in', 5, 50, 2.5],
      ['inactive', 1, 10, 0.5],
      ['unknown', 3, 30, 1.5],
    ]);
  });

  it('draws the same dots, colour by colour, as testing each well once per colour', () => {
    const statuses: Array<WellStatus | null> = ['active', 'shut_in', 'inactive', null];
    const wells = Array.from({ length: 200 }, (_, i) =>
      placed(`w${i}`, statuses[(i * 7) % 4] ?? null, i * 1.5, (i * 37) % 101),
    );
    const radius = (well: PlacedWell) => 3 + (well.y % 5);
    const perColour = ORDER.flatMap((status) =>
      wells
        .filter((well) => (well.status ?? 'unknown') === status)
        .map((well) => [status, well.x, well.y, radius(well)]),
    );
    expect(dots(dotBatches(wells, radius, ORDER, 'unknown'))).toEqual(perColour);
  });

  it('keeps an empty batch for a status no well has, and nothing for no wells', () => {
    const batches = dotBatches([], () => 1, ORDER, 'unknown');
    expect(batches.map((batch) => [batch.status, batch.x.length])).toEqual(
      ORDER.map((status) => [status, 0]),
    );
  });
});
