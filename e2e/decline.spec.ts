import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  exponentialNominal,
  forecastDecline,
  hyperbolicSecantEffective,
  rateAt,
  type DeclineModel,
} from '../shared/decline/index.js';
import { DeclinePanel } from './page-models/decline-panel.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { expect, test } from './support/fixtures.js';
import type { RunningWebHost } from './support/web-host.js';

/** Screenshots to look at, kept out of the repository. */
const SCREENS = '/work/screens';
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 730;
const OIL_LIMIT = 5;

/** The truth the wells produce: a modified hyperbolic with the project's default Dmin. */
const TRUTH: DeclineModel = {
  kind: 'modified-hyperbolic',
  qi: 850,
  di: 1.6,
  b: 0.9,
  dMin: exponentialNominal(0.06),
};

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Two years of daily production ending yesterday, so the well page's default year shows it. */
function history(model: DeclineModel, gasRatio: number) {
  const last = Date.parse(`${isoDay(Date.now())}T00:00:00Z`) - DAY_MS;
  const first = last - (HISTORY_DAYS - 1) * DAY_MS;
  const records = Array.from({ length: HISTORY_DAYS }, (_, t) => {
    const oil = rateAt(model, t);
    return {
      date: isoDay(first + t * DAY_MS),
      oil_rate: Number(oil.toFixed(3)),
      gas_rate: Number((oil * gasRatio).toFixed(3)),
      water_rate: Number((oil * 0.3).toFixed(3)),
      runtime: 24,
    };
  });
  return { first: isoDay(first), records };
}

/** A project of declining wells (and one without production) made through the API. */
async function declineProject(host: RunningWebHost) {
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  const project = await api.createProject({ name: 'Decline field', unitSystem: 'imperial' });
  const wells = [
    { name: 'Arps 1H', model: TRUTH },
    { name: 'Arps 2H', model: { ...TRUTH, qi: 400, di: 1.1 } },
    { name: 'Arps 3H', model: { ...TRUTH, qi: 1500, b: 1.3 } },
  ];
  let first = '';
  for (const well of wells) {
    const created = await api.createWell(project.id, { name: well.name, type: 'producer' });
    const made = history(well.model, 3);
    first = made.first;
    await api.upsertProduction(project.id, created.id, made.records);
  }
  await api.createWell(project.id, { name: 'Dry 9H', type: 'producer' });
  return { api, project, first, records: history(TRUTH, 3).records };
}

async function openWell(page: Page, launchUrl: string, name: string): Promise<WellPage> {
  const shell = new ShellPage(page);
  await shell.open(launchUrl);
  await shell.openProject('Decline field');
  const wells = new WellsPage(page);
  await wells.search.fill(name);
  await expect(wells.rows).toHaveCount(1);
  await wells.rows.first().getByRole('gridcell').first().click();
  await expect(shell.title).toHaveText(name);
  const well = new WellPage(page);
  await well.chartsDrawn();
  return well;
}

/** The panel at the top of the window and the rates chart under it, no hover readout. */
async function showPanelAndRates(page: Page, decline: DeclinePanel): Promise<void> {
  await page.mouse.move(5, 5);
  await decline.panel.evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
}

test.use({ viewport: { width: 1366, height: 768 } });

