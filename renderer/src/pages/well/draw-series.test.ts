import { describe, expect, it } from 'vitest';
import {
  drawSeries,
  hairlinePasses,
  seriesSvg,
  type LayerLine,
  type LineContext,
} from './draw-series.js';
import { pathOf } from './trace-line.js';

const x = (value: unknown) => Number(value) / 10;
const left = (value: unknown) => 200 - Number(value);
const logRight = (value: unknown) =>
  Number(value) > 0 ? 100 - Math.log10(Number(value)) * 10 : NaN;
const plot = { x: 4, y: 8, width: 300, height: 200 };

/** A 2D context that writes down what is drawn, as path commands per stroke. */
function recordingContext(): LineContext & { strokes: Array<{ colour: string; d: string }> } {
  let d = '';
  const strokes: Array<{ colour: string; d: string }> = [];
  return {
    strokes,
    save() {},
    restore() {},
    beginPath() {
      d = '';
    },
    rect() {},
    clip() {},
    moveTo(px, py) {
      d += `M${px} ${py}`;
    },
    lineTo(px, py) {
      d += `L${px} ${py}`;
    },
    stroke() {
      strokes.push({ colour: String(this.strokeStyle), d });
    },
    strokeStyle: '',
    lineWidth: 1,
    lineJoin: 'miter',
  };
}

/** An SVG path's every coordinate moved by `offset` (both axes), as a hairline pass draws it. */
function shifted(d: string, offset: number): string {
  return d.replace(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g, (n) => String(Number(n) + offset));
}

/** A random series with gaps, zeros and negatives (which a log axis cannot place). */
function randomLine(seed: number, length: number): LayerLine['points'] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length }, (_, i) => {
    const roll = next();
    return { x: i * 7.3, y: roll < 0.1 ? null : roll < 0.15 ? 0 : (next() - 0.2) * 500 };
  });
}

describe('hairlinePasses', () => {
  it('draws a 1.5 px line as two hairlines half a device pixel apart', () => {
    expect(hairlinePasses(1.5, 1)).toEqual({ lineWidth: 1, offsets: [-0.25, 0.25] });
  });

  it('spreads across the width on a denser screen, each pass one device pixel', () => {
    expect(hairlinePasses(1.5, 2)).toEqual({ lineWidth: 0.5, offsets: [-0.5, 0, 0.5] });
  });

  it('draws a line no wider than a device pixel once, as it is', () => {
    expect(hairlinePasses(1, 1)).toEqual({ lineWidth: 1, offsets: [0] });
    expect(hairlinePasses(0.5, 2)).toEqual({ lineWidth: 0.5, offsets: [0] });
  });
});

describe('drawSeries', () => {
  it('strokes every line through the same vertices as its SVG path (random series, both axes)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const lines: LayerLine[] = [
        { key: 'oil', colour: '#15803d', axis: 'left', points: randomLine(seed, 200) },
        { key: 'gas', colour: '#dc2626', axis: 'right', points: randomLine(seed + 99, 150) },
      ];
      const context = recordingContext();
      drawSeries(context, lines, { x, left, right: logRight, plot });
      // At one device pixel per CSS pixel, each line is two hairlines a quarter pixel either side.
      const oil = pathOf(lines[0]!.points, x, left);
      const gas = pathOf(lines[1]!.points, x, logRight);
      expect(context.strokes).toEqual([
        { colour: '#15803d', d: shifted(oil, -0.25) },
        { colour: '#15803d', d: shifted(oil, 0.25) },
        { colour: '#dc2626', d: shifted(gas, -0.25) },
        { colour: '#dc2626', d: shifted(gas, 0.25) },
      ]);
    }
  });

  it('fingerprints each drawn line by key, vertex count and vertices', () => {
    const points = [
      { x: 0, y: 10 },
      { x: 10, y: null },
      { x: 20, y: 30 },
      { x: 30, y: 40 },
    ];
    const scales = { x, left, right: undefined, plot };
    const once = drawSeries(
      recordingContext(),
      [{ key: 'oil', colour: 'g', axis: 'left', points }],
      scales,
    );
    expect(once).toMatch(/^oil:3:[0-9a-z]+$/);
    const moved = drawSeries(
      recordingContext(),
      [
        {
          key: 'oil',
          colour: 'g',
          axis: 'left',
          points: points.map((p) => ({ ...p, x: p.x + 10 })),
        },
      ],
      scales,
    );
    expect(moved).not.toBe(once);
    expect(moved.split(':')[1]).toBe('3');
  });

  it('leaves out a line whose axis has no scale yet', () => {
    const context = recordingContext();
    const drawn = drawSeries(
      context,
      [{ key: 'gas', colour: 'r', axis: 'right', points: [{ x: 0, y: 1 }] }],
      { x, left, right: undefined, plot },
    );
    expect(drawn).toBe('');
    expect(context.strokes).toEqual([]);
  });
});

/** Just enough of a Document for seriesSvg: elements as plain objects. */
interface FakeElement {
  name: string;
  attributes: Record<string, string>;
  children: FakeElement[];
  setAttribute(key: string, value: string): void;
  append(...nodes: FakeElement[]): void;
}
const fakeDocument = {
  createElementNS(_ns: string, name: string): FakeElement {
    const element: FakeElement = {
      name,
      attributes: {},
      children: [],
      setAttribute: (key, value) => void (element.attributes[key] = value),
      append: (...nodes) => void element.children.push(...nodes),
    };
    return element;
  },
} as unknown as Document;

describe('seriesSvg', () => {
  it('builds a clipped series-line path per drawable line, as the chart drew them in SVG', () => {
    const oil = randomLine(5, 50);
    const built = seriesSvg(
      fakeDocument,
      [
        { key: 'oil_rate', colour: '#15803d', axis: 'left', points: oil },
        { key: 'gas_rate', colour: '#dc2626', axis: 'right', points: oil },
      ],
      { x, left, right: undefined, plot },
      'clip-1',
    ) as unknown as FakeElement[];
    expect(built.map((element) => element.name)).toEqual(['clipPath', 'g']);
    expect(built[0]!.attributes.id).toBe('clip-1');
    expect(built[0]!.children[0]!.attributes).toEqual({
      x: '4',
      y: '8',
      width: '300',
      height: '200',
    });
    const group = built[1]!;
    expect(group.attributes).toEqual({ class: 'series-line', 'data-series': 'oil_rate' });
    expect(group.children[0]!.attributes).toMatchObject({
      class: 'series-curve',
      d: pathOf(oil, x, left),
      stroke: '#15803d',
      fill: 'none',
      'clip-path': 'url(#clip-1)',
    });
  });
});
