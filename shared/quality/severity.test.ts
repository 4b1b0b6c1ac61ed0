import { describe, expect, it } from 'vitest';
import type { ProductionRecord } from '../api/index.js';
import { beforeSpud } from './before-spud.js';
import { addDays } from './days.js';
import { flatLines } from './flat-lines.js';
import { implausibleValues } from './implausible.js';
import { ratioJumps } from './ratio-jumps.js';
import { reportingGaps } from './reporting-gaps.js';
import { runtimeMismatch } from './runtime-mismatch.js';
import { flatLineSeverity, gapSeverity, spikeSeverity } from './severity.js';
import { spikes } from './spikes.js';
import { volumeAtStake } from './stake.js';
import { CONTEXT, day, series } from './testing/series.js';
import { columnsFromRecords } from './well-columns.js';

/**
 * Severity and volume at stake per rule, on hand-made days whose medians can be worked
 * out on paper: oil 100 bbl/d, gas 150 Mscf/d (25 boe/d), water 50 bbl/d unless said.
 */

/** `count` steady days from `first` (no wobble: the usual rate is exactly the day's). */
function steady(
  first: string,
  count: number,
  values: (i: number) => Partial<Omit<ProductionRecord, 'date'>> = () => ({}),
): ProductionRecord[] {
  return Array.from({ length: count }, (_, i) => day(addDays(first, i), values(i)));
}

const without = (days: ProductionRecord[], from: number, count: number) =>
  days.filter((_, i) => i < from || i >= from + count);

describe('reporting gaps', () => {
  it('judge the gap by its days, at stake the usual rate × the days missing', () => {
    // 1, 5 and 20 days missing, each between days of 100 bbl/d of oil.
    const days = [
      ...without(steady('2024-01-01', 10), 4, 1),
      ...without(steady('2024-02-01', 20), 5, 5),
      ...without(steady('2024-04-01', 40), 10, 20),
    ];
    // (The days between the three stretches are gaps too: only these three are looked at.)
    const inside = reportingGaps(columnsFromRecords(days), CONTEXT).filter((f) =>
      ['2024-01-05', '2024-02-06', '2024-04-11'].includes(f.from),
    );
    expect(inside.map((f) => [f.from, f.to, f.severity, f.atStake])).toEqual([
      ['2024-01-05', '2024-01-05', 'minor', volumeAtStake('oil', 100, 'imperial')],
      ['2024-02-06', '2024-02-10', 'major', volumeAtStake('oil', 500, 'imperial')],
      ['2024-04-11', '2024-04-30', 'critical', volumeAtStake('oil', 2_000, 'imperial')],
    ]);
    expect(inside[2]!.atStake).toEqual({
      stream: 'oil',
      volume: 2_000,
      unit: 'bbl',
      oilEquivalent: 2_000,
    });
  });

  it('name a gas well’s gas, and keep a gap between shut-in days minor', () => {
    const gasWell = without(
      steady('2024-01-01', 40, () => ({ oil_rate: 2, gas_rate: 900 })),
      10,
      20,
    );
    const [gas] = reportingGaps(columnsFromRecords(gasWell), CONTEXT);
    // 900 Mscf/d is 150 boe/d, more than 2 bbl/d of oil: 20 days × 900 Mscf/d.
    expect(gas).toMatchObject({ severity: 'critical' });
    expect(gas!.atStake).toEqual({
      stream: 'gas',
      volume: 18_000,
      unit: 'Mscf',
      oilEquivalent: 3_000,
    });
    const shutIn = without(
      steady('2024-01-01', 40, () => ({ oil_rate: 0, gas_rate: 0, water_rate: 0, runtime: 0 })),
      10,
      20,
    );
    const [idle] = reportingGaps(columnsFromRecords(shutIn), CONTEXT);
    expect(idle).toMatchObject({ severity: 'minor', atStake: { stream: 'oil', volume: 0 } });
  });

  it('leave out gaps shorter than the project’s minimum', () => {
    const days = [
      ...without(steady('2024-01-01', 10), 4, 1),
      ...without(steady('2024-01-11', 10), 3, 3),
    ];
    const all = reportingGaps(columnsFromRecords(days), CONTEXT);
    expect(all.map((f) => f.from)).toEqual(['2024-01-05', '2024-01-14']);
    const longer = reportingGaps(columnsFromRecords(days), CONTEXT, { minDays: 2 });
    expect(longer.map((f) => [f.from, f.to])).toEqual([['2024-01-14', '2024-01-16']]);
    expect(() => reportingGaps(columnsFromRecords(days), CONTEXT, { minDays: 0 })).toThrow(
      /minDays must be a whole number of days ≥ 1, not 0/,
    );
  });

  it('thresholds: 4 days minor, 5 major, 14 major, 15 critical', () => {
    expect([4, 5, 14, 15].map((n) => gapSeverity(n, true))).toEqual([
      'minor',
      'major',
      'major',
      'critical',
    ]);
  });
});

