import { expect, test } from './support/fixtures.js';
import { demoApiClient } from './support/demo-api.js';
import { expectLinesDrawn, RATE_LINES } from './page-models/chart-lines.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';

test.beforeEach(async ({ page, host }) => {
  await new ShellPage(page).open(host.launchUrl);
});

test('find a well, read its decline: ranges, daily/monthly, log/linear, zoom, values equal the API', async ({
  page,
  host,
}) => {
  const shell = new ShellPage(page);
  const wells = new WellsPage(page);
  const well = new WellPage(page);
  await shell.openProject('Montney Alberta');
  await wells.search.fill('Elmworth HZ 1-9');
  await expect(wells.count).toHaveText('1 of 70 wells');
  await wells.rows.first().getByRole('gridcell').first().click();
  await expect(shell.title).toHaveText('Elmworth HZ 1-9-69-10');
  await expect(well.fields).toContainText(' m');
  await well.chartsDrawn();
  await expect(well.rates).toContainText('m³/d');
  for (const id of ['chart-pressures', 'chart-ratios', 'chart-cumulative']) {
    await expect(page.getByTestId(id).locator('.chart-surface').first()).toBeVisible();
  }
  // Each chart is a figure named by its title, as a screen reader announces it.
  for (const name of [
    'Rates',
    'Pressures and choke',
    'GOR and watercut',
    'Cumulative volumes since first production',
  ]) {
    await expect(page.getByRole('figure', { name, exact: true })).toBeVisible();
  }
  // Semi-log rates: oil (left) and gas (right) share whole decades, daily and monthly, so
  // a height reads the same number on both axes.
  const axisLabels = async () => {
    // Value ticks are numbers (1, 10, 1k) at the left and right edges of the plot.
    const labels = await well.rates
      .locator('.chart-axis-labels text:not(.chart-axis-unit)')
      .evaluateAll((texts) =>
        texts.map((text) => ({
          x: Number((text as unknown as { getAttribute(n: string): string }).getAttribute('x')),
          label: (text as unknown as { textContent: string }).textContent,
        })),
      );
    const values = labels.filter(({ label }) => /^[\d.]+[kM]?$/.test(label));
    const xs = values.map(({ x }) => x);
    const side = (x: number) => values.filter((v) => v.x === x).map((v) => v.label);
    return [side(Math.min(...xs)), side(Math.max(...xs))];
  };
  for (const view of ['Daily', 'Monthly'] as const) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await well.chartsDrawn();
    const [left, right] = await axisLabels();
    expect(left!.length, view).toBeGreaterThan(1);
    expect(left, view).toEqual(right);
  }
  await page.getByRole('button', { name: 'Daily', exact: true }).click();

  // A well opens on its whole life: from its first production to today.
  const projectId = new URL(page.url()).hash.split('/')[2] as string;
  const wellId = new URL(page.url()).hash.split('/')[4] as string;
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  const apiWell = await api.getWell(projectId, wellId);
  await expect(page.getByTestId('range-all')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('range-from')).toHaveValue(
    apiWell.firstProductionDate ?? apiWell.spudDate ?? '',
  );

  // The records grid shows the server's values, in the project's (metric) units.
  await well.range('3m');
  const firstRow = well.recordRows.first();
  await expect(firstRow).toBeVisible();
  const date = (await firstRow.getAttribute('data-date')) as string;
  const series = await api.getProduction(projectId, wellId, { from: date, to: date });
  const record = series.data[0];
  expect(record).toBeDefined();
  for (const field of ['oil_rate', 'gas_rate', 'bhp'] as const) {
    const shown = await well.cellNumber(date, field);
    expect(shown).toBeCloseTo(record?.[field] ?? NaN, 2);
  }

  // Hovering the rates chart shows a tooltip with values and units.
  const plot = await well.rates.locator('.chart-surface').first().boundingBox();
  await page.mouse.move((plot?.x ?? 0) + (plot?.width ?? 0) / 2, (plot?.y ?? 0) + 40);
  await expect(page.getByTestId('tooltip-rates')).toContainText('m³/d');

  // Zoom by dragging: the charts and the grid narrow to the selection; reset restores.
  const gridCount = page.getByTestId('grid-count');
  const days = async () => Number((await gridCount.textContent())?.split(' ')[0]);
  await well.range('1y');
  await expect(gridCount).toHaveText(/^3[3-6]\d days/); // a year, less any unreported days
  const yearDays = await days();
  await well.dragZoom(0.3, 0.6);
  await expect(page.getByTestId('zoom-range')).toBeVisible();
  await expect(gridCount).not.toHaveText(`${yearDays} days`);
  const zoomedDays = await days();
  expect(zoomedDays).toBeGreaterThan(yearDays * 0.2);
  expect(zoomedDays).toBeLessThan(yearDays * 0.4);
  await page.getByTestId('reset-zoom').click();
  await expect(gridCount).toHaveText(`${yearDays} days`);

  // Monthly and linear: the charts redraw with the three rate lines.
  await page.getByTestId('aggregation-monthly').click();
  await page.getByTestId('scale-linear').click();
  await expectLinesDrawn(well.rates, RATE_LINES);
  await well.chartsDrawn();
  // The monthly readout gives the month's days on production.
  const monthlyPlot = await well.rates.locator('.chart-surface').first().boundingBox();
  await page.mouse.move(
    (monthlyPlot?.x ?? 0) + (monthlyPlot?.width ?? 0) / 2,
    (monthlyPlot?.y ?? 0) + 40,
  );
  await expect(page.getByTestId('tooltip-rates').getByTestId('tooltip-days-on')).toHaveText(
    /^Days on production\s*(\d+) of (28|29|30|31)$/,
  );

  // Opened again, the well shows the range last chosen for it; another well, its life.
  await page.goBack();
  await wells.search.fill('Elmworth HZ 1-9');
  await expect(wells.count).toHaveText('1 of 70 wells');
  await wells.rows.first().getByRole('gridcell').first().click();
  await expect(shell.title).toHaveText('Elmworth HZ 1-9-69-10');
  await expect(page.getByTestId('range-1y')).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await wells.search.fill('');
  await expect(wells.count).toHaveText('70 of 70 wells');
  await wells.rows.nth(1).getByRole('gridcell').first().click();
  await expect(shell.title).not.toHaveText('Elmworth HZ 1-9-69-10');
  await expect(page.getByTestId('range-all')).toHaveAttribute('aria-pressed', 'true');
});
