import { describe, expect, it } from 'vitest';
import type { ProductionRecord } from '../api/index.js';
import { addDays } from './days.js';
import { scanWell } from './scan-well.js';
import { scanWell as scanRows } from './testing/row-based/scan-well.js';
import type { FindingFacts, QualityFinding, WellSeriesContext } from './types.js';
import { columnsFromRecords } from './well-columns.js';

/**
 * The column rules find exactly what the record rules they replaced found (same keys,
 * days and words, in the same order), on random wells carrying every defect the rules
 * look for, and the ordinary noise, shut-ins and missing values around them.
 */

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

function randomWell(seed: number): { days: ProductionRecord[]; context: WellSeriesContext } {
  const random = generator(seed);
  const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
  const noise = pick([0.01, 0.05, 0.2, 0.6]);
  const written = pick([1, 10, 100]);
  const round = (value: number) => Math.round(value * written) / written;
  let oil = 50 + random() * 500;
  let gorLevel = 500 + random() * 3000;
  let cut = random() * 0.8;
  const days: ProductionRecord[] = [];
  let date = addDays('2020-01-01', Math.floor(random() * 300));
  let flat = 0;
  let flatValue = 0;
  const count = 50 + Math.floor(random() * 900);
  for (let i = 0; i < count; i++) {
    // Missing days, alone or in runs.
    if (random() < 0.02) date = addDays(date, 1 + Math.floor(random() * 5));
    if (random() < 0.004) oil *= pick([0.2, 3]); // a new level
    if (random() < 0.004) gorLevel *= pick([0.4, 2.5]); // a GOR step
    if (random() < 0.004) cut = Math.min(0.95, cut + 0.3); // a watercut step
    oil *= 0.999;
    const shutIn = random() < 0.03;
    const runtime = shutIn
      ? 0
      : random() < 0.05
        ? round(random() * 24)
        : random() < 0.05
          ? null
          : 24;
    let dayOil = shutIn ? 0 : round(oil * (1 + noise * (random() - 0.5)));
    if (random() < 0.01) dayOil = round(dayOil * pick([0.05, 12, 80])); // a spike or a drop
    if (flat > 0) {
      dayOil = flatValue;
      flat--;
    } else if (random() < 0.01) {
      flat = 5 + Math.floor(random() * 6);
      flatValue = dayOil;
    }
    const gas = shutIn ? 0 : round((dayOil * gorLevel * (1 + noise * (random() - 0.5))) / 1000);
    const water = shutIn ? 0 : round((dayOil * cut) / (1 - cut));
    days.push({
      date,
      oil_rate: random() < 0.02 ? null : dayOil,
      gas_rate: random() < 0.02 ? null : gas,
      water_rate: random() < 0.02 ? null : random() < 0.01 ? 0 : water,
      bhp: random() < 0.005 ? 777_762 : random() < 0.1 ? null : 1500,
      thp: random() < 0.005 ? 25_000 : 300,
      choke_size: 32,
      runtime: random() < 0.01 ? (random() < 0.5 ? 0 : 24) : runtime,
      gor: random() < 0.1 ? (random() < 0.1 ? 50_000 : round(gorLevel)) : null,
      watercut: random() < 0.1 ? round(100 * cut) : null,
    });
    date = addDays(date, 1);
  }
  const first = days[0]!.date;
  const last = days[days.length - 1]!.date;
  const context: WellSeriesContext = {
    wellId: `w${seed}`,
    unitSystem: pick(['imperial', 'metric'] as const),
    spudDate: pick([null, addDays(first, 10), addDays(first, -5)]),
    ...(random() < 0.5
      ? {}
      : {
          covered: [
            { from: first, to: addDays(first, 100) },
            { from: addDays(first, 150), to: last },
          ],
        }),
  };
  return { days, context };
}

/** The rules' facts: severity and stake are the column rules' alone (severity.test.ts). */
function facts(findings: readonly QualityFinding[]): FindingFacts[] {
  return findings.map(({ severity: _severity, atStake: _atStake, ...rest }) => rest);
}

describe('the column rules', () => {
  it('find what the record rules found, on 200 random wells', () => {
    let findings = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { days, context } = randomWell(seed);
      const expected = scanRows(days, context);
      expect(facts(scanWell(columnsFromRecords(days), context))).toEqual(expected);
      findings += expected.length;
    }
    // The wells do carry defects: the comparison is not of empty lists.
    expect(findings).toBeGreaterThan(1000);
  });

  it('agree with a shorter flat line too', () => {
    for (let seed = 201; seed <= 230; seed++) {
      const { days, context } = randomWell(seed);
      const options = { flatLine: { minDays: 3 } };
      expect(facts(scanWell(columnsFromRecords(days), context, options))).toEqual(
        scanRows(days, context, options),
      );
    }
  });
});