test('Fit decline recovers a known modified-hyperbolic well; b edits move EUR; the fit is saved', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  const { records } = await declineProject(host);
  const well = await openWell(page, host.launchUrl, 'Arps 1H');
  const decline = new DeclinePanel(page);

  await decline.openButton.click();
  await expect(decline.panel).toBeVisible();
  // The fit ran at once (the stream had none): the parameters are shown.
  await expect(decline.param('qi')).not.toHaveValue('');
  await well.range('all');
  await decline.setEconomicLimit('oil', String(OIL_LIMIT));

  // The truth's EUR: the days produced, then its forecast from the day after the last one.
  const produced = records.reduce((sum, day) => sum + day.oil_rate, 0);
  const truth = forecastDecline(
    { model: TRUTH, t0: 0 },
    {
      referenceDate: records[0]!.date,
      cumulativeToDate: produced,
      startDay: HISTORY_DAYS,
      limitRate: OIL_LIMIT,
    },
  );
  await expect
    .poll(async () => Math.abs((await decline.figure(decline.eur)) / truth.eur - 1))
    .toBeLessThan(0.02);
  expect(Math.abs((await decline.paramValue('qi')) / TRUTH.qi - 1)).toBeLessThan(0.02);
  expect(Math.abs((await decline.paramValue('diNominal')) - TRUTH.di * 100)).toBeLessThan(5);
  expect(
    Math.abs(
      (await decline.paramValue('diEffective')) - hyperbolicSecantEffective(TRUTH.di, 0.9) * 100,
    ),
  ).toBeLessThan(1);
  expect(Math.abs((await decline.paramValue('b')) - 0.9)).toBeLessThan(0.05);
  expect(Math.abs((await decline.paramValue('dMin')) - 6)).toBeLessThan(0.01);
  await expect(page.getByTestId('decline-r2')).toHaveText(/^(0\.99\d|1\.000)$/);
  // The EUR says what it counts, with the limit the person set; the declines say which kind.
  const basis = page.getByTestId('decline-eur-basis');
  await expect(basis).toHaveText(
    new RegExp(`^Produced to date \\+ .*economic limit \\(${OIL_LIMIT} bbl/d\\)`),
  );
  await expect(
    decline.panel.getByRole('textbox', { name: /^Di secant effective \(%\/yr\)/ }),
  ).toBeVisible();
  expect(
    Math.abs((await decline.paramValue('diTangent')) - -Math.expm1(-TRUTH.di) * 100),
  ).toBeLessThan(2);

  // The forecast reads like the history: hovering its dashed part gives its date and rate.
  const frame = well.rates.locator('.chart-frame');
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height / 2);
  await expect(page.getByTestId('tooltip-forecast')).toHaveText(/^Oil forecast[\d,.]+ bbl\/d$/);
  await page.mouse.move(0, 0);
  // Its volumes month by month are one click away, and end on the EUR.
  await page.getByText(/^Forecast by month \(\d+\)$/).click();
  const months = page.getByRole('region', { name: 'Forecast volumes by month' });
  const lastCumulative = await months.locator('tbody tr').last().locator('td').last().textContent();
  expect(
    Math.abs(Number(lastCumulative!.replace(/,/g, '')) - (await decline.figure(decline.eur))),
  ).toBeLessThanOrEqual(1);
  await page.getByText(/^Forecast by month/).click();

  // The curve over the history and the dashed forecast after it, on the rates chart.
  await expect(well.rates.getByTestId('decline-fit').locator('path')).toHaveAttribute('d', /M.+L/);
  await expect(well.rates.getByTestId('decline-forecast').locator('path')).toHaveAttribute(
    'd',
    /M.+L/,
  );
  await showPanelAndRates(page, decline);
  await page.screenshot({ path: `${SCREENS}/well-decline-log.png` });
  await page.getByTestId('scale-linear').click();
  await expect(well.rates.getByTestId('decline-forecast').locator('path')).toHaveAttribute(
    'd',
    /M.+L/,
  );
  await showPanelAndRates(page, decline);
  await page.screenshot({ path: `${SCREENS}/well-decline-linear.png` });

  // A flatter b: more to come, computed as it is typed, then saved.
  const fittedEur = await decline.figure(decline.eur);
  await decline.type('b', '1.5');
  await expect.poll(() => decline.figure(decline.eur)).toBeGreaterThan(fittedEur * 1.02);
  const editedEur = await decline.figure(decline.eur);
  await expect(decline.saveState).toHaveText('Saved');

  // A b out of range is refused by name and changes nothing.
  await decline.type('b', '3');
  await expect(decline.errors).toContainText('b must be between 0 and 2 (got 3).');
  await expect(decline.param('b')).toHaveAttribute('aria-invalid', 'true');
  expect(await decline.figure(decline.eur)).toBe(editedEur);
  await decline.type('qi', '0');
  await expect(decline.errors).toContainText('qi must be greater than 0 (got 0).');

  // After a reload the saved fit is back: b = 1.5, the same EUR.
  await page.reload();
  await expect(decline.panel).toBeVisible();
  await expect(decline.param('b')).toHaveValue('1.5');
  await expect.poll(() => decline.figure(decline.eur)).toBe(editedEur);
  await expect(page.getByText('edited', { exact: true })).toBeVisible();

  // Closed, the button says a saved fit is there to show, and shows it again.
  await decline.openButton.click();
  await expect(decline.panel).toHaveCount(0);
  await page.reload();
  await expect(decline.openButton).toHaveText('Show decline fit');
  await decline.openButton.click();
  await expect(decline.param('b')).toHaveValue('1.5');
  await expect(decline.openButton).toHaveText('Fit decline');
});