describe('flat lines', () => {
  it('judge the run by its days, at stake the volume booked on the frozen value', () => {
    const days = series('2024-01-01', 40, (i) => (i >= 5 && i < 35 ? { oil_rate: 123.4 } : {}));
    const [finding] = flatLines(columnsFromRecords(days), CONTEXT);
    expect(finding).toMatchObject({ from: '2024-01-06', to: '2024-02-04', severity: 'critical' });
    // 30 days × 123.4 bbl/d.
    expect(finding!.atStake!.volume).toBeCloseTo(3_702, 9);
    expect([13, 14, 29, 30].map(flatLineSeverity)).toEqual(['minor', 'major', 'major', 'critical']);
  });
});

describe('spikes', () => {
  // Oil alternating 102 (even days) and 98 (odd): an even day's 14 neighbours are eight
  // 98s and six 102s, so their median is 98.
  const alternating = (spike: Partial<Omit<ProductionRecord, 'date'>>) =>
    series('2024-01-01', 30, (i) => (i === 14 ? spike : { oil_rate: i % 2 === 0 ? 102 : 98 }));

  it('judge by the multiple of the median, at stake the excess over one day', () => {
    const [big] = spikes(columnsFromRecords(alternating({ oil_rate: 5_000 })), CONTEXT);
    // 5,000 ÷ 98 = 51×: critical; 5,000 − 98 = 4,902 bbl.
    expect(big).toMatchObject({ from: '2024-01-15', severity: 'critical' });
    expect(big!.atStake).toEqual(volumeAtStake('oil', 4_902, 'imperial'));
    const [mid] = spikes(columnsFromRecords(alternating({ oil_rate: 600 })), CONTEXT);
    expect(mid).toMatchObject({ severity: 'major', atStake: { volume: 502 } });
    const [drop] = spikes(columnsFromRecords(alternating({ oil_rate: 8 })), CONTEXT);
    // 8 ÷ 98 is 8 % of the median: major; 98 − 8 = 90 bbl short.
    expect(drop).toMatchObject({ severity: 'major', atStake: { volume: 90 } });
  });

  it('on a short runtime, compares with what the median gives over that runtime', () => {
    const [half] = spikes(
      columnsFromRecords(alternating({ oil_rate: 3_000, runtime: 12 })),
      CONTEXT,
    );
    // 3,000 in 12 h is 6,000 a full day (61×); the median gives 49 in 12 h: 2,951 bbl.
    expect(half).toMatchObject({ severity: 'critical', atStake: { volume: 2_951 } });
    expect([3.2, 4.99, 5, 9.9, 10, 0.2, 0.1].map(spikeSeverity)).toEqual([
      'minor',
      'minor',
      'major',
      'major',
      'critical',
      'minor',
      'major',
    ]);
  });
});

