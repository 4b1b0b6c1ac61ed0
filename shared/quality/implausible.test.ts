import { describe, expect, it } from 'vitest';
import { columnsFromRecords } from './well-columns.js';
import { implausibleValues } from './implausible.js';
import { CONTEXT, series } from './testing/series.js';

describe('implausibleValues', () => {
  it('applies the plausibility rules to every stored day', () => {
    const days = series('2024-03-01', 30, (i) =>
      i === 20 ? { bhp: 777_762 } : i === 25 ? { oil_rate: 9_000 } : {},
    );
    const findings = implausibleValues(columnsFromRecords(days), CONTEXT);
    expect(findings.map((f) => f.key)).toEqual([
      'implausible|w1|2024-03-21|2024-03-21|pressure-ceiling:bhp',
      'implausible|w1|2024-03-26|2024-03-26|rate-jump:oil_rate',
    ]);
    expect(findings[0]!.reason).toBe(
      "BHP 777,762 psi is above 20,000 psi, beyond any well's bottom-hole pressure (2024-03-21)",
    );
    expect(findings[1]!.reason).toMatch(/^Oil rate 9,000 bbl\/d is 8\d× the well's highest/);
  });

  it('finds nothing in ordinary days', () => {
    expect(implausibleValues(columnsFromRecords(series('2024-03-01', 60)), CONTEXT)).toEqual([]);
  });
});
