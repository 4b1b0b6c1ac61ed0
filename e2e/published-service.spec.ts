import type { Page } from '@playwright/test';
import type { PublishedService } from '../shared/client/testing/published-service/published-service.js';
import { ConnectionDialog } from './page-models/connection-dialog.js';
import { DownloadDialog } from './page-models/download-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { expect, test } from './support/fixtures.js';
import { MOCK_DAYS, startMockService } from './support/published-mock.js';

/**
 * The desktop journeys against the organisation's hosted service, as its published schema
 * describes it (the mock of shared/client/testing/published-service/, which leaves members
 * out, changes letter case, adds members we do not know and refuses any request the schema
 * does not name): added as a connection from the top bar, then browsed, read, edited,
 * synced and downloaded for offline use. docs/compatibility.md says what is tolerated.
 */

let service: PublishedService;
let serviceRunning = false;

test.beforeEach(async () => {
  service = await startMockService();
  serviceRunning = true;
});

test.afterEach(async () => {
  if (serviceRunning) await service.close();
});

async function stopService(): Promise<void> {
  serviceRunning = false;
  await service.close();
}

/** Everything that went wrong in the page: uncaught errors and React's console errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function connectToService(page: Page, launchUrl: string): Promise<ShellPage> {
  const shell = new ShellPage(page);
  await shell.open(launchUrl);
  await new ConnectionDialog(page).addConnection('Hosted service', service.baseUrl, service.token);
  await expect(shell.connectionName).toContainText('Hosted service');
  await expect(shell.title).toHaveText('Permian Basin');
  await expect(shell.onlineState).toHaveText(/Online/);
  return shell;
}

/** A well of the project on screen, opened from the wells table by its name. */
async function openWell(page: Page, name: string): Promise<WellPage> {
  const wells = new WellsPage(page);
  await wells.search.fill(name);
  await expect(wells.rows).toHaveCount(1);
  await wells.rows.first().getByRole('gridcell').first().click();
  await expect(page.getByTestId('page-title')).toHaveText(name);
  const well = new WellPage(page);
  await expect(page.getByTestId('grid-count')).toHaveText(`${MOCK_DAYS} days`);
  await well.chartsDrawn();
  return well;
}

/** Every production read the app made: path and query. */
function productionReads(): URL[] {
  return service.requests
    .filter((r) => r.method === 'GET' && r.path.includes('/production'))
    .map((r) => new URL(r.path, 'http://mock'));
}

test('the hosted service added as a connection lists its projects and wells, "Unknown" and "—" where it says nothing', async ({
  page,
  host,
}) => {
  const errors = collectErrors(page);
  const shell = await connectToService(page, host.launchUrl);

  // Projects: every shape the schema allows. North Sea's answer has no wellCount.
  expect(await shell.projectNames()).toEqual(['Permian Basin', 'North Sea', 'Eagle Ford']);
  const link = (name: string) => shell.projectLinks.filter({ hasText: name });
  await expect(link('Permian Basin')).toContainText('4 wells');
  await expect(link('North Sea')).toContainText('metric');
  await expect(link('North Sea')).toContainText('— wells');
  // Eagle Ford's answer has no unit system: the units the contract documents.
  await expect(link('Eagle Ford')).toContainText('imperial');

  // Wells: the second has no type nor status, the third says SHUT_IN, the fourth no name.
  const wells = new WellsPage(page);
  await expect(wells.count).toHaveText('4 of 4 wells');
  expect(await wells.names()).toEqual(['Permian 1H', 'Permian 2H', 'Permian 3H', 'well-seed-0-3']);
  await wells.showColumn('Type');
  const row = (index: number) => wells.rows.nth(index);
  await expect(row(1).getByTestId('status-badge')).toHaveText(/^Unknown/);
  await expect(row(1)).toContainText('Unknown');
  await expect(row(2).getByTestId('status-badge')).toHaveText(/^Shut in/);
  await expect(row(0).getByTestId('status-badge')).toHaveText(/^Active/);
  // A well of unknown status matches no status filter.
  await wells.filter('Status', 'active');
  await expect(wells.count).toHaveText('2 of 4 wells');
  expect(await wells.names()).toEqual(['Permian 1H', 'well-seed-0-3']);
  await wells.filter('Status', '');
  await expect(wells.count).toHaveText('4 of 4 wells');

  await shell.openProject('North Sea');
  await expect(page.getByText('metric units')).toBeVisible();
  await expect(wells.count).toHaveText('3 of 3 wells');
  await shell.openProject('Eagle Ford');
  await expect(page.getByText('imperial units')).toBeVisible();
  await expect(wells.count).toHaveText('2 of 2 wells');

  // Only what the published operations name was asked (the mock refuses anything else), and
  // the one look at openapi.json that tells the client which extensions a server offers.
  expect(
    service.requests.filter(
      (r) => !r.path.startsWith('/api/v1/projects') && r.path !== '/api/v1/openapi.json',
    ),
  ).toEqual([]);
  expect(
    service.requests.filter((r) => r.path === '/api/v1/openapi.json').length,
  ).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e-artifacts/published-wells.png' });
});

