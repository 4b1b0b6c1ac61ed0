import { describe, expect, it } from 'vitest';
import type { PhaseDays } from '#shared/field/index.js';
import { composeChartSvg } from '../../export/svg-compose.js';
import {
  buildComparison,
  compareLegend,
  initialChoice,
  notDrawnNames,
  notDrawnNote,
  rankByLatestOil,
  rateUnit,
  type CompareInput,
} from './compare-model.js';

/** A hand-made well: oil on consecutive days from 2024-01-01, gas twice the oil, no water. */
function days(oil: number[]): PhaseDays {
  return {
    dates: oil.map((_, d) => `2024-01-${String(d + 1).padStart(2, '0')}`),
    oil,
    gas: oil.map((rate) => rate * 2),
    water: oil.map(() => 0),
  };
}

const wells: CompareInput[] = [
  { id: 'a', name: 'A', lateralLength: 10_000, days: days([0, 100, 90]) },
  { id: 'b', name: 'B', lateralLength: 5_000, days: days([300, 0, 200, 150]) },
  { id: 'c', name: 'C', lateralLength: null, days: days([500, 400]) },
  { id: 'd', name: 'D dry', lateralLength: 8_000, days: days([0, 0]) },
  { id: 'e', name: 'E reading', lateralLength: 8_000, days: null },
];

describe('buildComparison', () => {
  it('aligns every well on its producing days and takes the P10/P50/P90 per day', () => {
    const result = buildComparison(wells, {
      stream: 'oil',
      step: 'day',
      normalised: false,
      unitSystem: 'imperial',
    });
    expect(result.unit).toBe('bbl/d');
    expect(result.wells.map((w) => [w.name, w.values])).toEqual([
      ['A', [100, 90]],
      ['B', [300, 200, 150]],
      ['C', [500, 400]],
    ]);
    expect(result.withoutProduction).toEqual(['D dry']);
    // Day 1: 100, 300, 500 → P10 460, P50 300, P90 140. Day 3: only B, below the minimum.
    expect([result.curve.p10[0], result.curve.p50[0], result.curve.p90[0]]).toEqual([
      460, 300, 140,
    ]);
    expect(result.curve.p50[2]).toBeNull();
    expect(result.curve.wells).toEqual([3, 3, 1]);
  });

  it('normalises per 1,000 ft of lateral and leaves out, by name, wells without one', () => {
    const result = buildComparison(wells, {
      stream: 'gas',
      step: 'day',
      normalised: true,
      unitSystem: 'imperial',
    });
    expect(result.unit).toBe('Mscf/d per 1,000 ft');
    expect(result.withoutLateral).toEqual(['C']);
    // A: gas 200 on its first producing day over 10 × 1,000 ft = 20.
    expect(result.wells.find((w) => w.id === 'a')!.values[0]).toBe(20);
    // B: gas 600 over 5 × 1,000 ft = 120.
    expect(result.wells.find((w) => w.id === 'b')!.values[0]).toBe(120);
    expect(result.curve.p50[0]).toBe(70);
  });

  it('says per 100 m in a metric project', () => {
    expect(rateUnit({ stream: 'oil', normalised: true, unitSystem: 'metric' })).toBe(
      'm³/d per 100 m',
    );
  });

  it('gives each well its own colour, kept when others drop out', () => {
    const result = buildComparison(wells, {
      stream: 'oil',
      step: 'month',
      normalised: false,
      unitSystem: 'imperial',
    });
    const colours = result.wells.map((w) => w.colour);
    expect(new Set(colours).size).toBe(colours.length);
    // January, producing days only: A (100 + 90) / 2 = 95.
    expect(result.wells[0]!.values).toEqual([95]);
  });
});

