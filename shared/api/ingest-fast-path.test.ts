import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIngestFast } from './ingest-fast-path.js';
import { PRODUCTION_FIELDS } from './production-fields.js';
import { productionIngestSchema } from './production.js';

const value = fc.oneof(
  fc.double({ min: -5, max: 130, noNaN: false }),
  fc.constantFrom(null, undefined, 0, 24, 24.000001, 100, 100.5, -0, Infinity, '1', true, {}, []),
  // Finite, but too large to convert between unit systems for some fields (not all).
  fc.constantFrom(1e300, 5e306, 2.7e307, 1.2e308, 1.7e308, Number.MAX_VALUE),
);
const date = fc.oneof(
  fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '2024-1-1', '', 5),
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const key = fc.oneof(
  fc.constantFrom(...PRODUCTION_FIELDS),
  fc.constantFrom('oil', 'Date', '__proto__x'),
);
const record = fc.oneof(
  fc
    .record({ date }, { requiredKeys: [] })
    .chain((base) =>
      fc.dictionary(key, value, { maxKeys: 6 }).map((extra) => ({ ...extra, ...base })),
    ),
  fc.constantFrom(null, 'x', [], 3),
);
const body = fc.oneof(
  fc.record({ records: fc.array(record, { maxLength: 6 }) }),
  fc.record({ records: fc.array(record, { maxLength: 3 }), other: fc.constant(1) }),
  fc.constantFrom(null, [], {}, { records: 'x' }),
);

describe('isValidIngestFast', () => {
  it('accepts exactly what the schema accepts', () => {
    fc.assert(
      fc.property(body, (candidate) => {
        expect(isValidIngestFast(candidate)).toBe(
          productionIngestSchema.safeParse(candidate).success,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts a typical valid body and refuses a repeated date', () => {
    const records = [
      { date: '2024-01-01', oil_rate: 10, runtime: 24, watercut: 0 },
      { date: '2024-01-02', gas_rate: null },
    ];
    expect(isValidIngestFast({ records })).toBe(true);
    expect(isValidIngestFast({ records: [...records, { date: '2024-01-01' }] })).toBe(false);
  });
});
