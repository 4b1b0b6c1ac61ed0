import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rateAt, type DeclineModel } from '#shared/decline/index.js';
import type { ProductionView } from '#shared/desktop/index.js';
import { logAxis } from './axis-ticks.js';
import { ratesChart, rowAxis } from './chart-specs.js';
import { ChartSurface } from './ChartSurface.js';
import type { DeclineOverlay } from './decline/chart-overlay.js';
import { hoverPoints, withForecastPoints } from './hover-points.js';
import { timeScale, valueScale, type PlotRect } from './plot-scales.js';
import { DAY_MS } from './series.js';
import { timeTicks } from './time-ticks.js';

/** Hovering the dashed forecast reads its date and rate, where the history has no rows. */

afterEach(cleanup);

const DATES = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
const VIEW: ProductionView = {
  wellId: 'w',
  from: DATES[0]!,
  to: DATES[4]!,
  aggregation: 'daily',
  unitSystem: 'imperial',
  fields: ['oil_rate'],
  units: { oil_rate: 'bbl/d' },
  dates: DATES,
  values: { oil_rate: [100, 90, 81, 73, 66] },
  states: ['synced', 'synced', 'synced', 'synced', 'synced'],
  deletions: [],
  missing: [],
};

const DAY0 = Date.UTC(2024, 0, 1) / DAY_MS;
// History on days 0–4, the forecast on days 5–8: the plot's 400 px hold 8 days, 50 px each.
const PLOT: PlotRect = { x: 100, y: 10, width: 400, height: 200 };
const WINDOW = { from: DAY0, to: DAY0 + 8 };
const MODEL: DeclineModel = { kind: 'exponential', qi: 100, di: 38 };
const OVERLAY: DeclineOverlay = {
  model: MODEL,
  t0: DAY0,
  forecast: { from: DAY0 + 5, to: DAY0 + 8 },
  historyEnd: DAY0 + 4,
  fitWindow: { from: DAY0, to: DAY0 + 4 },
  outliers: [],
  colour: '#15803d',
  axis: 'left',
  stream: 'Oil',
  rateUnit: 'bbl/d',
};

function renderRates(overlay: DeclineOverlay | null) {
  const spec = ratesChart(VIEW, rowAxis(VIEW), true);
  const scale = logAxis(1, 1000);
  const points = hoverPoints(spec.rows.x, WINDOW, PLOT.width);
  render(
    <ChartSurface
      width={600}
      height={240}
      scales={{
        x: timeScale(WINDOW.from * DAY_MS, WINDOW.to * DAY_MS, PLOT),
        left: valueScale(scale, true, PLOT),
        right: valueScale(scale, true, PLOT),
        plot: PLOT,
      }}
      timeTicks={timeTicks(WINDOW, 4)}
      left={{ axis: spec.left, scale }}
      right={{ axis: spec.right, scale }}
      syncId="well-w"
      spec={spec}
      hidden={new Set()}
      hoverPoints={withForecastPoints(points, overlay?.forecast ?? null, WINDOW, PLOT.width)}
      forecast={overlay}
      under={null}
      over={null}
    />,
  );
  return document.querySelector('.chart-frame') as HTMLElement;
}

describe('the hover readout over a forecast', () => {
  it('reads the forecast’s date and rate past the last row, with the stream and unit', () => {
    const frame = renderRates(OVERLAY);
    // Day 7 (2024-01-08) is at x = 100 + 7 × 50.
    fireEvent.mouseMove(frame, { clientX: 452, clientY: 100 });
    const readout = screen.getByTestId('tooltip-rates');
    expect(readout.querySelector('.chart-tooltip-date')?.textContent).toBe('2024-01-08');
    const rate = rateAt(MODEL, 7).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(screen.getByTestId('tooltip-forecast').textContent).toBe(`Oil forecast${rate} bbl/d`);
  });

  it('reads the rows as before on the history, and nothing of a forecast when none is shown', () => {
    const frame = renderRates(OVERLAY);
    fireEvent.mouseMove(frame, { clientX: 152, clientY: 100 });
    expect(screen.getByTestId('tooltip-rates').textContent).toContain('90.00 bbl/d');
    expect(screen.queryByTestId('tooltip-forecast')).toBeNull();
    cleanup();
    const plain = renderRates(null);
    fireEvent.mouseMove(plain, { clientX: 452, clientY: 100 });
    // Without a forecast the cursor stays on the last row.
    expect(
      screen.getByTestId('tooltip-rates').querySelector('.chart-tooltip-date')?.textContent,
    ).toContain('2024-01-05');
  });
});
