import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS, type ProductionField, type UnitSystem } from '../api/index.js';
import { epochDay, isoFromEpochDay } from '../dates/iso-day.js';
import { plausibilityWarnings } from './plausibility.js';
import { storedDayWarnings, type DayColumns } from './plausibility-columns.js';

/** Records as the grid makes them from columns: every field, NaN as null. */
function records(columns: DayColumns) {
  return Array.from(columns.days, (day, i) => {
    const record: Record<string, string | number | null> = { date: isoFromEpochDay(day) };
    for (const field of PRODUCTION_FIELDS) {
      const value = columns.values[field]?.[i];
      record[field] = value === undefined || Number.isNaN(value) ? null : value;
    }
    return record as { date: string } & Record<ProductionField, number | null>;
  });
}

/** The record path, as the grid used it: every stored day a candidate, the days before as history. */
function byRecords(
  range: DayColumns,
  before: DayColumns | null,
  spud: string | null,
  system: UnitSystem,
) {
  const current = records(range);
  return plausibilityWarnings(current, {
    unitSystem: system,
    spudDate: spud,
    history: [...(before ? records(before) : []), ...current],
  });
}

// A day's values: a steady level with now and then a spike around the rate rule's factor
// (×20 to ×120 of the level), zeros, gaps (NaN), −0 and pressures around the ceiling; the
// GOR is the day's own ratio times a factor around the mismatch rule's (×0.02 to ×40).
const value = fc.oneof(
  { weight: 12, arbitrary: fc.double({ min: 0.5, max: 2, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 20, max: 120, noNaN: true }) },
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constant(Number.NaN) },
  { weight: 1, arbitrary: fc.constant(-0) },
  { weight: 1, arbitrary: fc.double({ min: 15_000, max: 200_000, noNaN: true }) },
);
const gorFactor = fc.oneof(
  fc.double({ min: 0.02, max: 40, noNaN: true }),
  fc.constant(Number.NaN),
  fc.constant(1),
);

function columnsArbitrary(start: number, fields: readonly ProductionField[]) {
  return fc
    .array(
      fc.tuple(
        fc.integer({ min: 1, max: 4 }),
        fc.array(value, { minLength: 9, maxLength: 9 }),
        gorFactor,
      ),
      { maxLength: 260 },
    )
    .map((steps) => {
      const days = new Int32Array(steps.length);
      const values: DayColumns['values'] = {};
      for (const field of fields) values[field] = new Float64Array(steps.length);
      let day = start;
      steps.forEach(([gap, row, factor], i) => {
        day += gap;
        days[i] = day;
        fields.forEach((field, k) => (values[field]![i] = row[k]!));
        const { oil_rate: oil, gas_rate: gas, gor } = values;
        if (gor && oil && gas) gor[i] = ((1000 * gas[i]!) / oil[i]!) * factor;
      });
      return { days, values } satisfies DayColumns;
    });
}

describe('storedDayWarnings', () => {
  it('gives the record path’s warnings, in its order, on random wells (seeded)', () => {
    const found = new Set<string>();
    const start = epochDay('2019-01-01');
    fc.assert(
      fc.property(
        columnsArbitrary(start - 400, ['oil_rate', 'gas_rate', 'water_rate']),
        columnsArbitrary(start, PRODUCTION_FIELDS),
        fc.option(fc.integer({ min: start - 50, max: start + 400 })),
        fc.constantFrom<UnitSystem>('imperial', 'metric'),
        fc.boolean(),
        (earlier, range, spudDay, system, withBefore) => {
          // The days before end before the range starts, as a read of the year before does.
          const keep = earlier.days.findIndex((day) => day >= start);
          const cut = keep === -1 ? earlier.days.length : keep;
          const before: DayColumns | null = withBefore
            ? {
                days: earlier.days.slice(0, cut),
                values: Object.fromEntries(
                  Object.entries(earlier.values).map(([field, column]) => [
                    field,
                    column.slice(0, cut),
                  ]),
                ),
              }
            : null;
          const spud = spudDay === null ? null : isoFromEpochDay(spudDay);
          const warnings = storedDayWarnings(range, before, spud, system);
          for (const warning of warnings) found.add(warning.rule);
          expect(warnings).toEqual(byRecords(range, before, spud, system));
        },
      ),
      { seed: 20261127, numRuns: 300 },
    );
    // The wells were made to trip every rule, near its threshold as well as far past it.
    expect([...found].sort()).toEqual([
      'before-spud',
      'gor-mismatch',
      'pressure-ceiling',
      'rate-jump',
    ]);
  });

  it('finds each rule on a well made to trip it', () => {
    const days = Int32Array.from({ length: 20 }, (_, i) => epochDay('2024-01-01') + i);
    const oil = new Float64Array(20).fill(100);
    oil[15] = 100 * 60; // a slipped decimal: sixty times the recent best
    const bhp = new Float64Array(20).fill(Number.NaN);
    bhp[3] = 777_762;
    const warnings = storedDayWarnings(
      { days, values: { oil_rate: oil, bhp } },
      null,
      '2024-01-02',
      'imperial',
    );
    expect(warnings.map((w) => `${w.date} ${w.field} ${w.rule}`)).toEqual([
      '2024-01-01 oil_rate before-spud',
      '2024-01-04 bhp pressure-ceiling',
      '2024-01-16 oil_rate rate-jump',
    ]);
  });

  it('takes the record path for days out of order, with the same answer', () => {
    const days = Int32Array.from([epochDay('2024-01-03'), epochDay('2024-01-01')]);
    const bhp = Float64Array.from([30_000, 25_000]);
    const range = { days, values: { bhp } };
    expect(storedDayWarnings(range, null, null, 'imperial')).toEqual(
      byRecords(range, null, null, 'imperial'),
    );
  });
});
