import type { Page } from 'playwright-core';
import { markNextInput, untilPainted } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

export type ChartMode = 'reduced' | 'full';

export interface ChartFigures {
  mode: ChartMode;
  navigationMs: number[];
  rangeChangeMs: number[];
  /** Points in the rates chart's oil line as drawn (what recharts had to lay out). */
  drawnPoints: number;
}

/** True when every line of the rates chart has a path (recharts has laid it out). */
const CHARTS_PAINTED = `(() => {
  const chart = document.querySelector('[data-testid=chart-rates]');
  const paths = chart ? [...chart.querySelectorAll('.recharts-line path.recharts-curve')] : [];
  return paths.length > 0 && paths.every((path) => (path.getAttribute('d') ?? '').length > 0);
})()`;

const firstPath = `document.querySelector('[data-testid=chart-rates] .recharts-line path.recharts-curve')?.getAttribute('d') ?? ''`;

/**
 * The well page on a 20-year daily well: route change → charts painted, then a range
 * preset → charts repainted, in `mode` ('full' feeds the charts every day, unreduced:
 * the baseline the reduced charts are compared with in the same run).
 */
export async function benchmarkCharts(
  page: Page,
  origin: string,
  projectId: string,
  wellId: string,
  mode: ChartMode,
  repeats: number,
): Promise<ChartFigures> {
  const projectRoute = `#/projects/${projectId}`;
  const wellRoute = `#/projects/${projectId}/wells/${wellId}`;
  await page.goto(`${origin}/?chartPoints=${mode}${projectRoute}`);
  await page.getByTestId('well-row').first().waitFor();

  const navigationMs: number[] = [];
  const rangeChangeMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await page.evaluate(
      (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
      projectRoute,
    );
    await page.getByTestId('well-row').first().waitFor();
    await markNextInput(page, 'hashchange');
    await page.evaluate(
      (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
      wellRoute,
    );
    navigationMs.push(await untilPainted(page, CHARTS_PAINTED, 'mark', 60_000));

    for (const preset of ['1Y', 'All']) {
      const before = await page.evaluate(firstPath);
      await markNextInput(page, 'click');
      await page.getByRole('button', { name: preset, exact: true }).click();
      rangeChangeMs.push(
        await untilPainted(
          page,
          `${CHARTS_PAINTED} && (${firstPath}) !== ${JSON.stringify(before)}`,
        ),
      );
    }
  }
  const drawnPoints = await page.evaluate(
    () =>
      (
        (globalThis as unknown as PageGlobals).document
          .querySelector('[data-testid=chart-rates] .recharts-line path.recharts-curve')
          ?.getAttribute('d') ?? ''
      ).split(/[LM]/).length - 1,
  );
  return { mode, navigationMs, rangeChangeMs, drawnPoints };
}
