import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRODUCTION_FIELDS,
  productionRecordInputSchema,
  type ProductionField,
} from '../api/index.js';
import { detectDelimiter } from './delimiter.js';
import { csvCell, csvText } from './csv-writer.js';
import { recordProblems, valueProblemCode } from './problems.js';
import { isNoteLine, isSummaryLabel } from './summary-lines.js';
import { looksMonthly } from './monthly-dates.js';
import { looksLikeDateColumn } from './dates.js';
import { unitConverter, findUnit } from './units.js';
import { WellMatcher } from './wells.js';

describe('detectDelimiter', () => {
  it('finds comma, semicolon and tab, ignoring quoted text and title lines', () => {
    expect(detectDelimiter(['Date,Oil,Gas', '2025-07-01,1,2'])).toBe(',');
    expect(detectDelimiter(['Date;Oil;Gas', '01.07.2025;3,41;12,5', '02.07.2025;3,38;12,41'])).toBe(
      ';',
    );
    expect(detectDelimiter(['Date\tOil\tGas', '2025-07-01\t1,5\t2'])).toBe('\t');
    expect(detectDelimiter(['"a;b",c,d', '1,2,3'])).toBe(',');
  });
});

describe('units', () => {
  it('converts a column to the project units, untouched when they agree', () => {
    const oil = (unit: string, system: 'imperial' | 'metric') =>
      unitConverter('oil_rate', findUnit('oil_rate', unit)!, system);
    expect(oil('m3/d', 'metric')(10)).toBe(10);
    expect(oil('m3/d', 'imperial')(1)).toBe(1 / 0.158987294928); // full precision, as toStored
    expect(unitConverter('bhp', findUnit('bhp', 'bar')!, 'metric')(1.1)).toBe(110);
    expect(unitConverter('bhp', findUnit('bhp', 'kPa')!, 'imperial')(6.894757293168361)).toBe(1);
    expect(unitConverter('choke_size', findUnit('choke_size', 'in')!, 'imperial')(0.5)).toBe(32);
    expect(unitConverter('gas_rate', findUnit('gas_rate', 'm3/d')!, 'metric')(2500)).toBe(2.5);
    expect(unitConverter('watercut', findUnit('watercut', 'fraction')!, 'imperial')(0.867)).toBe(
      86.7,
    );
  });

  it('converts the units of published daily files: Sm³ of gas, bar, 10⁶m³', () => {
    const gas = (unit: string, system: 'imperial' | 'metric') =>
      unitConverter('gas_rate', findUnit('gas_rate', unit)!, system);
    // A Volve day: 59,586 Sm³ of gas is 59.586 10³m³/d, or 2,104.26 Mscf/d.
    expect(gas('m3/d', 'metric')(59586)).toBe(59.586);
    expect(gas('m3/d', 'imperial')(59586)).toBeCloseTo(59.586 / 0.028316846592, 9);
    expect(gas('e6m3/d', 'metric')(1.25)).toBe(1250);
    expect(gas('Mcf/d', 'metric')(1000)).toBeCloseTo(28.316846592, 9);
    expect(unitConverter('thp', findUnit('thp', 'bar')!, 'imperial')(31.5)).toBeCloseTo(
      3150 / 6.894757293168361,
      9,
    );
    expect(unitConverter('bhp', findUnit('bhp', 'kPa')!, 'metric')(24850.5)).toBe(24850.5);
    expect(findUnit('choke_size', '%')).toBeUndefined();
  });
});

describe('row rules', () => {
  it('classifies values with the API rule and its words', () => {
    expect(valueProblemCode('oil_rate', -1)).toEqual({ code: 'negative', rule: 'must be ≥ 0' });
    expect(valueProblemCode('watercut', 100.5)).toEqual({
      code: 'above-maximum',
      rule: 'must be between 0 and 100',
    });
    expect(valueProblemCode('runtime', 24)).toBeNull();
    expect(valueProblemCode('gas_rate', Infinity)?.code).toBe('not-a-number');
  });

  it('accepts exactly the records the API schema accepts', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.double({ min: -50, max: 150 }),
      fc.constant(Infinity),
    );
    const record = fc.record(
      {
        date: fc.oneof(
          fc.constantFrom('2024-02-29', '2023-02-29', '2025-13-01', '2025-07-01', 'x'),
        ),
        ...(Object.fromEntries(PRODUCTION_FIELDS.map((f) => [f, value])) as Record<
          ProductionField,
          typeof value
        >),
      },
      { requiredKeys: ['date'] },
    );
    fc.assert(
      fc.property(record, (r) => {
        expect(recordProblems(r).length === 0).toBe(
          productionRecordInputSchema.safeParse(r).success,
        );
      }),
    );
  });

  it('knows summary rows', () => {
    for (const label of [
      'Total',
      'TOTAL:',
      'Average',
      'Sum',
      'Grand Total',
      'Total 2025',
      'avg.',
    ]) {
      expect(isSummaryLabel(label), label).toBe(true);
    }
    for (const label of ['2025-07-01', 'Totalizer', '', 'Dagger Draw'])
      expect(isSummaryLabel(label), label).toBe(false);
  });
});

