import type { Page } from 'playwright-core';
import { hoverReadouts, markNextInput, untilPainted } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

/** The well page's charts, top to bottom. */
const CHART_IDS = ['rates', 'pressures', 'ratios', 'cumulative'] as const;
export const RANGE_PRESETS = ['5y', 'all'] as const;
/** Mouse moves in the hover sweep across the rates chart. */
const HOVER_MOVES = 60;

export interface ChartFigures {
  /** Click on the well's row in the table → all four charts painted at full detail. */
  openMs: number[];
  /** A range preset (5Y, then All) → all four charts repainted at full detail. */
  rangeMs: number[];
  /** Each mouse move over the rates chart → every chart's hover readout on the new row. */
  hoverMs: number[];
  /** Charts whose readout follows the hover (synchronised): 4 when all do. */
  readouts: number;
  /** The rates chart's plot element, where recharts draws (the reference gets the same size). */
  plot: { width: number; height: number };
  /** Points in the rates chart's oil line at full detail, whole history. */
  drawnPoints: number;
}

export interface ChartWell {
  projectId: string;
  wellName: string;
  wellApi: string;
  /** The well's whole history: the page opens on it, handed over in the address. */
  history: { from: string; to: string };
}

/**
 * "Painted at full detail", observably: every one of the four charts has the lines it
 * shows once it has settled (each chart draws a new window coarsely first and refines it
 * in a deferred render, marked data-detail="full"), compared path for path with the state
 * recorded after the page had stopped changing; then the frame after that DOM is painted
 * (untilPainted). A coarse first draw, a chart still on its placeholder, or the lines of
 * the previous range do not match.
 */
function installSignature(ids: readonly string[]): void {
  const w = globalThis as unknown as PageGlobals;
  w.__benchExpected = {};
  w.__benchChartsSignature = () =>
    ids
      .map((id) => {
        const figure = w.document.querySelector(`[data-testid=chart-${id}]`);
        if (!figure) return `${id}:none`;
        // The series layer's fingerprint of each line it drew: vertices and their hash.
        const lines = figure.querySelector('canvas.series-canvas')?.dataset.lines ?? 'none';
        return `${id}:${figure.dataset.detail ?? 'placeholder'}:${lines}`;
      })
      .join('\n');
}

const MATCHES = (state: string) =>
  `window.__benchChartsSignature() === window.__benchExpected[${JSON.stringify(state)}]`;

/**
 * Waits until every chart is at full detail with lines drawn and the page has not
 * changed for a second, and records that as the expected final state `state`.
 */
async function recordSettled(page: Page, state: string): Promise<void> {
  await page.waitForFunction(
    (ids) => {
      const w = globalThis as unknown as PageGlobals;
      return ids.every((id) => {
        const figure = w.document.querySelector(`[data-testid=chart-${id}]`);
        const lines = figure?.querySelector('canvas.series-canvas')?.dataset.lines ?? '';
        return figure?.dataset.detail === 'full' && /:[1-9]\d*:/.test(lines);
      });
    },
    CHART_IDS,
    { timeout: 120_000 },
  );
  let last = '';
  let same = 0;
  while (same < 10) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).__benchChartsSignature?.(),
    );
    same = now === last ? same + 1 : 0;
    last = now ?? '';
  }
  await page.evaluate(
    ({ state, signature }) => {
      const expected = (globalThis as unknown as PageGlobals).__benchExpected;
      if (expected) expected[state] = signature;
    },
    { state, signature: last },
  );
}

/**
 * From the project's wells table: search for the well and click its row (timed from the
 * click; with `until`, the frames are watched for it from the click on).
 */
