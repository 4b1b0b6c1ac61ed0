import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { sweepPoints } from './chart-benchmark.js';
import type { DailyRates } from './fixture.js';
import { hoverReadouts, markNextInput, untilPainted } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

const require = createRequire(import.meta.url);
const UPLOT_SCRIPT = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
const UPLOT_STYLE = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
const DAY_S = 86_400;

export interface ReferenceFigures {
  /** Click → the uPlot chart built and drawn with the whole history. */
  openMs: number[];
  /** A range button (the 5Y and All windows) → uPlot redrawn. */
  rangeMs: number[];
  /** Each mouse move → uPlot's legend on the new row. */
  hoverMs: number[];
}

interface ReferenceSetup {
  rates: DailyRates;
  width: number;
  height: number;
  /** x windows in epoch seconds: the same ranges as the well page's presets. */
  windows: Record<string, { min: number; max: number }>;
}

/**
 * The canvas reference: the same three rate series (oil, water, gas; a log scale, zeros as
 * gaps) drawn by uPlot into a canvas of the rates chart's plot size, in the same page and
 * timed the same way as ours: click → drawn (uPlot's draw hook) → the frame after painted;
 * a range button → redrawn; a mouse move → its legend on the new row. uPlot draws every
 * point and thins them per pixel itself, so it gets the raw 7,300 days.
 */
export async function benchmarkReference(
  page: Page,
  rates: DailyRates,
  plot: { width: number; height: number },
  /** The days the rates cover, as the well page's hover sweep (over them only). */
  history: { from: string; to: string },
  repeats: number,
): Promise<ReferenceFigures> {
  const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
  const first = rates.seconds[0] ?? today;
  const setup: ReferenceSetup = {
    rates,
    width: Math.round(plot.width),
    height: Math.round(plot.height),
    // As the presets: 5Y is the last 5 × 365 days to today, All the first day to today.
    windows: {
      '5y': { min: today - 5 * 365 * DAY_S, max: today },
      all: { min: first, max: today },
    },
  };
  await page.evaluate(UPLOT_SCRIPT + '\n;window.uPlot = uPlot;');
  await page.evaluate((css) => {
    const w = globalThis as unknown as PageGlobals & {
      document: { createElement(tag: string): PageElement; head: PageElement };
    };
    const style = w.document.createElement('style');
    style.textContent = css;
    w.document.head.append(style);
  }, UPLOT_STYLE);
  await page.evaluate(buildReference, setup);

  const draws = () =>
    page.evaluate(() => (globalThis as unknown as PageGlobals).__benchReferenceDraws ?? 0);
  const timedClick = async (button: string) => {
    const before = await draws();
    const drawn = `window.__benchReferenceDraws > ${before}`;
    await markNextInput(page, 'click', drawn);
    await page.getByTestId(`reference-${button}`).click();
    return untilPainted(page, drawn);
  };
  // Warm-up: the first build compiles uPlot's code paths.
  await timedClick('open');
  const openMs: number[] = [];
  const rangeMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    openMs.push(await timedClick('open'));
    for (const preset of ['5y', 'all']) rangeMs.push(await timedClick(preset));
  }

  const box = await page.locator('#bench-reference .u-over').boundingBox();
  if (!box) throw new Error('the reference chart has no plot area');
  const [start, ...rest] = sweepPoints(box, 0, history);
  if (!start) throw new Error('no hover points');
  await page.mouse.move(start.x, start.y);
  await page.waitForTimeout(300);
  const legendDate = `document.querySelector('#bench-reference .u-legend .u-series:first-child .u-value')?.textContent ?? ''`;
  const hoverMs = await hoverReadouts(page, rest, legendDate, `(${legendDate}) !== before`);
  await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).document.querySelector('#bench-reference')?.remove(),
  );
  return { openMs, rangeMs, hoverMs };
}

interface PageElement {
  id: string;
  textContent: string | null;
  style: Record<string, string>;
  dataset: Record<string, string>;
  onclick: (() => void) | null;
  append(...nodes: PageElement[]): void;
}

interface UPlotInstance {
  destroy(): void;
  setScale(key: string, limits: { min: number; max: number }): void;
}

/**
 * Runs in the page: a fixed panel over the app with three buttons (open, 5y, all) and
 * the chart's container. "open" rebuilds the chart from the data already in memory, as
 * the well page rebuilds its charts from the core's cache.
 */
function buildReference(setup: ReferenceSetup): void {
  const w = globalThis as unknown as PageGlobals & {
    document: { createElement(tag: string): PageElement; body: PageElement };
    uPlot: new (options: unknown, data: unknown, target: PageElement) => UPlotInstance;
  };
  const panel = w.document.createElement('div');
  panel.id = 'bench-reference';
  Object.assign(panel.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    zIndex: '2147483647',
    background: 'white',
    padding: '8px',
  });
  const target = w.document.createElement('div');
  const button = (name: string, onClick: () => void) => {
    const element = w.document.createElement('button');
    element.textContent = name;
    element.dataset.testid = `reference-${name}`;
    element.onclick = onClick;
    return element;
  };
  const { rates } = setup;
  const data = [rates.seconds, rates.oil, rates.water, rates.gas];
  const options = {
    width: setup.width,
    height: setup.height,
    scales: { x: { time: true }, y: { distr: 3 } },
    series: [
      {},
      { label: 'Oil', stroke: '#15803d', width: 1.5 },
      { label: 'Water', stroke: '#2563eb', width: 1.5 },
      { label: 'Gas', stroke: '#dc2626', width: 1.5 },
    ],
    axes: [{}, { scale: 'y' }, { scale: 'y', side: 1 }],
    hooks: {
      draw: [
        () => {
          w.__benchReferenceDraws = (w.__benchReferenceDraws ?? 0) + 1;
        },
      ],
    },
  };
  let chart: UPlotInstance | null = null;
  panel.append(
    button('open', () => {
      chart?.destroy();
      chart = new w.uPlot(options, data, target);
    }),
    ...Object.entries(setup.windows).map(([name, limits]) =>
      button(name, () => chart?.setScale('x', limits)),
    ),
    target,
  );
  w.document.body.append(panel);
}