describe('looksMonthly', () => {
  it('takes dates all on the first of two or more months for a monthly report', () => {
    expect(looksMonthly(['2019-01-01', '2019-02-01', '2019-03-01'])).toBe(true);
    expect(looksMonthly(['2019-01-01', '2019-03-01'])).toBe(true);
    expect(looksMonthly(['2019-01-01'])).toBe(false);
    expect(looksMonthly(['2019-01-01', '2019-01-02'])).toBe(false);
    expect(looksMonthly(['2019-01-01', '2019-01-01'])).toBe(false);
  });
});

describe('isNoteLine', () => {
  const isDate = (cell: string) => looksLikeDateColumn([cell]);
  it('takes text alone on a line for a note, not a row', () => {
    expect(isNoteLine(['6 rows selected.'], 1, isDate)).toBe(true);
    expect(isNoteLine(['Source: NDIC', '', '', ''], 0, isDate)).toBe(true);
    expect(isNoteLine(['', '', '* allocated volumes'], 0, isDate)).toBe(true);
  });
  it('keeps rows: two filled cells, a day without values, numbers alone', () => {
    expect(isNoteLine(['12-Feb-08', '', ''], 0, isDate)).toBe(false);
    expect(isNoteLine(['12-Feb-08', '412', ''], 0, isDate)).toBe(false);
    expect(isNoteLine(['', '412', ''], 0, isDate)).toBe(false);
    expect(isNoteLine(['', '', ''], 0, isDate)).toBe(false);
  });
});

describe('WellMatcher', () => {
  const matcher = new WellMatcher([
    { id: 'a', name: 'Dagger Draw 8-2 #1H', apiNumber: '42-109-32103-00-00' },
    { id: 'b', name: 'Dagger Draw 8-2 #2H', apiNumber: '42-109-33805' },
  ]);
  it('matches names without case or extra spaces, API numbers by digits', () => {
    expect(matcher.match('dagger draw 8-2  #1H', 'well-name')?.id).toBe('a');
    expect(matcher.match('42109321030000', 'api-number')?.id).toBe('a');
    expect(matcher.match('42-109-32103', 'api-number')?.id).toBe('a');
    expect(matcher.match('4210933805', 'well-name')?.id).toBe('b');
    expect(matcher.match('Dagger Draw 9-1 #4H', 'well-name')).toBeUndefined();
    expect(matcher.match('42-109-99999', 'api-number')).toBeUndefined();
  });

  it('finds a well stored with fewer digits from an API number ending in zeros', () => {
    const bakken = new WellMatcher([
      { id: 'c', name: 'Bratli Federal 1-31H', apiNumber: '33-053-08086' },
      { id: 'd', name: 'Bratli Federal 2-31H', apiNumber: '33-053-04457-01' },
    ]);
    expect(bakken.match('33053080860000', 'api-number')?.id).toBe('c');
    expect(bakken.match('330530808600', 'api-number')?.id).toBe('c');
    expect(bakken.match('33053044570100', 'api-number')?.id).toBe('d');
    expect(bakken.match('33053044570000', 'api-number')).toBeUndefined();
    expect(bakken.match('33053080860100', 'api-number')).toBeUndefined();
  });
});

describe('CSV output', () => {
  it('writes RFC 4180 and neutralises formulas in text cells only', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1:A3)')).toBe("'=SUM(A1:A3)");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-5')).toBe('-5');
    // Holding a comma, it is a field that a reader splitting at commas would cut: defused.
    expect(csvCell('-5,5')).toBe(`"'-5,5"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(
      csvText([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
  });
});
