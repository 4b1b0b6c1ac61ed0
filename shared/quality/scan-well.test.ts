import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { scanWell } from './scan-well.js';
import { CONTEXT, series } from './testing/series.js';

describe('scanWell', () => {
  it('runs every rule and orders the findings by date, then rule', () => {
    const days = series('2024-03-01', 40, (i) =>
      i === 20 ? { oil_rate: 900 } : i === 10 ? { oil_rate: 0, gas_rate: 0, water_rate: 0 } : {},
    ).filter((d) => d.date !== '2024-03-05');
    const findings = scanWell(columnsFromRecords(days), { ...CONTEXT, spudDate: '2024-03-02' });
    expect(findings.map((f) => `${f.from} ${f.rule}`)).toEqual([
      '2024-03-01 before-spud',
      '2024-03-05 reporting-gap',
      '2024-03-11 runtime-mismatch',
      '2024-03-21 spike',
    ]);
  });

  it('finds nothing in a clean series', () => {
    expect(scanWell(columnsFromRecords(series('2024-03-01', 200)), CONTEXT)).toEqual([]);
  });
});
