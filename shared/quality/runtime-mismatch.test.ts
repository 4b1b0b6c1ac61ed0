import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { runtimeMismatch } from './runtime-mismatch.js';
import { CONTEXT, series } from './testing/series.js';

const NOTHING = { oil_rate: 0, gas_rate: 0, water_rate: 0 };

describe('runtimeMismatch', () => {
  it('flags 24 h on line with nothing flowing, a run as one finding', () => {
    const days = series('2024-03-01', 10, (i) =>
      i >= 3 && i <= 5 ? { ...NOTHING, runtime: 24 } : {},
    );
    const findings = runtimeMismatch(columnsFromRecords(days), CONTEXT);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ from: '2024-03-04', to: '2024-03-06' });
    expect(findings[0]!.reason).toBe(
      'Runtime 24 h with oil, gas and water all 0 on 3 days, 2024-03-04 to 2024-03-06, the first: on line all day with nothing measured',
    );
  });

  it('flags rates on a day with a runtime of 0 and names them', () => {
    const days = series('2024-03-01', 5, (i) =>
      i === 2 ? { oil_rate: 80, gas_rate: 0, water_rate: 12.5, runtime: 0 } : {},
    );
    const [finding] = runtimeMismatch(columnsFromRecords(days), CONTEXT);
    expect(finding!.reason).toBe(
      'Oil 80 bbl/d, Water 12.5 bbl/d with a runtime of 0 h on 2024-03-03: flow on a day the well was off',
    );
    expect(finding!.key).toBe('runtime-mismatch|w1|2024-03-03|2024-03-03|no-runtime');
  });

  it('accepts a shut-in (runtime 0, no flow) and a day with no runtime reported', () => {
    const days = series('2024-03-01', 5, (i) =>
      i === 1 ? { ...NOTHING, runtime: 0 } : i === 2 ? { runtime: null } : {},
    );
    expect(runtimeMismatch(columnsFromRecords(days), CONTEXT)).toEqual([]);
  });
});