test('Forecast all wells fits the project, lists the well it skipped, and the table sorts by remaining', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  await declineProject(host);
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await shell.openProject('Decline field');
  const wells = new WellsPage(page);
  await expect(wells.rows).toHaveCount(4);

  // Nothing of the project's production is on this computer yet: Forecast all brings every
  // well's history here first (no download by hand), then fits; the dry well is skipped.
  await page.getByTestId('forecast-all-open').click();
  await page.getByTestId('forecast-all-stream-oil').click();
  await page.getByTestId('forecast-all-start').click();
  const progress = page.getByTestId('forecast-all-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('forecast-all-text')).toHaveText(
    'Done: 3 of 4 wells fitted (oil).',
  );
  await expect(page.getByTestId('forecast-all-missing')).toHaveCount(0);
  const skipped = page.getByTestId('forecast-all-skipped');
  await skipped.locator('summary').click();
  await expect(skipped.getByRole('listitem')).toHaveCount(1);
  await expect(skipped.getByRole('listitem')).toContainText(
    'Dry 9H: No production recorded for this well.',
  );
  await expect(skipped.getByRole('link', { name: 'Dry 9H' })).toBeVisible();
  await page.getByTestId('forecast-all-close').click();

  await wells.showColumn('Oil EUR');
  await wells.showColumn('Oil remaining');
  await wells.showColumn('Oil b');
  await wells.showColumn('Oil Di (secant eff. %/yr)');
  await wells.showColumn('Oil fit quality');
  // Sorted by remaining, largest first; the well without a fit comes last.
  const header = page.getByTestId('sort-oilRemaining');
  await wells.sortBy('oilRemaining');
  if ((await header.textContent())?.includes('▲')) await wells.sortBy('oilRemaining');
  await expect(header).toContainText('▼');
  const headers = await page
    .locator('[data-testid^=sort-]')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')));
  const column = headers.indexOf('sort-oilRemaining');
  const remainingCells = wells.rows.locator(`[role=gridcell]:nth-child(${column + 1})`);
  await expect.poll(() => wells.names().then((names) => names.at(-1))).toMatch(/^Dry 9H/);
  const remaining = (await remainingCells.allTextContents()).map((text) =>
    text === '—' ? null : Number(text.replace(/,/g, '')),
  );
  expect(remaining.at(-1)).toBeNull();
  const fitted = remaining.slice(0, 3) as number[];
  expect(fitted.every((value) => value > 0)).toBe(true);
  expect(fitted).toEqual([...fitted].sort((a, b) => b - a));
  // The screenshot: the name and the decline columns on a 1,366-px window.
  for (const label of [
    'API number',
    'Status',
    'Last production',
    'Latest gas rate',
    'Latest water rate',
  ]) {
    await wells.showColumn(label, false);
  }
  await wells.table.evaluate((table) => {
    for (const node of [table, ...table.querySelectorAll('*')]) node.scrollLeft = 0;
  });
  await page.screenshot({ path: `${SCREENS}/wells-forecast-columns.png` });

  // Variance to forecast: the three fitted wells against their forecasts, the dry one without.
  await page.getByTestId('tab-variance').click();
  const variance = page.getByTestId('variance-row');
  await expect(variance).toHaveCount(4);
  await expect(variance.last()).toContainText('Dry 9H');
  await expect(variance.last()).toContainText('No fit');
  await expect(page.getByTestId('variance-summary')).toContainText(
    'Shown: 3 wells with a forecast',
  );
  await expect(page.getByTestId('variance-point')).toHaveCount(3);
  await page.screenshot({ path: `${SCREENS}/variance.png` });
  await variance.first().getByRole('button').click();
  await expect(shell.title).not.toHaveText('Decline field');
});

test('A saved fit goes stale when a production value is edited in the records grid; Refit clears it', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await declineProject(host);
  const well = await openWell(page, host.launchUrl, 'Arps 2H');
  const decline = new DeclinePanel(page);
  await decline.openButton.click();
  await expect(decline.param('qi')).not.toHaveValue('');
  await expect(decline.stale).toHaveCount(0);
  const qi = await decline.paramValue('qi');

  // One day of oil typed in the grid, as a correction would be.
  const date = (await well.recordRows.first().getAttribute('data-date')) as string;
  await well.editCell(date, 'oil_rate', '1');
  await expect(decline.stale).toBeVisible();
  await expect(decline.stale).toContainText('stale: the production changed after this fit');

  await decline.refitStale.click();
  await expect(decline.stale).toHaveCount(0);
  await expect(decline.saveState).toHaveText('Saved');
  // The refit saw the edited day (a spike down, left out or barely felt): qi is still close.
  expect(Math.abs((await decline.paramValue('qi')) / qi - 1)).toBeLessThan(0.05);
  // And it stays current after a reload.
  await page.reload();
  await expect(decline.panel).toBeVisible();
  await expect(decline.param('qi')).not.toHaveValue('');
  await expect(decline.stale).toHaveCount(0);
});

