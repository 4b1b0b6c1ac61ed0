import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { flatLines } from './flat-lines.js';
import { CONTEXT, series } from './testing/series.js';

describe('flatLines', () => {
  it('flags a rate repeated seven days running, not six', () => {
    const seven = series('2024-03-01', 20, (i) => (i >= 5 && i < 12 ? { oil_rate: 152.3 } : {}));
    const findings = flatLines(columnsFromRecords(seven), CONTEXT);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'flat-line', from: '2024-03-06', to: '2024-03-12' });
    expect(findings[0]!.reason).toBe(
      'Oil 152.3 bbl/d on 7 days running (2024-03-06 to 2024-03-12): a frozen meter or a value copied forward',
    );
    const six = series('2024-03-01', 20, (i) => (i >= 5 && i < 11 ? { oil_rate: 152.3 } : {}));
    expect(flatLines(columnsFromRecords(six), CONTEXT)).toEqual([]);
  });

  it('takes the run length as an option and checks it', () => {
    const days = series('2024-03-01', 20, (i) => (i < 4 ? { gas_rate: 90.5 } : {}));
    expect(flatLines(columnsFromRecords(days), CONTEXT, { minDays: 4 }).map((f) => f.key)).toEqual([
      'flat-line|w1|2024-03-01|2024-03-04|gas_rate',
    ]);
    expect(() => flatLines(columnsFromRecords(days), CONTEXT, { minDays: 1 })).toThrow(
      /minDays must be/,
    );
  });

  it('leaves a small rate written to a tenth alone: it repeats honestly', () => {
    const low = series('2024-03-01', 12, () => ({ oil_rate: 1.8 }));
    expect(flatLines(columnsFromRecords(low), CONTEXT)).toEqual([]);
    const coarse = series('2024-03-01', 12, () => ({ oil_rate: 80 }));
    expect(flatLines(columnsFromRecords(coarse), CONTEXT)).toEqual([]);
    const fine = series('2024-03-01', 12, () => ({ oil_rate: 10.4 }));
    expect(flatLines(columnsFromRecords(fine), CONTEXT)).toHaveLength(1);
  });

  it('leaves zero alone and breaks a run at a missing day', () => {
    const shutIn = series('2024-03-01', 12, () => ({ oil_rate: 0, gas_rate: 0, water_rate: 0 }));
    expect(flatLines(columnsFromRecords(shutIn), CONTEXT)).toEqual([]);
    const broken = series('2024-03-01', 10, () => ({ water_rate: 40 })).filter(
      (d) => d.date !== '2024-03-05',
    );
    expect(flatLines(columnsFromRecords(broken), CONTEXT)).toEqual([]);
  });
});
