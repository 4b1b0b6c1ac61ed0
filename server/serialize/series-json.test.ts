import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS, type ProductionField } from '#shared/api/index.js';
import type { RawRow } from '../store/production-repo.js';
import { rawRowsToApi } from '../routes/representation.js';
import { dailySeriesJson } from './series-json.js';

const value = fc.oneof(
  fc.constant(null),
  fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e-7, 123.456, 1e21, 5e-324),
);

describe('dailySeriesJson', () => {
  it('is byte-identical to JSON.stringify of the object form, in both unit systems', () => {
    fc.assert(
      fc.property(
        fc.subarray([...PRODUCTION_FIELDS] as ProductionField[]),
        fc.array(fc.array(value, { minLength: 9, maxLength: 9 }), { maxLength: 5 }),
        fc.constantFrom('imperial' as const, 'metric' as const),
        (fields, values, system) => {
          const rows = values.map(
            (row, i) =>
              [
                `2024-01-${String(i + 1).padStart(2, '0')}`,
                ...row.slice(0, fields.length),
              ] as RawRow,
          );
          const header = {
            wellId: 'wel_"x"',
            from: '2024-01-01',
            to: '2024-01-31',
            fields: ['date' as const, ...fields],
          };
          const expected = JSON.stringify({
            wellId: header.wellId,
            from: header.from,
            to: header.to,
            aggregation: 'daily',
            fields: header.fields,
            data: rawRowsToApi(rows, fields, system),
          });
          expect(dailySeriesJson(header, rows, fields, system)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
