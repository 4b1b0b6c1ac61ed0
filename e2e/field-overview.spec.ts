import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { demoApiClient } from './support/demo-api.js';
import { ComparePage } from './page-models/compare-page.js';
import { MapPage } from './page-models/map-page.js';
import { OverviewPage } from './page-models/overview-page.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import type { MapWell } from '../renderer/src/pages/field/map-geometry.js';
import { expectLineDrawn } from './page-models/chart-lines.js';

const PROJECT = 'Williston Bakken';
const SCREENS = 'test-results/e2e-artifacts';

async function projectWells(host: { dataDir: string; demoApiUrl?: string | null }) {
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  let projectId = '';
  for await (const project of api.iterateProjects())
    if (project.name === PROJECT) projectId = project.id;
  const wells: MapWell[] = [];
  for await (const well of api.iterateWells(projectId)) {
    wells.push({ ...well, name: well.name ?? well.id, oilRate: null });
  }
  wells.sort((a, b) => a.name.localeCompare(b.name));
  return { api, projectId, wells };
}

/** Opens a well through the table's search, as a person does, and waits for its charts. */
async function openWell(page: Page, name: string): Promise<void> {
  const shell = new ShellPage(page);
  await shell.openProject(PROJECT);
  const table = new WellsPage(page);
  await table.openWell(name);
  await expect(shell.title).toHaveText(name);
  await new WellPage(page).chartsDrawn();
}

test('the Overview sums the wells on this computer: a day’s field oil is the sum of the wells’ oil', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const { api, projectId, wells } = await projectWells(host);
  const opened = wells.slice(0, 2);
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  for (const well of opened) await openWell(page, well.name);
  await shell.openProject(PROJECT);

  const overview = new OverviewPage(page);
  // Online, the Overview brings every well's whole history here first, then sums them all.
  await overview.open(wells.length, wells.length, 120_000);
  await expect(page.getByTestId('overview-without')).toHaveCount(0);
  await expect(page.getByTestId('overview-not-whole')).toHaveCount(0);
  const { rows } = await overview.exportCsv();
  const day = rows.at(-30)!;
  let oil = 0;
  let producing = 0;
  for (const well of wells) {
    const series = await api.getProduction(projectId, well.id, { from: day.Date!, to: day.Date! });
    const rate = series.data[0]?.oil_rate ?? 0;
    oil += rate;
    if (rate > 0 || (series.data[0]?.gas_rate ?? 0) > 0 || (series.data[0]?.water_rate ?? 0) > 0)
      producing++;
  }
  expect(Number(day['Oil rate (bbl/d)'])).toBeCloseTo(oil, 6);
  expect(Number(day['Producing wells'])).toBe(producing);

  // Monthly, linear: the same charts; the screenshot is looked at by a person.
  await overview.aggregation('monthly');
  await expect(page.getByTestId('overview-aggregation-monthly')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectLineDrawn(overview.rates, 'oil');
  await page.getByTestId('chart-field-cumulative').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/overview-monthly-lower-1366.png` });
  await overview.aggregation('daily');
  await overview.rates.scrollIntoViewIfNeeded();
  await expectLineDrawn(overview.rates, 'oil');
  await page.screenshot({ path: `${SCREENS}/overview-1366.png` });
});

test('wells box-selected on the map are compared on producing time with their P50, and export as CSV', async ({
  page,
  host,
}) => {
  const { wells } = await projectWells(host);
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await shell.openProject(PROJECT);
  const map = new MapPage(page);
  await map.open(wells.length);
  const placed = await map.placed(wells);
  const sorted = [...placed].sort((a, b) => a.pageX - b.pageX);
  const right = (sorted[4]!.pageX + sorted[5]!.pageX) / 2;
  const frame = (await map.canvas.boundingBox())!;
  await map.boxSelect([sorted[0]!.pageX - 15, frame.y + 2], [right, frame.y + frame.height - 2]);
  const inside = placed.filter((w) => w.pageX <= right).map((w) => w.name);
  await expect(map.selection).toContainText(`${inside.length} wells selected`);
  await map.selection.getByRole('link', { name: 'Compare' }).click();

  const compare = new ComparePage(page);
  await compare.waitForCurve();
  expect((await compare.chosenNames()).sort()).toEqual([...inside].sort());

  const { rows } = await compare.exportCsv();
  const first = rows[0]!;
  expect(first['Producing month']).toBe('1');
  const values = inside
    .map((name) => first[`${name} (bbl/d)`])
    .filter((cell): cell is string => cell !== undefined && cell !== '')
    .map(Number)
    .sort((a, b) => a - b);
  expect(Number(first['Wells with data'])).toBe(values.length);
  const middle = (values.length - 1) / 2;
  const median = (values[Math.floor(middle)]! + values[Math.ceil(middle)]!) / 2;
  expect(Number(first['P50 (bbl/d)'])).toBeCloseTo(median, 6);
  // P10 is the high case.
  expect(Number(first['P10 (bbl/d)'])).toBeGreaterThanOrEqual(Number(first['P90 (bbl/d)']));

  // The chart as SVG, with the type curve and every well in its legend.
  await page.getByTestId('chart-export-compare').click();
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('chart-export-compare-svg').click(),
  ]);
  const { readFile } = await import('node:fs/promises');
  const image = (await readFile(await svg.path())).toString('utf8');
  expect(image).toContain('P50');
  const compared = Object.keys(first)
    .filter((header) => header.endsWith(' (bbl/d)') && !/^P\d0 /.test(header))
    .map((header) => header.slice(0, -' (bbl/d)'.length));
  expect(compared.length).toBeGreaterThanOrEqual(2);
  for (const name of compared) expect(image).toContain(name);

  await compare.normalise(true);
  await expect(compare.chart).toContainText('per 1,000 ft');
  await compare.waitForCurve();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SCREENS}/compare-1366.png` });
});

test('a selection of more than 20 wells is said to be too many to compare', async ({
  page,
  host,
}) => {
  const { wells } = await projectWells(host);
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await shell.openProject(PROJECT);
  const map = new MapPage(page);
  await map.open(wells.length);
  const frame = (await map.canvas.boundingBox())!;
  await map.boxSelect(
    [frame.x + 2, frame.y + 2],
    [frame.x + frame.width - 2, frame.y + frame.height - 2],
  );
  const placed = await map.placed(wells);
  await expect(map.selection).toContainText(`${placed.length} wells selected`);
  await map.selection.getByRole('link', { name: 'Compare' }).click();
  const compare = new ComparePage(page);
  await expect(page.getByTestId('compare-too-many')).toContainText(
    `${placed.length} wells are selected; a comparison takes 2 to 20`,
  );
  // Ticking a 21st well is refused with a reason.
  for (let i = 0; i < 20; i++) await compare.wells.nth(i).check();
  await compare.wells.nth(20).click();
  await expect(page.getByTestId('compare-limit')).toContainText('At most 20 wells');
  await expect(compare.wells.nth(20)).not.toBeChecked();
});
