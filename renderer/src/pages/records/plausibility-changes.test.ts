import { describe, expect, it } from 'vitest';
import type { PlausibilityWarning } from '#shared/production/index.js';
import { emptyValues, type GridRow } from './grid-model.js';
import { warningsOfChanges } from './plausibility-changes.js';

const row = (date: string, values: Partial<GridRow['values']>): GridRow => ({
  date,
  values: { ...emptyValues(), ...values },
  state: 'synced',
});
const warning = (
  date: string,
  field: PlausibilityWarning['field'],
  rule: PlausibilityWarning['rule'],
): PlausibilityWarning => ({ date, field, rule, message: `${field} looks wrong` });

describe('warningsOfChanges', () => {
  const rows = [row('2024-03-01', { oil_rate: 10, bhp: 900_000, gor: 50_000 })];

  it('asks about a value the save changes, not one the day already had', () => {
    const saved = [{ date: '2024-03-01', ...rows[0]!.values, oil_rate: 5_000 }];
    const warnings = [
      warning('2024-03-01', 'oil_rate', 'rate-jump'),
      warning('2024-03-01', 'bhp', 'pressure-ceiling'),
      warning('2024-03-01', 'gor', 'gor-mismatch'),
    ];
    expect(warningsOfChanges(warnings, saved, rows).map((w) => w.field)).toEqual(['oil_rate']);
  });

  it('asks about production before the spud date when any rate changes', () => {
    const saved = [{ date: '2024-03-01', ...rows[0]!.values, water_rate: 3 }];
    const early = warning('2024-03-01', 'oil_rate', 'before-spud');
    expect(warningsOfChanges([early], saved, rows)).toEqual([early]);
    const pressureOnly = [{ date: '2024-03-01', ...rows[0]!.values, thp: 300 }];
    expect(warningsOfChanges([early], pressureOnly, rows)).toEqual([]);
  });

  it('asks about everything on a day the grid does not have yet', () => {
    const added = warning('2024-03-02', 'bhp', 'pressure-ceiling');
    expect(warningsOfChanges([added], [{ date: '2024-03-02', bhp: 900_000 }], rows)).toEqual([
      added,
    ]);
  });
});