test('a well of the hosted service: its charts and grid, an edit synced in a body its schema accepts', async ({
  page,
  host,
}) => {
  const errors = collectErrors(page);
  const shell = await connectToService(page, host.launchUrl);
  // The mock's second well: no type nor status, a series with no `fields` member, its
  // aggregation in capitals and a column we do not know.
  const well = await openWell(page, 'Permian 2H');
  await expect(page.getByTestId('well-field-type')).toContainText('Unknown');
  await expect(page.getByTestId('well-field-status')).toContainText('Unknown');
  await expect(page.getByTestId('well-field-perf-interval')).toContainText('9,010 – —');

  const days = service.production.get('well-seed-0-1')!;
  const date = (await well.recordRows.nth(5).getAttribute('data-date'))!;
  const before = days.get(date)!;
  expect(await well.cellNumber(date, 'oil_rate')).toBe(before.oil_rate);
  expect(await well.cellNumber(date, 'gas_rate')).toBe(before.gas_rate);

  // The Monthly view is made on this computer from the days (checked at the end: the
  // service is only ever asked for days).
  await page.getByTestId('aggregation-monthly').click();
  await expect(page.getByTestId('aggregation-monthly')).toHaveAttribute('aria-pressed', 'true');
  await well.chartsDrawn();
  await page.getByTestId('aggregation-daily').click();
  await expect(page.getByTestId('aggregation-daily')).toHaveAttribute('aria-pressed', 'true');

  await well.editCell(date, 'oil_rate', '312.5');
  const postsSent = () => service.requests.filter((r) => r.method === 'POST');
  await expect.poll(() => postsSent().length, { timeout: 30_000 }).toBe(1);
  await expect(well.row(date)).toHaveAttribute('data-state', 'synced');
  await expect(shell.pendingCount).toHaveText(/0 pending/);

  // The service took it: its strict reading accepted the body, and the day is replaced
  // with the edited oil and every other value the day had (an upsert replaces the record).
  const posts = postsSent();
  expect(posts).toHaveLength(1);
  expect(posts[0]!.path).toBe('/api/v1/projects/prj-seed-0/wells/well-seed-0-1/production');
  expect(posts[0]!.body).toEqual({ records: [{ ...before, oil_rate: 312.5 }] });
  expect(days.get(date)).toEqual({ ...before, oil_rate: 312.5 });
  await expect(well.cell(date, 'oil_rate')).toHaveText('312.50');

  // A day deleted in the grid: the published DELETE with that day as its range.
  const doomed = (await well.recordRows.nth(8).getAttribute('data-date'))!;
  await well.row(doomed).getByRole('rowheader').click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('delete-days').click();
  await expect
    .poll(() => service.requests.filter((r) => r.method === 'DELETE').map((r) => r.path))
    .toEqual([
      `/api/v1/projects/prj-seed-0/wells/well-seed-0-1/production?from=${doomed}&to=${doomed}`,
    ]);
  await expect(page.getByTestId('pending-deletions')).toHaveCount(0);
  await expect(well.row(doomed)).toHaveCount(0);
  expect(days.has(doomed)).toBe(false);

  // The status the service never gave, set in the header: a PATCH of that member alone.
  // Its answer leaves the status out again (the well's shape); the change it took is kept.
  const status = page.getByTestId('well-status-select');
  await status.selectOption('active');
  await expect
    .poll(() => service.requests.filter((r) => r.method === 'PATCH').map((r) => [r.path, r.body]))
    .toEqual([['/api/v1/projects/prj-seed-0/wells/well-seed-0-1', { status: 'active' }]]);
  await expect(page.getByTestId('well-sync-state')).toHaveCount(0);
  expect(service.wells.get('well-seed-0-1')?.status).toBe('active');
  await expect(status).toHaveValue('active');
  const reads = productionReads();
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.filter((url) => url.searchParams.get('aggregation') !== 'daily')).toEqual([]);
  expect(errors).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e-artifacts/published-well.png', fullPage: true });
});

test('a project of the hosted service made available offline reads with the service stopped', async ({
  page,
  host,
}) => {
  const errors = collectErrors(page);
  const shell = await connectToService(page, host.launchUrl);

  const download = new DownloadDialog(page);
  await download.open();
  await download.dialog.getByLabel('Project').selectOption({ label: 'North Sea — — wells' });
  await download.chooseRange('Last year');
  // The service does not say how many wells it has: no estimate, and the dialog says why.
  await expect(download.estimate).toContainText(
    'The server does not say how many wells North Sea has',
  );
  await download.download();
  await expect(download.available).toContainText('3 of 3 wells');
  await download.dialog.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(download.dialog).toBeHidden();
  await expect(shell.projectLinks.filter({ hasText: 'North Sea' })).toContainText(
    'Offline: 3 wells,',
  );
  const downloaded = productionReads().length;

  // The service goes away; the window is opened again (it asks the server at start).
  await stopService();
  await page.reload();
  await expect(shell.onlineState).toHaveText(/Offline/);
  await shell.openProject('North Sea');
  const wells = new WellsPage(page);
  await expect(wells.count).toHaveText(/3 of 3 wells/);
  await expect(page.getByTestId('wells-offline')).toBeVisible();
  await expect(wells.rows.getByTestId('well-offline-mark')).toHaveCount(3);
  // Never opened before: its days come from the download.
  const well = await openWell(page, 'North 2H');
  await expect(page.getByTestId('well-field-status')).toContainText('Unknown');
  const first = (await well.recordRows.first().getAttribute('data-date'))!;
  const served = service.production.get('well-seed-1-1')!.get(first)!;
  expect(await well.cellNumber(first, 'oil_rate')).toBe(served.oil_rate);
  expect(await well.cellNumber(first, 'gas_rate')).toBe(served.gas_rate);
  expect(productionReads()).toHaveLength(downloaded);
  expect(errors).toEqual([]);
  await page.screenshot({
    path: 'test-results/e2e-artifacts/published-offline.png',
    fullPage: true,
  });
});
