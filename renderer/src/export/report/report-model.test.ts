import { describe, expect, it } from 'vitest';
import type { WellView } from '#shared/desktop/index.js';
import { monthlySummary } from './monthly-summary.js';
import { wellFieldTexts } from '../../pages/well/well-fields.js';

describe('monthlySummary', () => {
  const daily = {
    from: '2024-01-30',
    to: '2024-02-02',
    dates: ['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02'],
    values: {
      oil_rate: [10, 20, 0, 4.5],
      gas_rate: [1, null, 0, 2],
      water_rate: [null, null, null, null],
      runtime: [24, 24, 0, 12],
    },
  };

  it('sums volumes and averages rates over the calendar days in the range', () => {
    const summary = monthlySummary(daily, 'imperial');
    // The range the total row names.
    expect([summary.from, summary.to]).toEqual(['2024-01-30', '2024-02-02']);
    expect(summary.phases).toEqual(['oil_rate', 'gas_rate', 'water_rate']);
    expect(summary.rows.map((row) => [row.month, row.days, row.producingDays])).toEqual([
      ['2024-01-01', 2, 2],
      ['2024-02-01', 2, 1],
    ]);
    expect(summary.rows[0]!.phases.oil_rate).toEqual({ volume: 30, rate: 15 });
    expect(summary.rows[0]!.phases.gas_rate).toEqual({ volume: 1, rate: 0.5 });
    expect(summary.rows[1]!.phases.oil_rate).toEqual({ volume: 4.5, rate: 2.25 });
    // Nothing reported is null, not 0.
    expect(summary.rows[0]!.phases.water_rate).toEqual({ volume: null, rate: null });
    expect(summary.total).toEqual({
      days: 4,
      producingDays: 3,
      phases: {
        oil_rate: { volume: 34.5, rate: 8.625 },
        gas_rate: { volume: 3, rate: 0.75 },
        water_rate: { volume: null, rate: null },
      },
    });
  });

  it('labels volumes and rates in the unit system', () => {
    expect(monthlySummary(daily, 'imperial').units).toEqual({
      oil_rate: { volume: 'bbl', rate: 'bbl/d' },
      gas_rate: { volume: 'Mscf', rate: 'Mscf/d' },
      water_rate: { volume: 'bbl', rate: 'bbl/d' },
    });
    expect(monthlySummary(daily, 'metric').units.gas_rate).toEqual({
      volume: '10³m³',
      rate: '10³m³/d',
    });
  });
});

describe('wellFieldTexts', () => {
  const well: WellView = {
    id: 'w1',
    projectId: 'p1',
    name: 'Elmworth HZ 1-9-69-10',
    apiNumber: '00010906910600',
    type: 'producer',
    status: 'shut_in',
    latitude: 54.921071,
    longitude: -119.455712,
    spudDate: '2015-10-10',
    firstProductionDate: null,
    lateralLength: 3106.4,
    perfInterval: { topMd: 2472, bottomMd: 5541 },
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-05-06T10:00:00Z',
    syncState: 'synced',
    lastProduction: null,
    availableOffline: null,
    decline: {},
    screening: null,
  };

  it('prints every header field, lengths in the unit system', () => {
    const fields = Object.fromEntries(
      wellFieldTexts(well, 'metric').map((f) => [f.label, f.value]),
    );
    expect(fields).toEqual({
      Well: 'Elmworth HZ 1-9-69-10',
      'API number': '100/01-09-069-10W6/00',
      Type: 'Producer',
      Status: 'Shut in',
      'Spud date': '2015-10-10',
      'First production': '—',
      'Lateral length (m)': '3,106',
      'Perforations, MD (m)': '2,472 – 5,541',
      'Perforated length (m)': '3,069',
      'Latitude (°)': '54.92107',
      'Longitude (°)': '-119.45571',
      Units: 'Metric',
      'Last changed': '2024-05-06',
    });
    expect(wellFieldTexts(well, 'imperial').map((f) => f.label)).toContain('Lateral length (ft)');
  });
});