describe('ratio jumps', () => {
  it('judge a watercut step by its points, at stake the water it moves over the window', () => {
    // Watercut 20 % (25 of 125 bbl/d of liquid) for 15 days, then 50 % (100 of 200).
    const days = steady('2024-01-01', 30, (i) => ({ water_rate: i < 15 ? 25 : 100 }));
    const [finding] = ratioJumps(columnsFromRecords(days), CONTEXT);
    // 30 points: major; 30 % of 200 bbl/d of liquid × 15 days = 900 bbl of water.
    expect(finding).toMatchObject({ rule: 'ratio-jump', severity: 'major' });
    expect(finding!.atStake).toEqual(volumeAtStake('water', 900, 'imperial'));
  });

  it('judge a GOR step by its factor, at stake the gas it moves', () => {
    // GOR 1,500 scf/bbl, then 7,500 (5×) at 100 bbl/d: 600 Mscf/d × 15 days.
    const days = steady('2024-01-01', 30, (i) => ({ gas_rate: i < 15 ? 150 : 750 }));
    const [finding] = ratioJumps(columnsFromRecords(days), CONTEXT);
    expect(finding).toMatchObject({ severity: 'critical' });
    expect(finding!.atStake).toEqual(volumeAtStake('gas', 9_000, 'imperial'));
  });
});

describe('runtime mismatches', () => {
  it('at stake the usual flow for 24 h of nothing, the booked flow for 0 h of flow', () => {
    const days = steady('2024-01-01', 20, (i) =>
      i >= 5 && i < 8
        ? { oil_rate: 0, gas_rate: 0, water_rate: 0 }
        : i === 12
          ? { oil_rate: 80, gas_rate: 120, water_rate: 10, runtime: 0 }
          : {},
    );
    const findings = runtimeMismatch(columnsFromRecords(days), CONTEXT);
    expect(findings.map((f) => [f.from, f.severity, f.atStake?.stream, f.atStake?.volume])).toEqual(
      [
        // Three days × the usual 100 bbl/d: major from three days.
        ['2024-01-06', 'major', 'oil', 300],
        // One day, but flow with no runtime is impossible: major; 80 bbl booked.
        ['2024-01-13', 'major', 'oil', 80],
      ],
    );
  });
});

describe('before spud and implausible values', () => {
  it('are critical, at stake the volume booked before the well existed', () => {
    const days = steady('2024-01-01', 5);
    const [finding] = beforeSpud(columnsFromRecords(days), { ...CONTEXT, spudDate: '2024-01-03' });
    expect(finding).toMatchObject({
      severity: 'critical',
      atStake: { stream: 'oil', volume: 200 },
    });
  });

  it('a rate 50× the highest is critical, a pressure has nothing at stake', () => {
    const days = steady('2024-01-01', 30, (i) =>
      i === 20 ? { bhp: 777_762 } : i === 25 ? { oil_rate: 9_000 } : {},
    );
    const [pressure, rate] = implausibleValues(columnsFromRecords(days), CONTEXT);
    expect(pressure).toMatchObject({ severity: 'critical', atStake: null });
    // 9,000 − the highest of the recent days, 100: 8,900 bbl.
    expect(rate).toMatchObject({ severity: 'critical', atStake: { volume: 8_900 } });
  });
});

describe('volumeAtStake', () => {
  it('converts metric gas to oil equivalent through 6 Mscf per bbl', () => {
    // 10 10³m³ = 353.147 Mscf = 58.858 boe = 9.358 m³.
    const stake = volumeAtStake('gas', 10, 'metric');
    expect(stake).toMatchObject({ unit: '10³m³', volume: 10 });
    expect(stake.oilEquivalent).toBeCloseTo(9.3577, 3);
    expect(volumeAtStake('water', -3, 'metric')).toEqual({
      stream: 'water',
      volume: 3,
      unit: 'm³',
      oilEquivalent: 0,
    });
  });
});
