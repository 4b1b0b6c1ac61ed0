import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { ratioJumps } from './ratio-jumps.js';
import { CONTEXT, series, wobble } from './testing/series.js';

describe('ratioJumps', () => {
  it('flags a GOR step once, at the day it happens', () => {
    // Gas steps from 150 to 450 Mcf/d on the 31st day while oil stays: GOR 1,500 → 4,500.
    const days = series('2024-01-01', 60, (i) => (i >= 30 ? { gas_rate: wobble(450, i) } : {}));
    const findings = ratioJumps(columnsFromRecords(days), CONTEXT);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'ratio-jump', from: '2024-01-30', to: '2024-01-31' });
    expect(findings[0]!.reason).toMatch(
      /^GOR rose from 1,5\d\d scf\/bbl to 4,5\d\d scf\/bbl \(3×\) between 2024-01-30 and 2024-01-31, each the median of 15 producing days/,
    );
  });

  it('flags a watercut step in points, using the recorded watercut', () => {
    const days = series('2024-01-01', 60, (i) => ({
      watercut: i >= 30 ? wobble(55, i) : wobble(30, i),
    }));
    const findings = ratioJumps(columnsFromRecords(days), CONTEXT);
    expect(findings.map((f) => f.key)).toEqual(['ratio-jump|w1|2024-01-30|2024-01-31|watercut']);
    expect(findings[0]!.reason).toMatch(
      /^Watercut rose from 29\.8% to 55\.2% \(25\.4 points\) between 2024-01-30 and 2024-01-31/,
    );
  });

  it('leaves a steady trend and a small step alone', () => {
    const trend = series('2024-01-01', 120, (i) => ({ gas_rate: wobble(150 + 3 * i, i) }));
    expect(ratioJumps(columnsFromRecords(trend), CONTEXT)).toEqual([]);
    const small = series('2024-01-01', 60, (i) => (i >= 30 ? { gas_rate: wobble(195, i) } : {}));
    expect(ratioJumps(columnsFromRecords(small), CONTEXT)).toEqual([]);
  });
});
