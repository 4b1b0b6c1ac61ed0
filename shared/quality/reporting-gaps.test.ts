import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { reportingGaps } from './reporting-gaps.js';
import { CONTEXT, day, series } from './testing/series.js';

describe('reportingGaps', () => {
  it('finds each run of missing days between the first and last record', () => {
    const days = series('2024-03-01', 10).filter(
      (d) => !['2024-03-03', '2024-03-06', '2024-03-07'].includes(d.date),
    );
    const findings = reportingGaps(columnsFromRecords(days), CONTEXT);
    expect(findings.map((f) => [f.from, f.to])).toEqual([
      ['2024-03-03', '2024-03-03'],
      ['2024-03-06', '2024-03-07'],
    ]);
    expect(findings[1]!.reason).toBe(
      'No report for 2 days (2024-03-06 to 2024-03-07) between reports on 2024-03-05 and 2024-03-08',
    );
    expect(findings[0]!.key).toBe('reporting-gap|w1|2024-03-03|2024-03-03|');
  });

  it('counts a shut-in reported with zero rates as reported', () => {
    const days = series('2024-03-01', 5, (i) =>
      i === 2 ? { oil_rate: 0, gas_rate: 0, water_rate: 0, runtime: 0 } : {},
    );
    expect(reportingGaps(columnsFromRecords(days), CONTEXT)).toEqual([]);
  });

  it('reports only the missing days inside what this computer holds', () => {
    const days = [day('2024-01-01'), day('2024-01-31')];
    const findings = reportingGaps(columnsFromRecords(days), {
      ...CONTEXT,
      covered: [
        { from: '2024-01-01', to: '2024-01-05' },
        { from: '2024-01-29', to: '2024-01-31' },
      ],
    });
    expect(findings.map((f) => [f.from, f.to])).toEqual([
      ['2024-01-02', '2024-01-05'],
      ['2024-01-29', '2024-01-30'],
    ]);
  });
});
