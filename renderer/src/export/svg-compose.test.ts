import { describe, expect, it } from 'vitest';
import { exportFileName, fileSlug } from './file-name.js';
import {
  composeChartSvg,
  escapeXml,
  estimateTextWidth,
  fitText,
  legendLayout,
  legendText,
  swatchStroke,
} from './svg-compose.js';

const oil = { label: 'Oil', unit: 'm³/d', colour: '#15803d' };
const water = { label: 'Water', unit: 'm³/d', colour: '#2563eb' };
const gas = { label: 'Gas', unit: '10³m³/d', colour: '#dc2626' };

describe('file names', () => {
  it('are <well>-<chart>-<from>_<to>.<ext>, without characters a file system refuses', () => {
    expect(
      exportFileName({
        well: 'Dagger Draw 8-2 #1H',
        what: 'rates',
        from: '2024-01-01',
        to: '2024-12-31',
        ext: 'png',
      }),
    ).toBe('Dagger-Draw-8-2-1H-rates-2024-01-01_2024-12-31.png');
    expect(fileSlug('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(fileSlug('..')).toBe('well');
    expect(fileSlug('Élan 3')).toBe('Élan-3');
    expect(fileSlug('x'.repeat(300))).toHaveLength(120);
  });
});

describe('text helpers', () => {
  it('escapes XML', () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe('&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;');
  });

  it('estimates widths and cuts text to fit with an ellipsis', () => {
    expect(estimateTextWidth('MMMM', 10)).toBeGreaterThan(estimateTextWidth('iiii', 10));
    expect(fitText('Short', 200, 12)).toBe('Short');
    const cut = fitText('A very long well name that will not fit in the band', 120, 12);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateTextWidth(cut, 12)).toBeLessThanOrEqual(120);
  });

  it('writes a legend entry with its unit', () => {
    expect(legendText(gas)).toBe('Gas (10³m³/d)');
    expect(legendText({ ...gas, unit: '' })).toBe('Gas');
  });
});

describe('legendLayout', () => {
  it('places entries on one row when they fit', () => {
    const layout = legendLayout([oil, water, gas], 800);
    expect(layout.items.map((item) => item.y)).toEqual([12, 12, 12]);
    expect(layout.items[0]!.x).toBe(16);
    expect(layout.items[1]!.x).toBeGreaterThan(layout.items[0]!.x);
    expect(layout.items[2]!.x).toBeGreaterThan(layout.items[1]!.x);
    expect(layout.height).toBe(20);
  });

  it('wraps to new rows in a narrow image', () => {
    const layout = legendLayout([oil, water, gas], 170);
    expect(layout.items.map((item) => [item.x, item.y])).toEqual([
      [16, 12],
      [16, 32],
      [16, 52],
    ]);
    expect(layout.height).toBe(60);
  });

  it('keeps each entry’s dash and width for its swatch', () => {
    const layout = legendLayout([oil, { ...gas, dash: '6 4', width: 2 }], 800);
    expect(layout.items[0]).not.toHaveProperty('dash');
    expect(layout.items[1]).toMatchObject({ dash: '6 4', width: 2 });
  });

  it('is empty for no entries', () => {
    expect(legendLayout([], 500)).toEqual({ items: [], height: 0 });
  });
});

describe('composeChartSvg', () => {
  const compose = (legend = [oil, water, gas]) =>
    composeChartSvg({
      width: 900,
      chartHeight: 220,
      chartMarkup: '<g class="recharts-layer"><path d="M0,0L10,10"/></g>',
      header: {
        title: 'Rates',
        wellName: 'Well <A> & "B"',
        detail: '2024-01-01 – 2024-12-31 · Daily · Metric units',
        note: 'From daily rates',
      },
      legend,
    });

  it('is a standalone SVG document with header, legend and the chart under them', () => {
    const { svg, width, height } = compose();
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain(`width="900" height="${height}"`);
    expect(width).toBe(900);
    expect(svg).toContain('>Rates</text>');
    expect(svg).toContain('>Well &lt;A&gt; &amp; &quot;B&quot;</text>');
    expect(svg).toContain('2024-01-01 – 2024-12-31 · Daily · Metric units');
    expect(svg).toContain('>From daily rates</text>');
    for (const text of ['Oil (m³/d)', 'Water (m³/d)', 'Gas (10³m³/d)']) {
      expect(svg).toContain(`>${text}</text>`);
    }
    expect(svg).toContain('stroke="#15803d"');
    expect(svg).toContain('font-family="Helvetica, Arial');
    expect(svg).toContain('<path d="M0,0L10,10"/>');
    const nested = /<svg x="0" y="(\d+)" width="900" height="220"/.exec(svg);
    expect(nested).not.toBeNull();
    expect(height).toBe(Number(nested![1]) + 220 + 8);
  });

  it('keeps the header band small, and taller when the legend wraps', () => {
    const one = compose();
    expect(one.height - 220).toBeLessThan(150);
    const many = compose(Array.from({ length: 12 }, (_, i) => ({ ...oil, label: `Series ${i}` })));
    expect(many.height).toBeGreaterThan(one.height);
  });
});

describe('swatchStroke', () => {
  it('draws a solid swatch round-ended, a dashed one with its dashes and square ends', () => {
    expect(swatchStroke(oil)).toBe('stroke="#15803d" stroke-width="3" stroke-linecap="round"');
    expect(swatchStroke({ colour: '#0f172a', dash: '2 3', width: 2 })).toBe(
      'stroke="#0f172a" stroke-width="2" stroke-dasharray="2 3" stroke-linecap="butt"',
    );
  });
});
