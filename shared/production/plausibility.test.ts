import { describe, expect, it } from 'vitest';
import type { ProductionRecordInput, UnitSystem } from '../api/index.js';
import {
  fieldsConcerned,
  lookbackFrom,
  GOR_MISMATCH_FACTOR,
  plausibilityWarnings,
  PRESSURE_CEILING_PSI,
  RATE_BASIS_DAYS,
  RATE_BASIS_MIN_DAYS,
  RATE_JUMP_FACTOR,
  type PlausibilityContext,
} from './plausibility.js';
import { RecentMaximum } from './recent-maximum.js';

const PSI_TO_KPA = 6.894757293168361;

function context(
  overrides: Partial<PlausibilityContext> & { unitSystem?: UnitSystem } = {},
): PlausibilityContext {
  return { unitSystem: 'imperial', spudDate: null, history: [], ...overrides };
}

/** `count` consecutive days ending the day before `before`, each with the given values. */
function daysBefore(
  before: string,
  count: number,
  values: Omit<ProductionRecordInput, 'date'>,
): ProductionRecordInput[] {
  const end = Date.parse(`${before}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(end - (count - i) * 86_400_000).toISOString().slice(0, 10),
    ...values,
  }));
}

describe('pressure ceiling', () => {
  it('warns about a BHP above 20,000 psi, naming the value, the unit and the reason', () => {
    const warnings = plausibilityWarnings([{ date: '2024-03-01', bhp: 777_762 }], context());
    expect(warnings).toEqual([
      {
        date: '2024-03-01',
        field: 'bhp',
        rule: 'pressure-ceiling',
        message: "BHP 777,762 psi is above 20,000 psi, beyond any well's bottom-hole pressure",
      },
    ]);
  });

  it('lets 20,000 psi itself through, and warns just above it', () => {
    expect(
      plausibilityWarnings([{ date: '2024-03-01', bhp: PRESSURE_CEILING_PSI }], context()),
    ).toEqual([]);
    expect(
      plausibilityWarnings([{ date: '2024-03-01', thp: PRESSURE_CEILING_PSI + 0.1 }], context()),
    ).toMatchObject([{ field: 'thp', rule: 'pressure-ceiling' }]);
  });

  it('converts the ceiling to a metric project: 137,895 kPa', () => {
    const ceiling = PRESSURE_CEILING_PSI * PSI_TO_KPA;
    const metric = context({ unitSystem: 'metric' });
    // 20,000 psi read as kPa is an ordinary pressure in a metric project.
    expect(plausibilityWarnings([{ date: '2024-03-01', bhp: 20_000 }], metric)).toEqual([]);
    expect(plausibilityWarnings([{ date: '2024-03-01', bhp: ceiling - 1 }], metric)).toEqual([]);
    const [warning] = plausibilityWarnings([{ date: '2024-03-01', bhp: 777_762 }], metric);
    expect(warning?.message).toBe(
      "BHP 777,762 kPa is above 137,895 kPa (20,000 psi), beyond any well's bottom-hole pressure",
    );
  });

  it('names the wellhead for THP, and ignores empty pressures', () => {
    const warnings = plausibilityWarnings(
      [{ date: '2024-03-01', bhp: null, thp: 31_000 }],
      context(),
    );
    expect(warnings.map((w) => w.message)).toEqual([
      "THP 31,000 psi is above 20,000 psi, beyond any wellhead's rated pressure",
    ]);
  });
});

describe('rate far above the recent maximum', () => {
  const history = daysBefore('2024-03-01', 30, { oil_rate: 100, gas_rate: 500, water_rate: 20 });

  it('warns at 50 times the highest of the last producing days, not just under', () => {
    const just = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: RATE_JUMP_FACTOR * 100 - 0.01 }],
      context({ history }),
    );
    expect(just).toEqual([]);
    const warnings = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: RATE_JUMP_FACTOR * 100 }],
      context({ history }),
    );
    expect(warnings).toEqual([
      {
        date: '2024-03-01',
        field: 'oil_rate',
        rule: 'rate-jump',
        message:
          "Oil rate 5,000 bbl/d is 50× the well's highest of its last 30 producing days (100 bbl/d)",
      },
    ]);
  });

  it('compares each rate with its own history, in the project units', () => {
    const metric = daysBefore('2024-03-01', 10, { oil_rate: 10, gas_rate: 2, water_rate: 1 });
    const warnings = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: 12, gas_rate: 150, water_rate: 1.5 }],
      context({ unitSystem: 'metric', history: metric }),
    );
    expect(warnings.map((w) => [w.field, w.message])).toEqual([
      [
        'gas_rate',
        "Gas rate 150 10³m³/d is 75× the well's highest of its last 10 producing days (2 10³m³/d)",
      ],
    ]);
  });

  it('looks at the last 90 producing days only: an old high rate is no basis', () => {
    const old = daysBefore('2023-01-01', 10, { oil_rate: 10_000 });
    const shutIn = daysBefore('2023-06-01', 50, { oil_rate: 0 });
    const recent = daysBefore('2024-03-01', RATE_BASIS_DAYS, { oil_rate: 20 });
    const warnings = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: 1_500 }],
      context({ history: [...old, ...shutIn, ...recent] }),
    );
    expect(warnings).toMatchObject([
      { field: 'oil_rate', message: expect.stringContaining('last 90 producing days (20 bbl/d)') },
    ]);
    // With only 89 of the recent days, the oldest basis day is one of the 10,000s.
    const shorter = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: 1_500 }],
      context({ history: [...old, ...recent.slice(1)] }),
    );
    expect(shorter).toEqual([]);
  });

  it('needs a week of production for a basis: a new well ramps up by far more', () => {
    const young = daysBefore('2024-03-01', RATE_BASIS_MIN_DAYS - 1, { oil_rate: 2 });
    expect(
      plausibilityWarnings([{ date: '2024-03-01', oil_rate: 400 }], context({ history: young })),
    ).toEqual([]);
    const week = daysBefore('2024-03-01', RATE_BASIS_MIN_DAYS, { oil_rate: 2 });
    expect(
      plausibilityWarnings([{ date: '2024-03-01', oil_rate: 400 }], context({ history: week })),
    ).toHaveLength(1);
  });

  it('ignores days after the candidate, and the value the candidate replaces', () => {
    const after = daysBefore('2024-06-01', 30, { oil_rate: 1 });
    const replaced = { date: '2024-03-01', oil_rate: 1 };
    expect(
      plausibilityWarnings(
        [{ date: '2024-03-01', oil_rate: 60 }],
        context({ history: [...history, ...after, replaced] }),
      ),
    ).toEqual([]);
  });

  it('counts the other candidates as days of the well, and flags a day once', () => {
    // An import of 40 days of 100 bbl/d with one slipped decimal, into a well with no history.
    const file = daysBefore('2024-03-01', 40, { oil_rate: 100 });
    file[20] = { ...file[20]!, oil_rate: 100_000 };
    const warnings = plausibilityWarnings(file, context());
    expect(warnings).toMatchObject([
      { date: file[20]!.date, field: 'oil_rate', rule: 'rate-jump' },
    ]);
  });

  it('checks only the rates a candidate carries (a file without gas keeps the day’s gas)', () => {
    const day = { date: '2024-03-01', gas_rate: 90_000 };
    const warnings = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: 100 }],
      context({ history: [...history, day] }),
    );
    expect(warnings).toEqual([]);
  });
});

describe('production before the spud date', () => {
  it('warns about a producing day before the well was drilled', () => {
    const warnings = plausibilityWarnings(
      [{ date: '2019-06-01', oil_rate: 0, gas_rate: 120.5 }],
      context({ spudDate: '2022-06-01' }),
    );
    expect(warnings).toEqual([
      {
        date: '2019-06-01',
        field: 'gas_rate',
        rule: 'before-spud',
        message:
          'Gas rate 120.5 Mscf/d on 2019-06-01, before the well was spudded on 2022-06-01: a well cannot produce before it is drilled',
      },
    ]);
  });

  it('lets the spud day itself, days without production and wells without a spud date through', () => {
    expect(
      plausibilityWarnings(
        [{ date: '2022-06-01', oil_rate: 50 }],
        context({ spudDate: '2022-06-01' }),
      ),
    ).toEqual([]);
    expect(
      plausibilityWarnings(
        [{ date: '2022-05-31', oil_rate: 0, water_rate: null, bhp: 3000 }],
        context({ spudDate: '2022-06-01' }),
      ),
    ).toEqual([]);
    expect(plausibilityWarnings([{ date: '1990-01-01', oil_rate: 50 }], context())).toEqual([]);
  });
});

describe('GOR against the day’s rates', () => {
  it('warns when the recorded GOR is ten times off 1000 × gas ÷ oil, either way', () => {
    // 500 Mscf/d ÷ 100 bbl/d = 5,000 scf/bbl.
    const rates = { date: '2024-03-01', oil_rate: 100, gas_rate: 500 };
    expect(
      plausibilityWarnings([{ ...rates, gor: 5_000 * GOR_MISMATCH_FACTOR }], context()),
    ).toEqual([
      {
        date: '2024-03-01',
        field: 'gor',
        rule: 'gor-mismatch',
        message:
          "GOR 50,000 scf/bbl is 10× off the day's own rates, which give 5,000 scf/bbl (1000 × gas ÷ oil)",
      },
    ]);
    expect(plausibilityWarnings([{ ...rates, gor: 500 }], context())).toHaveLength(1);
    expect(plausibilityWarnings([{ ...rates, gor: 49_999 }], context())).toEqual([]);
    expect(plausibilityWarnings([{ ...rates, gor: 501 }], context())).toEqual([]);
  });

  it('has nothing to compare without oil, gas or a recorded GOR', () => {
    expect(
      plausibilityWarnings(
        [{ date: '2024-03-01', oil_rate: 0, gas_rate: 500, gor: 9e6 }],
        context(),
      ),
    ).toEqual([]);
    expect(
      plausibilityWarnings(
        [{ date: '2024-03-01', oil_rate: 10, gas_rate: 500, gor: null }],
        context(),
      ),
    ).toEqual([]);
  });

  it('uses m³/m³ in a metric project', () => {
    const [warning] = plausibilityWarnings(
      [{ date: '2024-03-01', oil_rate: 10, gas_rate: 2, gor: 5_000 }],
      context({ unitSystem: 'metric' }),
    );
    expect(warning?.message).toBe(
      "GOR 5,000 m³/m³ is 25× off the day's own rates, which give 200 m³/m³ (1000 × gas ÷ oil)",
    );
  });
});

it('lists the warnings by day, then in the API’s field order', () => {
  const warnings = plausibilityWarnings(
    [
      { date: '2024-03-02', thp: 25_000, bhp: 25_000 },
      { date: '2019-01-01', water_rate: 5 },
    ],
    context({ spudDate: '2020-01-01' }),
  );
  expect(warnings.map((w) => `${w.date} ${w.field}`)).toEqual([
    '2019-01-01 water_rate',
    '2024-03-02 bhp',
    '2024-03-02 thp',
  ]);
});

describe('RecentMaximum', () => {
  it('is the highest of the last values pushed, forgetting older ones', () => {
    const recent = new RecentMaximum(3);
    expect(recent.max).toBeNull();
    const seen: Array<number | null> = [];
    for (const value of [5, 1, 4, 2, 2, 9, 1, 1, 1]) {
      recent.push(value);
      seen.push(recent.max);
    }
    expect(seen).toEqual([5, 5, 5, 4, 4, 9, 9, 9, 1]);
    expect(recent.count).toBe(3);
  });
});

it('says which changed fields a warning is about', () => {
  const at = { date: '2024-03-01', message: '' };
  expect(fieldsConcerned({ ...at, field: 'bhp', rule: 'pressure-ceiling' })).toEqual(['bhp']);
  expect(fieldsConcerned({ ...at, field: 'gas_rate', rule: 'rate-jump' })).toEqual(['gas_rate']);
  expect(fieldsConcerned({ ...at, field: 'gor', rule: 'gor-mismatch' })).toEqual(['gor']);
  expect(fieldsConcerned({ ...at, field: 'oil_rate', rule: 'before-spud' })).toEqual([
    'oil_rate',
    'gas_rate',
    'water_rate',
  ]);
});

it('reads a year of history before the earliest candidate', () => {
  expect(lookbackFrom('2024-03-01')).toBe('2023-03-02'); // 2024 is a leap year
  expect(lookbackFrom('2023-03-01')).toBe('2022-03-01');
});
