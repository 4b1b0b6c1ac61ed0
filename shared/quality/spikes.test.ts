import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { spikes } from './spikes.js';
import { CONTEXT, series, wobble } from './testing/series.js';

describe('spikes', () => {
  it('flags a single-day spike and names the value, the factor and the median', () => {
    const days = series('2024-03-01', 30, (i) => (i === 15 ? { oil_rate: 1_240 } : {}));
    const findings = spikes(columnsFromRecords(days), CONTEXT);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ from: '2024-03-16', to: '2024-03-16', rule: 'spike' });
    expect(findings[0]!.reason).toMatch(
      /^Oil 1,240 bbl\/d on 2024-03-16 is 12\.\d× the median of the 14 producing days around it, 10\d(\.\d)? bbl\/d$/,
    );
  });

  it('flags a drop and says what share of the median it is', () => {
    const days = series('2024-03-01', 30, (i) => (i === 10 ? { gas_rate: 15 } : {}));
    const [finding] = spikes(columnsFromRecords(days), CONTEXT);
    expect(finding!.key).toBe('spike|w1|2024-03-11|2024-03-11|gas_rate');
    expect(finding!.reason).toMatch(/^Gas 15 Mscf\/d on 2024-03-11 is 10% of the median/);
  });

  it('does not flag a step to a new level, a shut-in or a half-day outage', () => {
    const step = series('2024-03-01', 40, (i) => (i >= 20 ? { oil_rate: wobble(400, i) } : {}));
    expect(spikes(columnsFromRecords(step), CONTEXT)).toEqual([]);
    const shutIn = series('2024-03-01', 30, (i) =>
      i === 12 ? { oil_rate: 0, gas_rate: 0, water_rate: 0, runtime: 0 } : {},
    );
    expect(spikes(columnsFromRecords(shutIn), CONTEXT)).toEqual([]);
    const outage = series('2024-03-01', 30, (i) =>
      i === 12 ? { oil_rate: 25, gas_rate: 37, water_rate: 12, runtime: 6 } : {},
    );
    expect(spikes(columnsFromRecords(outage), CONTEXT)).toEqual([]);
  });

  it('ignores a noisy well’s everyday swings', () => {
    const noisy = series('2024-03-01', 60, (i) => ({
      oil_rate: 100 * (1 + 0.5 * Math.sin(i * 1.7)),
    }));
    expect(
      spikes(columnsFromRecords(noisy), CONTEXT).filter((f) => f.key.endsWith('oil_rate')),
    ).toEqual([]);
  });
});
