import type { Page } from 'playwright-core';
import { markNextInput, untilPainted } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

export type ChartMode = 'reduced' | 'full';

export interface ChartFigures {
  mode: ChartMode;
  /** Route change → the rates chart (the top of the page) painted. */
  navigationMs: number[];
  /** Route change → all four charts painted at full detail (two points per pixel column). */
  navigationAllMs: number[];
  /** A range preset → the rates chart repainted (first, coarse draw). */
  rangeChangeMs: number[];
  /** A range preset → every chart at full detail again. */
  rangeSettledMs: number[];
  /** Points in the rates chart's oil line as drawn (what recharts had to lay out). */
  drawnPoints: number;
}

/** True when the three rate lines have paths (recharts has laid them out). */
const CHARTS_PAINTED = `(() => {
  const chart = document.querySelector('[data-testid=chart-rates]');
  const paths = chart ? [...chart.querySelectorAll('.series-line path.series-curve')] : [];
  return paths.length === 3 && paths.every((path) => (path.getAttribute('d') ?? '').length > 0);
})()`;

/**
 * All four charts have their lines (3 rates, 2+ pressures, 2 ratios, 3 cumulative) at
 * full detail: each chart first draws a new window coarsely, then refines it.
 */
const ALL_PAINTED = `(() => {
  const count = (id) => [...document.querySelectorAll('[data-testid=' + id + '] .series-line path.series-curve')]
    .filter((path) => (path.getAttribute('d') ?? '').length > 0).length;
  const detailed = [...document.querySelectorAll('figure[data-detail]')].every((figure) => figure.dataset.detail === 'full');
  return detailed && count('chart-rates') === 3 && count('chart-pressures') >= 2 && count('chart-ratios') === 2 && count('chart-cumulative') === 3;
})()`;

const firstPath = `document.querySelector('[data-testid=chart-rates] .series-line path.series-curve')?.getAttribute('d') ?? ''`;

/**
 * The well page on a 20-year daily well: route change → charts painted (all twenty
 * years), then the range presets 5Y and All → charts repainted, in `mode` ('full' feeds
 * the charts every day, unreduced: the baseline the reduced charts are compared with in
 * the same run).
 */
export async function benchmarkCharts(
  page: Page,
  origin: string,
  projectId: string,
  wellId: string,
  mode: ChartMode,
  repeats: number,
  /** The well's whole history: the page opens on it, handed over in the address. */
  history: { from: string; to: string },
): Promise<ChartFigures> {
  const projectRoute = `#/projects/${projectId}`;
  const wellRoute = `#/projects/${projectId}/wells/${wellId}`;
  await page.goto(`${origin}/?chartPoints=${mode}${projectRoute}`);
  await page.getByTestId('well-row').first().waitFor();

  const navigationMs: number[] = [];
  const navigationAllMs: number[] = [];
  const rangeChangeMs: number[] = [];
  const rangeSettledMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await page.evaluate(
      (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
      projectRoute,
    );
    await page.getByTestId('well-row').first().waitFor();
    // The sync panel's Edit hands a range over the same way (?from=…&to=…).
    await page.evaluate(
      ({ search }) => {
        const w = globalThis as unknown as PageGlobals;
        w.history.replaceState(null, '', `${search}${w.location.hash}`);
      },
      { search: `?chartPoints=${mode}&from=${history.from}&to=${history.to}` },
    );
    await markNextInput(page, 'hashchange');
    await page.evaluate(
      (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
      wellRoute,
    );
    navigationMs.push(await untilPainted(page, CHARTS_PAINTED, 'mark', 60_000));
    navigationAllMs.push(await untilPainted(page, ALL_PAINTED, 'mark', 60_000));

    for (const preset of ['5y', 'all']) {
      const before = await page.evaluate(firstPath);
      await markNextInput(page, 'click');
      await page.getByTestId(`range-${preset}`).click();
      rangeChangeMs.push(
        await untilPainted(
          page,
          `${CHARTS_PAINTED} && (${firstPath}) !== ${JSON.stringify(before)}`,
        ),
      );
      rangeSettledMs.push(await untilPainted(page, ALL_PAINTED, 'mark'));
    }
  }
  const drawnPoints = await page.evaluate(
    () =>
      (
        (globalThis as unknown as PageGlobals).document
          .querySelector('[data-testid=chart-rates] .series-line path.series-curve')
          ?.getAttribute('d') ?? ''
      ).split(/[LM]/).length - 1,
  );
  return { mode, navigationMs, navigationAllMs, rangeChangeMs, rangeSettledMs, drawnPoints };
}
