import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCTION_FIELDS,
  apiNumberDigits,
  apiNumberSchema,
  fieldValueProblem,
  isCalendarDate,
  isIanaTimeZone,
  type ProductionRecord,
} from '#shared/api/index.js';
import { aggregateMonthly } from '#shared/production/monthly.js';
import { generateDemo, type DemoProjectSpec, type DemoWellSpec } from './generate.js';

const TODAY = '2026-05-01';
const DAY_MS = 86_400_000;
/** Small enough to check every record quickly; ≥ 10 wells in the first project gives every type. */
const SMALL = [12, 8, 6] as const;

function days(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / DAY_MS;
}

function metadata(projects: DemoProjectSpec[]) {
  return projects.map(({ wells, ...project }) => ({
    ...project,
    wells: wells.map(({ records: _records, ...well }) => well),
  }));
}

function allWells(projects: DemoProjectSpec[]): DemoWellSpec[] {
  return projects.flatMap((project) => project.wells);
}

describe('generateDemo: the dataset', () => {
  const projects = generateDemo({ today: TODAY });
  const wells = allWells(projects);

  it('has three projects with distinct time zones, exactly one metric', () => {
    expect(projects.map((p) => p.name)).toEqual([
      'Permian Delaware Basin',
      'Williston Bakken',
      'Montney Alberta',
    ]);
    expect(projects.map((p) => p.wells.length)).toEqual([140, 90, 70]);
    expect(wells).toHaveLength(300);
    expect(projects.filter((p) => p.unitSystem === 'metric').map((p) => p.name)).toEqual([
      'Montney Alberta',
    ]);
    expect(new Set(projects.map((p) => p.timezone)).size).toBe(3);
    for (const project of projects) {
      expect(isIanaTimeZone(project.timezone)).toBe(true);
      expect(project.description.length).toBeGreaterThan(20);
    }
  });

  it('names wells uniquely within each project, in the field style', () => {
    for (const project of projects) {
      const names = project.wells.map((w) => w.name);
      expect(new Set(names).size).toBe(names.length);
    }
    // US: lease, section/number, H for horizontal ("Toyah 6-2H", "Lars 154-99-14-23-1TFH").
    // Alberta: field, HZ, bottom-hole legal location ("Kakwa HZ 2-15-63-5").
    const [delaware, bakken, montney] = projects as [
      DemoProjectSpec,
      DemoProjectSpec,
      DemoProjectSpec,
    ];
    for (const well of [...delaware.wells, ...bakken.wells].filter((w) => w.type === 'producer')) {
      expect(well.name).toMatch(/^[A-Z][A-Za-z ]+ [\w #-]*\d(TF)?H$/);
    }
    for (const well of montney.wells.filter((w) => w.type === 'producer')) {
      expect(well.name).toMatch(/^[A-Z][A-Za-z ]+ HZ \d{1,2}-\d{1,2}-\d{2,3}-\d{1,2}$/);
    }
    expect(wells.some((w) => / SWD /.test(w.name))).toBe(true);
  });

  it('gives valid API numbers, unique across the dataset, in 10-, 12- and 14-digit forms', () => {
    const digits = wells.map((w) => apiNumberDigits(w.apiNumber));
    for (const well of wells) expect(apiNumberSchema.safeParse(well.apiNumber).success).toBe(true);
    expect(new Set(digits).size).toBe(wells.length);
    expect(new Set(digits.map((d) => d.length))).toEqual(new Set([10, 12, 14]));
    expect(wells.some((w) => /^\d{2}-\d{3}-\d{5}$/.test(w.apiNumber))).toBe(true);
    expect(wells.some((w) => /^\d+$/.test(w.apiNumber))).toBe(true);
    // State codes: Texas 42 and New Mexico 30 in the Delaware, North Dakota 33 in the Bakken.
    const [delaware, bakken] = projects as [DemoProjectSpec, DemoProjectSpec];
    for (const well of delaware.wells) expect(['42', '30']).toContain(well.apiNumber.slice(0, 2));
    for (const well of bakken.wells) expect(well.apiNumber.slice(0, 2)).toBe('33');
  });

  it('mixes well types and statuses, mostly active producers', () => {
    const count = (predicate: (w: DemoWellSpec) => boolean) => wells.filter(predicate).length;
    expect(count((w) => w.type === 'producer')).toBeGreaterThan(0.75 * wells.length);
    for (const type of ['injector', 'observer', 'swd'] as const) {
      expect(count((w) => w.type === type)).toBeGreaterThan(2);
    }
    expect(count((w) => w.status === 'active')).toBeGreaterThan(0.7 * wells.length);
    expect(count((w) => w.status === 'inactive')).toBeGreaterThan(5);
    expect(count((w) => w.status === 'shut_in')).toBeGreaterThan(5);
    expect(count((w) => w.type === 'observer' && w.status !== 'active')).toBe(0);
  });

  it('places each project in one basin and gives horizontal-well geometry', () => {
    for (const project of projects) {
      const lats = project.wells.map((w) => w.latitude);
      const lons = project.wells.map((w) => w.longitude);
      expect(Math.max(...lats) - Math.min(...lats)).toBeLessThan(2.5);
      expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(3);
    }
    for (const well of wells) {
      expect(isCalendarDate(well.spudDate)).toBe(true);
      expect(well.lateralLength).toBeGreaterThanOrEqual(4_000);
      expect(well.lateralLength).toBeLessThanOrEqual(15_000);
      const { topMd, bottomMd } = well.perfInterval;
      expect(topMd).toBeGreaterThan(5_000);
      expect(topMd).toBeLessThan(bottomMd);
      expect(Math.abs(bottomMd - topMd - well.lateralLength)).toBeLessThanOrEqual(250);
    }
    const spudYears = new Set(wells.map((w) => w.spudDate.slice(0, 4)));
    expect(spudYears.size).toBeGreaterThanOrEqual(8);
  });

  it('yields about a million records quickly', () => {
    // CPU time rather than wall time: the build machines run test files side by side.
    const started = performance.now();
    const cpu = process.cpuUsage();
    let count = 0;
    for (const well of wells) for (const _record of well.records()) count++;
    const { user, system } = process.cpuUsage(cpu);
    const cpuMs = (user + system) / 1000;
    const wallMs = performance.now() - started;
    console.info(
      `demo dataset: ${count} records, ${Math.round(wallMs)} ms wall, ${Math.round(cpuMs)} ms CPU`,
    );
    expect(count).toBeGreaterThan(900_000);
    expect(count).toBeLessThan(1_300_000);
    // Typically well under a second; the bound only catches an order-of-magnitude regression.
    expect(cpuMs).toBeLessThan(5_000);
  });
});

describe('generateDemo: determinism', () => {
  it('gives the same dataset for the same seed and today, and another for another seed', () => {
    const a = generateDemo({ seed: 7, today: TODAY, wellCounts: SMALL });
    const b = generateDemo({ seed: 7, today: TODAY, wellCounts: SMALL });
    const c = generateDemo({ seed: 8, today: TODAY, wellCounts: SMALL });
    expect(metadata(b)).toEqual(metadata(a));
    const recordsOf = (projects: DemoProjectSpec[]) =>
      allWells(projects).map((w) => [...w.records()]);
    expect(recordsOf(b)).toEqual(recordsOf(a));
    expect(metadata(c)).not.toEqual(metadata(a));
    expect(recordsOf(c)).not.toEqual(recordsOf(a));
  });

  it('re-runs each well independently: interleaved iteration gives the same records', () => {
    const [first, second] = allWells(generateDemo({ today: TODAY, wellCounts: [2] })) as [
      DemoWellSpec,
      DemoWellSpec,
    ];
    const expectedFirst = [...first.records()];
    const expectedSecond = [...second.records()];
    const itFirst = first.records()[Symbol.iterator]();
    const itSecond = second.records()[Symbol.iterator]();
    const gotFirst: ProductionRecord[] = [];
    const gotSecond: ProductionRecord[] = [];
    for (;;) {
      const x = itFirst.next();
      const y = itSecond.next();
      if (!x.done) gotFirst.push(x.value);
      if (!y.done) gotSecond.push(y.value);
      if (x.done && y.done) break;
    }
    expect(gotFirst).toEqual(expectedFirst);
    expect(gotSecond).toEqual(expectedSecond);
  });

  it('ends on today by default and rejects bad options', () => {
    const before = new Date().toISOString().slice(0, 10);
    const [well] = allWells(generateDemo({ wellCounts: [1] })) as [DemoWellSpec];
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain([...well.records()].at(-1)?.date);
    expect(() => generateDemo({ today: '2026-02-30' })).toThrow(RangeError);
    expect(() => generateDemo({ wellCounts: [1, 1, 1, 1] })).toThrow(RangeError);
    expect(() => generateDemo({ wellCounts: [-1] })).toThrow(RangeError);
    expect(() => generateDemo({ seed: 1.5 })).toThrow(RangeError);
  });
});

describe('generateDemo: daily records', () => {
  let wells: DemoWellSpec[];
  const records = new Map<DemoWellSpec, ProductionRecord[]>();

  beforeAll(() => {
    wells = allWells(generateDemo({ today: TODAY, wellCounts: SMALL }));
    for (const well of wells) records.set(well, [...well.records()]);
  });

  function history(well: DemoWellSpec): ProductionRecord[] {
    return records.get(well) as ProductionRecord[];
  }

  it('covers every well type in the small dataset', () => {
    expect(new Set(wells.map((w) => w.type))).toEqual(
      new Set(['producer', 'injector', 'observer', 'swd']),
    );
  });

  it('dates real, unique, ascending days from first production (after spud) to today, 5–15 years', () => {
    const problems: string[] = [];
    for (const well of wells) {
      const days_ = history(well);
      const first = days_[0]?.date as string;
      expect(days_.at(-1)?.date).toBe(TODAY);
      expect(days(first, TODAY) / 365.25).toBeGreaterThanOrEqual(5);
      expect(days(first, TODAY) / 365.25).toBeLessThanOrEqual(15);
      // Completion takes weeks to months after the rig leaves.
      expect(days(well.spudDate, first)).toBeGreaterThanOrEqual(14);
      expect(days(well.spudDate, first)).toBeLessThanOrEqual(400);
      let previous = '';
      for (const { date } of days_) {
        if (!isCalendarDate(date)) problems.push(`${well.name}: ${date} is not a calendar date`);
        if (!(date > previous)) problems.push(`${well.name}: ${date} does not follow ${previous}`);
        previous = date;
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('keeps every value finite and within the API rules, rounded like field data', () => {
    const problems: string[] = [];
    const keys = ['date', ...PRODUCTION_FIELDS].join();
    for (const well of wells) {
      for (const record of history(well)) {
        if (Object.keys(record).join() !== keys) problems.push(`${well.name} ${record.date}: keys`);
        for (const field of PRODUCTION_FIELDS) {
          const value = record[field];
          const problem = fieldValueProblem(field, value);
          if (problem !== null) problems.push(`${well.name} ${record.date}: ${field} ${problem}`);
          if (value !== null && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
            problems.push(`${well.name} ${record.date}: ${field} = ${value} is not rounded`);
          }
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('makes GOR and watercut agree with the rates of the same day', () => {
    // Both are rounded (to 0.1 scf/bbl and 0.01 %), hence the tolerances.
    const problems: string[] = [];
    let checked = 0;
    for (const well of wells) {
      for (const r of history(well)) {
        const { oil_rate: oil, gas_rate: gas, water_rate: water, gor, watercut } = r;
        const expectedGor = oil !== null && oil > 0 && gas !== null ? (1000 * gas) / oil : null;
        const expectedWatercut =
          oil !== null && water !== null && oil + water > 0 ? (100 * water) / (oil + water) : null;
        if (
          (gor === null) !== (expectedGor === null) ||
          Math.abs((gor ?? 0) - (expectedGor ?? 0)) > 0.05 + 1e-9
        ) {
          problems.push(`${well.name} ${r.date}: gor ${gor}, rates give ${expectedGor}`);
        }
        if (
          (watercut === null) !== (expectedWatercut === null) ||
          Math.abs((watercut ?? 0) - (expectedWatercut ?? 0)) > 0.005 + 1e-9
        ) {
          problems.push(
            `${well.name} ${r.date}: watercut ${watercut}, rates give ${expectedWatercut}`,
          );
        }
        if (gor !== null && watercut !== null) checked++;
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('reports what each type measures', () => {
    for (const well of wells) {
      const days_ = history(well);
      if (well.type === 'observer') {
        expect(
          days_.every((r) => r.oil_rate === null && r.water_rate === null && r.gas_rate === null),
        ).toBe(true);
        expect(days_.every((r) => r.bhp !== null)).toBe(true);
      } else if (well.type === 'producer') {
        expect(
          days_.every((r) => r.oil_rate !== null && r.gas_rate !== null && r.water_rate !== null),
        ).toBe(true);
      } else {
        expect(days_.every((r) => r.oil_rate === null && r.gas_rate === null)).toBe(true);
        expect(days_.filter((r) => (r.water_rate ?? 0) > 0).length).toBeGreaterThan(
          days_.length / 2,
        );
        expect(days_.some((r) => r.thp !== null && r.bhp !== null && r.bhp > r.thp)).toBe(true);
      }
    }
  });

  it('has shut-in days, partial-runtime days and missing days', () => {
    let shutIn = 0;
    let downtime = 0;
    let missing = 0;
    for (const well of wells) {
      const days_ = history(well);
      for (let i = 0; i < days_.length; i++) {
        const r = days_[i] as ProductionRecord;
        if (r.runtime === 0 && r.oil_rate === 0) {
          shutIn++;
          if (r.gas_rate !== 0 || r.water_rate !== 0 || r.gor !== null || r.watercut !== null) {
            throw new Error(`${well.name} ${r.date}: a shut-in day with flow`);
          }
        }
        if (r.runtime !== null && r.runtime > 0 && r.runtime < 24) downtime++;
        if (i > 0) missing += days((days_[i - 1] as ProductionRecord).date, r.date) - 1;
      }
    }
    expect(shutIn).toBeGreaterThan(100);
    expect(downtime).toBeGreaterThan(100);
    expect(missing).toBeGreaterThan(20);
  });

  it('ends shut-in wells with zero-rate days and stops inactive wells before today', () => {
    const shutIn = wells.filter((w) => w.status === 'shut_in');
    const inactive = wells.filter((w) => w.status === 'inactive');
    expect(shutIn.length).toBeGreaterThanOrEqual(3);
    expect(inactive.length).toBeGreaterThanOrEqual(1);
    for (const well of [...shutIn, ...inactive]) {
      const tail = history(well).slice(-7);
      expect(
        tail.every((r) => r.runtime === 0 && (r.water_rate ?? 0) === 0 && (r.oil_rate ?? 0) === 0),
      ).toBe(true);
    }
  });

  it('declines producers: lower oil and pressure, higher GOR and watercut late in life', () => {
    const producers = wells.filter((w) => w.type === 'producer');
    expect(producers.length).toBeGreaterThan(15);
    for (const well of producers) {
      const months = aggregateMonthly(history(well));
      const firstYear = months.slice(0, 12);
      const lastYear = months.slice(-12);
      const mean = (rows: ProductionRecord[], field: 'oil_rate' | 'bhp' | 'gor' | 'watercut') => {
        const values = rows.map((r) => r[field]).filter((v): v is number => v !== null);
        return values.reduce((sum, v) => sum + v, 0) / values.length;
      };
      expect(mean(lastYear, 'oil_rate')).toBeLessThan(mean(firstYear, 'oil_rate'));
      if (well.status !== 'active') continue;
      expect(mean(lastYear, 'oil_rate')).toBeLessThan(0.5 * mean(firstYear, 'oil_rate'));
      expect(mean(lastYear, 'bhp')).toBeLessThan(mean(firstYear, 'bhp'));
      expect(mean(lastYear, 'gor')).toBeGreaterThan(mean(firstYear, 'gor'));
      // The first months carry frac-water flowback, so compare with the second year.
      expect(mean(lastYear, 'watercut')).toBeGreaterThan(mean(months.slice(12, 24), 'watercut'));
    }
  });

  it('changes producer chokes in steps, closing them while shut in', () => {
    for (const well of wells.filter((w) => w.type === 'producer')) {
      const open = history(well).filter((r) => (r.runtime ?? 0) > 0);
      const sizes = new Set(open.map((r) => r.choke_size));
      let changes = 0;
      for (let i = 1; i < open.length; i++) {
        if (open[i]?.choke_size !== open[i - 1]?.choke_size) changes++;
      }
      expect(sizes.size).toBeGreaterThan(1);
      expect(changes).toBeLessThan(30);
      expect([...sizes].every((size) => size !== null && size >= 8 && size <= 64)).toBe(true);
    }
  });
});