async function openWell(page: Page, well: ChartWell, until?: string): Promise<void> {
  await page.evaluate(
    (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
    `#/projects/${well.projectId}`,
  );
  await page.getByTestId('wells-search').fill(well.wellName);
  const row = page.getByTestId('well-row').filter({ hasText: well.wellApi });
  await row.waitFor();
  // The sync panel's Edit hands a range over the same way (?from=…&to=…): the whole history.
  await page.evaluate((search) => {
    const w = globalThis as unknown as PageGlobals;
    w.history.replaceState(null, '', `${search}${w.location.hash}`);
  }, `?from=${well.history.from}&to=${well.history.to}`);
  await markNextInput(page, 'click', until);
  // On the name: the middle of the row is the status menu.
  await row.getByRole('gridcell').first().click();
}

/**
 * The well page on a 20-year daily well: click on its row → all four charts painted at
 * full detail, range presets 5Y and All → repainted at full detail, and a hover sweep
 * across the rates chart → the synchronised readouts.
 */
export async function benchmarkCharts(
  page: Page,
  origin: string,
  well: ChartWell,
  repeats: number,
): Promise<ChartFigures> {
  await page.goto(`${origin}/#/projects/${well.projectId}`);
  await page.getByTestId('well-row').first().waitFor();
  await page.evaluate(installSignature, CHART_IDS);

  // Warm-up, which also records each state's final lines (the first read of the well
  // comes from the server; the timed ones from the core's cache).
  await openWell(page, well);
  await recordSettled(page, 'open');
  for (const preset of RANGE_PRESETS) {
    await page.getByTestId(`range-${preset}`).click();
    await recordSettled(page, preset);
  }

  const openMs: number[] = [];
  const rangeMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await openWell(page, well, MATCHES('open'));
    openMs.push(await untilPainted(page, MATCHES('open'), 'mark', 60_000));
    for (const preset of RANGE_PRESETS) {
      await markNextInput(page, 'click', MATCHES(preset));
      await page.getByTestId(`range-${preset}`).click();
      rangeMs.push(await untilPainted(page, MATCHES(preset), 'mark', 60_000));
    }
  }

  // Hover: the page is on All. Sweep the rates chart's plot area left to right.
  const box = await page.getByTestId('chart-rates').locator('.well-chart-plot').boundingBox();
  if (!box) throw new Error('the rates chart has no plot area');
  const { hoverMs, readouts } = await hoverSweep(page, sweepPoints(box, 68, well.history));

  const drawnPoints = await page.evaluate(() => {
    const lines =
      (globalThis as unknown as PageGlobals).document.querySelector(
        '[data-testid=chart-rates] canvas.series-canvas',
      )?.dataset.lines ?? '';
    return Number(/(?:^| )oil_rate:(\d+):/.exec(lines)?.[1] ?? 0);
  });
  return {
    openMs,
    rangeMs,
    hoverMs,
    readouts,
    plot: { width: box.width, height: box.height },
    drawnPoints,
  };
}

/**
 * The hover path: left to right across the plot area inside `box` (`inset` px of value
 * axis each side), over the part that has data. The All window runs from the first day to
 * today, and past the last day there is no row to read out.
 */
export function sweepPoints(
  box: { x: number; y: number; width: number; height: number },
  inset: number,
  history: { from: string; to: string },
): Array<{ x: number; y: number }> {
  const first = Date.parse(history.from);
  const withData = (Date.parse(history.to) - first) / (Date.now() - first);
  const left = box.x + inset + 4;
  const span = (box.width - 2 * inset - 8) * Math.min(1, 0.95 * withData);
  return Array.from({ length: HOVER_MOVES + 1 }, (_, i) => ({
    x: left + (span * i) / HOVER_MOVES,
    y: box.y + box.height / 2,
  }));
}

async function hoverSweep(
  page: Page,
  points: Array<{ x: number; y: number }>,
): Promise<{ hoverMs: number[]; readouts: number }> {
  const [first, ...rest] = points;
  if (!first) throw new Error('no hover points');
  await page.mouse.move(first.x, first.y);
  await page.waitForFunction(
    () =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll('.chart-tooltip-date')
        .length > 0,
  );
  await page.waitForTimeout(300);
  const readouts = await page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll('.chart-tooltip-date')
        .length,
  );
  const hoverMs = await hoverReadouts(
    page,
    rest,
    `document.querySelector('[data-testid=tooltip-rates] .chart-tooltip-date')?.textContent ?? ''`,
    `(() => {
      const dates = [...document.querySelectorAll('.chart-tooltip-date')].map((e) => e.textContent);
      return dates.length === ${readouts} && dates.every((d) => d === dates[0]) && dates[0] !== before;
    })()`,
  );
  return { hoverMs, readouts };
}
