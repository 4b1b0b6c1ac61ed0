import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { beforeSpud } from './before-spud.js';
import { CONTEXT, series } from './testing/series.js';

describe('beforeSpud', () => {
  it('groups consecutive days produced before the spud date, with plausibility’s reason', () => {
    const days = series('2024-03-01', 10);
    const findings = beforeSpud(columnsFromRecords(days), { ...CONTEXT, spudDate: '2024-03-04' });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      from: '2024-03-01',
      to: '2024-03-03',
      rule: 'before-spud',
    });
    expect(findings[0]!.reason).toMatch(
      /^3 days of production from 2024-03-01 to 2024-03-03, the first: Oil rate [\d.]+ bbl\/d on 2024-03-01, before the well was spudded on 2024-03-04/,
    );
  });

  it('says nothing without a spud date or for zero-rate days before it', () => {
    const days = series('2024-03-01', 10, (i) =>
      i < 3 ? { oil_rate: 0, gas_rate: 0, water_rate: 0 } : {},
    );
    expect(beforeSpud(columnsFromRecords(days), CONTEXT)).toEqual([]);
    expect(beforeSpud(columnsFromRecords(days), { ...CONTEXT, spudDate: '2024-03-04' })).toEqual(
      [],
    );
  });
});
