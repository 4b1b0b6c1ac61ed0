import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { ProductionView } from '#shared/desktop/index.js';
import { logAxis } from './axis-ticks.js';
import { ratesChart, rowAxis, type ChartSpec } from './chart-specs.js';
import { ChartSurface } from './ChartSurface.js';
import { hoverPoints } from './hover-points.js';
import { timeScale, valueScale, type PlotRect } from './plot-scales.js';
import { DAY_MS } from './series.js';
import { timeTicks } from './time-ticks.js';

afterEach(cleanup);

const DATES = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
const VIEW: ProductionView = {
  wellId: 'w',
  from: DATES[0] as string,
  to: DATES[4] as string,
  aggregation: 'daily',
  unitSystem: 'imperial',
  fields: ['oil_rate', 'water_rate', 'gas_rate'],
  units: { oil_rate: 'bbl/d', water_rate: 'bbl/d', gas_rate: 'Mscf/d' },
  dates: DATES,
  values: {
    oil_rate: [100, 90, 80, 70, 60],
    water_rate: [10, 11, 12, 13, 14],
    gas_rate: [500, 450, 400, 350, 300],
  },
  states: ['synced', 'synced', 'pending', 'synced', 'synced'],
  deletions: [],
  missing: [],
};

// The plot spans 400 px for 4 days: day k of the view is at x = 100 + 100 k.
const PLOT: PlotRect = { x: 100, y: 10, width: 400, height: 200 };
const WINDOW = { from: Date.UTC(2024, 0, 1) / DAY_MS, to: Date.UTC(2024, 0, 5) / DAY_MS };

function chart(spec: ChartSpec, syncId = 'well-w') {
  const scale = logAxis(1, 1000);
  const scales = {
    x: timeScale(WINDOW.from * DAY_MS, WINDOW.to * DAY_MS, PLOT),
    left: valueScale(scale, true, PLOT),
    right: valueScale(scale, true, PLOT),
    plot: PLOT,
  };
  return (
    <figure data-testid={`figure-${spec.id}`}>
      <ChartSurface
        width={600}
        height={240}
        scales={scales}
        timeTicks={timeTicks(WINDOW, 4)}
        left={{ axis: spec.left, scale }}
        right={{ axis: spec.right, scale }}
        syncId={syncId}
        spec={spec}
        hidden={new Set()}
        hoverPoints={hoverPoints(spec.rows.x, WINDOW, PLOT.width)}
        under={null}
        over={null}
      />
    </figure>
  );
}

function twoCharts(secondSyncId = 'well-w') {
  const rates = ratesChart(VIEW, rowAxis(VIEW), true);
  const copy: ChartSpec = { ...rates, id: 'pressures' };
  render(
    <>
      {chart(rates)}
      {chart(copy, secondSyncId)}
    </>,
  );
  const frame = (id: string) =>
    screen.getByTestId(`figure-${id}`).querySelector('.chart-frame') as HTMLElement;
  return { rates: frame('rates'), copy: frame('pressures') };
}

const readoutDate = (id: string) =>
  screen.queryByTestId(`tooltip-${id}`)?.querySelector('.chart-tooltip-date')?.textContent ?? null;
const cursorX = (frame: HTMLElement) =>
  frame
    .querySelector('.chart-cursor')
    ?.getAttribute('d')
    ?.match(/^M([\d.]+),/)?.[1] ?? null;

describe('a well chart drawn without a chart library', () => {
  it('draws both value axes with their ticks and units, and the time axis', () => {
    const { rates } = twoCharts();
    const labels = [...rates.querySelectorAll('.chart-axis-labels text')].map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(['1', '10', '100', '1k', 'bbl/d', 'Mscf/d']));
    // The time axis: a label per tick under the plot.
    expect(labels.some((label) => /Jan/.test(label ?? ''))).toBe(true);
  });

  it('shows the readout of the hovered day in every chart of the page, and hides it on leave', () => {
    const { rates, copy } = twoCharts();
    // 2024-01-03 is at x = 300; 240 is nearer it than 2024-01-02 (x = 200).
    fireEvent.mouseMove(rates, { clientX: 260, clientY: 100 });
    expect(readoutDate('rates')).toContain('2024-01-03');
    expect(readoutDate('pressures')).toContain('2024-01-03');
    expect(cursorX(rates)).toBe('300');
    expect(cursorX(copy)).toBe('300');
    // The pending day says so.
    expect(screen.getByTestId('tooltip-rates').textContent).toContain('Pending edit');
    expect(within(screen.getByTestId('tooltip-rates')).getByText(/^80.00 bbl\/d$/)).toBeTruthy();

    fireEvent.mouseLeave(rates);
    expect(readoutDate('rates')).toBeNull();
    expect(readoutDate('pressures')).toBeNull();
  });

  it('shows nothing for a pointer over the axes rather than the plot', () => {
    const { rates } = twoCharts();
    fireEvent.mouseMove(rates, { clientX: 50, clientY: 100 });
    expect(readoutDate('rates')).toBeNull();
    fireEvent.mouseMove(rates, { clientX: 300, clientY: 230 });
    expect(readoutDate('rates')).toBeNull();
  });

  it('keeps the charts of another page (another sync id) out of it', () => {
    const { rates } = twoCharts('well-other');
    fireEvent.mouseMove(rates, { clientX: 300, clientY: 100 });
    expect(readoutDate('rates')).toContain('2024-01-03');
    expect(readoutDate('pressures')).toBeNull();
  });

  it('steps the readout from day to day with the arrow keys', () => {
    const { rates } = twoCharts();
    const surface = rates.querySelector('svg') as SVGSVGElement;
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    expect(readoutDate('pressures')).toContain('2024-01-01');
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    expect(readoutDate('rates')).toContain('2024-01-03');
    fireEvent.keyDown(surface, { key: 'ArrowLeft' });
    expect(readoutDate('rates')).toContain('2024-01-02');
    fireEvent.blur(surface);
    expect(readoutDate('rates')).toBeNull();
  });
});
