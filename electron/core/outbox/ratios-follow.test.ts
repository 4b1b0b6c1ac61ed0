import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionRecordInput } from '#shared/api/index.js';
import { startSyncFixture, type SyncFixture, type WellRef } from '../sync/testing/sync-fixture.js';

/**
 * GOR and watercut that were derived from a day's rates follow an edit or import of the
 * rates; measured ones stay (shared/production/ratios-follow-rates.ts), through records-save,
 * import-commit and sync, to the server.
 */

let fixture: SyncFixture;
let well: WellRef;
const DERIVED = '2025-03-01';
const MEASURED = '2025-03-02';

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
  well = await fixture.newWell('imperial', 'Ratio 1H');
  const days: ProductionRecordInput[] = [
    // 297.8 Mscf/d ÷ 59.1 bbl/d = 5,038.9 scf/bbl; 20 ÷ (20 + 59.1) = 25.3 %: derived.
    { date: DERIVED, oil_rate: 59.1, gas_rate: 297.8, water_rate: 20, gor: 5038.9, watercut: 25.3 },
    // A test separator's GOR and a lab watercut: not what the rates give.
    { date: MEASURED, oil_rate: 59.1, gas_rate: 297.8, water_rate: 20, gor: 4200, watercut: 31 },
  ];
  await fixture.api.upsertProduction(well.projectId, well.wellId, days);
  await fixture.harness.core.handlers['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    from: DERIVED,
    to: MEASURED,
    aggregation: 'daily',
  });
});

afterAll(() => fixture.close());

const shown = async () => {
  const view = await fixture.harness.core.handlers['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    from: DERIVED,
    to: MEASURED,
    aggregation: 'daily',
  });
  return view.data.values;
};

describe('ratios follow the rates they were derived from', () => {
  it('an edit of the oil moves a derived GOR and watercut, not measured ones, up to the server', async () => {
    const full = { gas_rate: 297.8, water_rate: 20 };
    await fixture.harness.core.handlers['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [
        { date: DERIVED, oil_rate: 61.5, ...full, gor: 5038.9, watercut: 25.3 },
        { date: MEASURED, oil_rate: 61.5, ...full, gor: 4200, watercut: 31 },
      ],
    });
    const values = await shown();
    expect(values.gor?.[0]).toBeCloseTo(4842.276, 3);
    expect(values.watercut?.[0]).toBeCloseTo(24.5399, 4);
    expect(values.gor?.[1]).toBe(4200);
    expect(values.watercut?.[1]).toBe(31);

    await fixture.syncNow();
    const server = await fixture.serverDays(well, DERIVED, MEASURED);
    expect(server.get(DERIVED)?.gor).toBeCloseTo(4842.276, 3);
    expect(server.get(MEASURED)?.gor).toBe(4200);
  });

  it('a ratio typed in the same edit is kept as typed', async () => {
    await fixture.harness.core.handlers['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [{ date: DERIVED, oil_rate: 63, gas_rate: 297.8, water_rate: 20, gor: 4000 }],
    });
    expect((await shown()).gor?.[0]).toBe(4000);
  });

  it('an import of the rates alone moves the derived ratios it keeps from the day', async () => {
    // Make the day derived again, then import a new oil rate with no ratio columns.
    await fixture.harness.core.handlers['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [
        {
          date: DERIVED,
          oil_rate: 59.1,
          gas_rate: 297.8,
          water_rate: 20,
          gor: 5038.9,
          watercut: 25.3,
        },
      ],
    });
    const result = await fixture.harness.core.handlers['import-commit']({
      projectId: well.projectId,
      wellId: well.wellId,
      source: { kind: 'text', name: 'oil.csv', text: `Date,Oil (bbl/d)\n${DERIVED},70\n` },
    });
    expect(result.queued).toBe(1);
    const values = await shown();
    expect(values.oil_rate?.[0]).toBe(70);
    expect(values.gas_rate?.[0]).toBe(297.8); // kept from the day
    expect(values.gor?.[0]).toBeCloseTo((1000 * 297.8) / 70, 3);
    expect(values.watercut?.[0]).toBeCloseTo((100 * 20) / 90, 4);
  });
});
