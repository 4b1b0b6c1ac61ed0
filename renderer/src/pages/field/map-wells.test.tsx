import { describe, expect, it } from 'vitest';
import type { WellView } from '#shared/desktop/index.js';
import { wellView } from '../../testing/fixtures.js';
import { wellColumns } from '../wells/columns.js';
import { mapWells } from './map-wells.js';

/** What the wells table's "Oil" column holds for a well (its accessor, as the table reads it). */
function tableOil(well: WellView): unknown {
  const column = wellColumns('imperial', 'prj_permian').find(
    (candidate) => candidate.id === 'latestOilRate',
  ) as { accessorFn: (row: WellView, index: number) => unknown };
  return column.accessorFn(well, 0);
}

describe('the map’s wells', () => {
  it('are sized by the latest oil rate the wells table shows, screening figures included', () => {
    const wells = [
      // Days on this computer: the cached rows' last producing day.
      wellView({
        id: 'w_cached',
        latitude: 31.9,
        longitude: -103.1,
        lastProduction: { date: '2026-11-20', oilRate: 412.5, gasRate: 900, waterRate: 80 },
      }),
      // None on this computer: the screening fill's figures (the server's summary).
      wellView({
        id: 'w_screened',
        latitude: 32,
        longitude: -103,
        lastProduction: { date: '2026-11-22', oilRate: 96.4, gasRate: 120, waterRate: 30 },
        screening: {
          asOf: '2026-11-24T08:00:00.000Z',
          change: { oil: -4.2, gas: null, water: 1 },
          sparklines: {},
        },
      }),
      wellView({ id: 'w_none', latitude: 32.1, longitude: -103.2 }),
    ];
    const placed = mapWells(wells);
    expect(placed.map((well) => well.oilRate)).toEqual([412.5, 96.4, null]);
    expect(placed.map((well) => well.oilRate)).toEqual(wells.map(tableOil));
  });
});