describe('initialChoice', () => {
  const many = Array.from({ length: 23 }, (_, i) => `w${i}`);
  /** w22 has the highest latest oil rate, w0 and w1 the lowest; w2 has none. */
  const listed = many.map((id, i) => ({
    id,
    name: `Well ${id}`,
    lastProduction: i === 2 ? null : { oilRate: i },
  }));

  it('starts from the selection when it is 20 wells or fewer', () => {
    expect(initialChoice(null)).toEqual({ chosen: [], tooMany: null });
    expect(initialChoice(['a', 'b'])).toEqual({ chosen: ['a', 'b'], tooMany: null });
  });

  it('starts an oversized selection with the 20 highest latest oil rates, once listed', () => {
    expect(initialChoice(many)).toEqual({ chosen: [], tooMany: 23 });
    const { chosen, tooMany } = initialChoice(many, listed);
    expect(tooMany).toBe(23);
    expect(chosen).toHaveLength(20);
    expect(chosen[0]).toBe('w22');
    expect(chosen).not.toContain('w0');
    expect(chosen).not.toContain('w1');
    expect(chosen).not.toContain('w2');
    expect(notDrawnNames(many, chosen, listed)).toEqual(['Well w1', 'Well w0', 'Well w2']);
  });

  it('ranks wells without a rate last, ties by name', () => {
    const wells = [
      { id: 'a', name: 'Zulu', lastProduction: { oilRate: 5 } },
      { id: 'b', name: 'Alpha', lastProduction: { oilRate: 5 } },
      { id: 'c', name: 'Bravo', lastProduction: null },
      { id: 'd', name: 'Charlie', lastProduction: { oilRate: 9 } },
    ];
    expect(rankByLatestOil(['a', 'b', 'c', 'd', 'unknown'], wells)).toEqual([
      'd',
      'b',
      'a',
      'c',
      'unknown',
    ]);
  });
});

describe('notDrawnNote', () => {
  it('names the wells left out, and counts the rest past eight', () => {
    expect(notDrawnNote([])).toBeNull();
    expect(notDrawnNote(['A'])).toBe('1 more selected well is not drawn: A.');
    expect(notDrawnNote(['A', 'B', 'C'])).toBe('3 more selected wells are not drawn: A, B, C.');
    const names = Array.from({ length: 10 }, (_, i) => `W${i}`);
    expect(notDrawnNote(names)).toBe(
      '10 more selected wells are not drawn: W0, W1, W2, W3, W4, W5, W6, W7 and 2 others.',
    );
  });
});

describe('compareLegend', () => {
  const comparison = buildComparison(wells, {
    stream: 'oil',
    step: 'day',
    normalised: false,
    unitSystem: 'imperial',
  });

  it('gives P10, P50 and P90 a swatch each, drawn with their own dash and width', () => {
    const legend = compareLegend(comparison);
    expect(legend.map((entry) => entry.label)).toEqual([
      'A',
      'B',
      'C',
      'P10 (high)',
      'P50',
      'P90 (low)',
    ]);
    const curves = legend.slice(-3);
    expect(curves.map((entry) => entry.dash ?? 'solid')).toEqual(['6 4', 'solid', '2 3']);
    expect(new Set(curves.map((entry) => entry.dash ?? 'solid')).size).toBe(3);
    expect(curves.map((entry) => entry.width)).toEqual([2, 3, 2]);
    expect(curves.every((entry) => entry.unit === 'bbl/d')).toBe(true);
  });

  it('draws those swatches into the exported SVG (and so the PNG made from it)', () => {
    const { svg } = composeChartSvg({
      width: 900,
      chartHeight: 300,
      chartMarkup: '',
      header: { title: 'Oil rate', wellName: 'Permian comparison', detail: '' },
      legend: compareLegend(comparison),
    });
    const swatch = (label: string) => {
      const match = new RegExp(`(<line [^>]*/>)<text [^>]*>${label} \\(bbl/d\\)</text>`).exec(svg);
      expect(match, label).not.toBeNull();
      return match![1]!;
    };
    const p10 = swatch('P10 \\(high\\)');
    const p50 = swatch('P50');
    const p90 = swatch('P90 \\(low\\)');
    expect(p10).toContain('stroke-dasharray="6 4"');
    expect(p10).toContain('stroke-width="2"');
    expect(p50).not.toContain('stroke-dasharray');
    expect(p50).toContain('stroke-width="3"');
    expect(p90).toContain('stroke-dasharray="2 3"');
    expect(
      new Set([p10, p50, p90].map((line) => line.replace(/ x1=.*? y2="[^"]*"/, ''))).size,
    ).toBe(3);
  });
});