test('Forecast CSV saves the parameters, then the monthly volumes with units in the headers', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await declineProject(host);
  await openWell(page, host.launchUrl, 'Arps 1H');
  const decline = new DeclinePanel(page);
  await decline.openButton.click();
  await expect(decline.param('qi')).not.toHaveValue('');
  const shownQi = await decline.paramValue('qi');
  const shownRemaining = await decline.figure(decline.remaining);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('decline-forecast-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^Arps-1H-oil-forecast-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split(/\r?\n/);
  // The parameters first, one "name,value" line each, units in the names.
  expect(lines.slice(0, 4)).toEqual([
    'Well,Arps 1H',
    'Stream,Oil',
    'Model,modified-hyperbolic',
    'Parameters,fitted',
  ]);
  const parameters = new Map(
    lines.slice(0, lines.indexOf('')).map((line) => line.split(',') as [string, string]),
  );
  expect(Math.abs(Number(parameters.get('qi (bbl/d)')) / shownQi - 1)).toBeLessThan(1e-3);
  expect(Number(parameters.get('b'))).toBeGreaterThan(0);
  expect(parameters.get('Economic limit (bbl/d)')).toBeDefined();
  const remaining = Number(parameters.get('Remaining (bbl)'));
  expect(Math.abs(remaining / shownRemaining - 1)).toBeLessThan(1e-3);

  // Then, after an empty line, the forecast month by month.
  const header = lines[lines.indexOf('') + 1];
  expect(header).toBe('Month,Days,Oil volume (bbl),Oil average rate (bbl/d),Cumulative oil (bbl)');
  const months = lines
    .slice(lines.indexOf('') + 2)
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  expect(months.length).toBeGreaterThan(12);
  for (const [month, days, volume, rate] of months) {
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    expect(Number(days)).toBeGreaterThan(0);
    expect(Number(days)).toBeLessThanOrEqual(31);
    expect(Math.abs(Number(rate) * Number(days) - Number(volume))).toBeLessThan(
      0.01 * Number(volume) + 0.01,
    );
  }
  // Whole months decline, and the volumes add up to the remaining.
  const rates = months.slice(1, -1).map((row) => Number(row[3]));
  expect(rates).toEqual([...rates].sort((a, b) => b - a));
  const total = months.reduce((sum, row) => sum + Number(row[2]), 0);
  expect(Math.abs(total / remaining - 1)).toBeLessThan(1e-4);
});

test('Dragging across the rates chart chooses the fit window and refits over it', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await declineProject(host);
  const well = await openWell(page, host.launchUrl, 'Arps 3H');
  const decline = new DeclinePanel(page);
  await decline.openButton.click();
  await expect(decline.param('qi')).not.toHaveValue('');
  await well.range('all');
  const before = await decline.windowDates();

  // The days under the two ends of the drag, as the hover readout gives them (the chart
  // scrolled into view first, as a person would, above the status bar).
  const surface = well.rates.locator('.chart-surface').first();
  await surface.scrollIntoViewIfNeeded();
  const box = await surface.boundingBox();
  if (!box) throw new Error('the rates chart is not on screen');
  const dayAt = async (fraction: number) => {
    await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
    const date = page.getByTestId('tooltip-rates').locator('.chart-tooltip-date');
    await expect(date).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    return Date.parse(`${await date.textContent()}T00:00:00Z`);
  };
  // Both inside the history (the axis goes on into the forecast, where no day is recorded).
  const [fromFraction, toFraction] = [0.12, 0.3];
  const start = await dayAt(fromFraction);
  const end = await dayAt(toFraction);
  const lastRecorded = Date.parse(`${isoDay(Date.now())}T00:00:00Z`) - DAY_MS;
  expect(end - start).toBeGreaterThan(90 * DAY_MS);
  expect(end).toBeLessThan(lastRecorded - 30 * DAY_MS);

  await page.getByTestId('decline-choose-window').click();
  await expect(page.getByTestId('decline-choose-window')).toHaveAttribute('aria-pressed', 'true');
  await well.dragZoom(fromFraction, toFraction);
  await expect(page.getByTestId('decline-choose-window')).toHaveAttribute('aria-pressed', 'false');
  // No zoom: the drag chose the window instead.
  await expect(page.getByTestId('zoom-range')).toHaveCount(0);
  await expect.poll(() => decline.windowDates()).not.toEqual(before);
  const chosen = await decline.windowDates();
  const days = (iso: string, reference: number) =>
    Math.abs(Date.parse(`${iso}T00:00:00Z`) - reference) / DAY_MS;
  expect(days(chosen.from, start)).toBeLessThanOrEqual(3);
  expect(days(chosen.to, end)).toBeLessThanOrEqual(3);
  // The fit is over that window: its qi is the curve's rate at the window's start.
  await expect(decline.saveState).toHaveText('Saved');
  const t =
    (Date.parse(`${chosen.from}T00:00:00Z`) - Date.parse(`${before.from}T00:00:00Z`)) / DAY_MS;
  const truthAtStart = rateAt({ ...TRUTH, qi: 1500, b: 1.3 }, t);
  expect(Math.abs((await decline.paramValue('qi')) / truthAtStart - 1)).toBeLessThan(0.03);
  await expect(well.rates.locator('.decline-window')).toHaveCount(1);
});
