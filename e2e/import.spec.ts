import { expect, test, type Page } from '@playwright/test';
import { ImportDialog } from './page-models/import-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

const WELL = 'Elmworth HZ 1-9-69-10';

/**
 * A SCADA-style export for a Montney (metric) well: oil in m³/d (the project's unit), water
 * in bbl/d (converted), gas in 10³m³/d, a tubing-pressure column whose header the importer
 * does not know (left ignored until mapped), hours on, two bad rows, a blank and a total line.
 */
const CSV = [
  'Date,Oil (m3/d),Water (bbl/d),Gas (e3m3/d),Tbg Pr kPa,Hours On',
  '2025-07-01,25.1,10,4.2,850,24',
  '2025-07-02,24.8,11,4.1,845,24',
  '2025-07-03,24.5,10.5,4.0,840,25',
  '2025-07-04,abc,10,4.0,838,24',
  '2025-07-05,24.0,9.5,3.9,835,24',
  '',
  'Total,122.4,51,20.2,,',
  '',
].join('\r\n');

async function openWell(page: Page, launchUrl: string): Promise<ShellPage> {
  const shell = new ShellPage(page);
  await shell.open(launchUrl);
  await shell.openProject('Montney Alberta');
  const wells = new WellsPage(page);
  await wells.openWell(WELL, 'Elmworth HZ 1-9');
  await expect(shell.title).toHaveText(WELL);
  return shell;
}

function ids(page: Page): { projectId: string; wellId: string } {
  const parts = new URL(page.url()).hash.split('/');
  return { projectId: parts[2] as string, wellId: parts[4] as string };
}

test('a CSV dropped on a well is mapped, previewed, imported and reaches the server', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const shell = await openWell(page, host.launchUrl);
    const where = ids(page);
    const dialog = new ImportDialog(page);
    await dialog.dropFile('elmworth-july.csv', CSV);

    // The mapping: every column with its detected target and unit.
    await expect(dialog.mappingRows).toHaveCount(6);
    await expect(dialog.target(0)).toHaveValue('date');
    await expect(dialog.target(1)).toHaveValue('oil_rate');
    await expect(dialog.unit(1)).toHaveValue('m3/d');
    await expect(dialog.unit(2)).toHaveValue('bbl/d');
    await expect(dialog.unit(3)).toHaveValue('e3m3/d');
    await expect(dialog.target(5)).toHaveValue('runtime');
    // The tubing pressure column is not recognised: map it, and say it is in bar.
    await expect(dialog.target(4)).toHaveValue('ignore');
    await dialog.mapColumn(4, 'thp');
    await expect(dialog.unit(4)).toHaveValue('kPa');
    await dialog.unit(4).selectOption('bar');
    await expect(dialog.previewCell('2025-07-01', 'thp')).toHaveText('85,000');
    // …no: it was kPa after all.
    await dialog.unit(4).selectOption('kPa');
    await expect(dialog.previewCell('2025-07-01', 'thp')).toHaveText('850');

    // The preview: values in the project's units, the counts, every invalid row with its reason.
    await expect(dialog.previewCell('2025-07-01', 'water_rate')).toHaveText('1.59');
    // The well's July days are on this computer already (the page read its history for
    // the cumulative volumes since first production), so the file replaces them.
    await expect(dialog.stat('replaced')).toContainText('3');
    // What those days become: each changed value now and after, and the fields the file lacks.
    const replaced = page.getByTestId('import-replaced-table');
    await expect(replaced).toContainText('2025-07-01');
    await expect(page.getByTestId('import-replaced-counts')).toContainText(
      '3 days change: Oil rate 3',
    );
    await expect(page.getByTestId('import-untouched-consequences')).toContainText(
      'Bottom-hole pressure keeps its values',
    );
    await page.screenshot({ path: 'test-results/e2e-artifacts/import-replaced.png' });
    await expect(dialog.stat('new')).toContainText('0');
    await expect(dialog.stat('invalid')).toContainText('2');
    await expect(dialog.stat('skipped')).toContainText('2');
    await expect(dialog.invalidRow(4)).toContainText('Line 4');
    await expect(dialog.invalidRow(4)).toContainText(
      '"Hours On" (runtime): 25 must be between 0 and 24',
    );
    await expect(dialog.invalidRow(5)).toContainText('"abc" is not a number');
    await expect(dialog.exportInvalid).toBeEnabled();

    // Commit, then the sync: saved here, then on the server.
    await expect(dialog.commitButton).toHaveText('Import 3 days');
    await dialog.commitButton.click();
    await expect(dialog.done).toContainText('On the server', { timeout: 30_000 });
    await expect(shell.pendingCount).toHaveText(/0 pending/);

    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const series = await api.getProduction(where.projectId, where.wellId, {
      from: '2025-07-01',
      to: '2025-07-05',
    });
    const byDate = new Map(series.data.map((record) => [record.date, record]));
    const first = byDate.get('2025-07-01');
    expect(first?.oil_rate).toBeCloseTo(25.1, 9);
    expect(first?.water_rate).toBeCloseTo(10 * 0.158987294928, 6); // bbl/d → m³/d
    expect(first?.gas_rate).toBeCloseTo(4.2, 9);
    expect(first?.thp).toBeCloseTo(850, 9);
    expect(first?.runtime).toBe(24);
    expect(byDate.get('2025-07-05')?.oil_rate).toBeCloseTo(24.0, 9);
    // The invalid rows were not sent.
    expect(byDate.get('2025-07-03')?.runtime).not.toBe(25);
    expect(byDate.get('2025-07-04')?.thp).not.toBe(838);
  } finally {
    await host.stop();
    data.remove();
  }
});

test('a bad file shows the core’s reason; one without dates waits for a mapping', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const shell = await openWell(page, host.launchUrl);
    const dialog = new ImportDialog(page);

    // Binary data with a .csv name.
    await dialog.dropFile(
      'pump-log.csv',
      new Uint8Array([0, 1, 2, 3, 0xa5, 0x4d, 0xca, 0x18, 0x25, 0x30, 0xbb, 0x1d, 0x6d, 0x13]),
    );
    await expect(dialog.error).toContainText('"pump-log.csv" holds binary data, not text');
    await expect(dialog.error).toContainText('Nothing was queued');
    await expect(dialog.commitButton).toHaveCount(0);
    await dialog.close.click();
    await expect(dialog.dialog).toHaveCount(0);

    // A file without a date column: its dates are spreadsheet serials under a header we do not
    // know. The columns come back with the reason it waits; mapping the right one fixes it.
    await dialog.dropFile(
      'jours.csv',
      'Jour,Oil (m3/d),Gas (e3m3/d)\n45839,25.1,4.2\n45840,25.0,4.1\n',
    );
    await expect(dialog.blocked).toContainText('No column holds dates');
    await expect(dialog.blocked).toContainText('Map one of the columns to "Date"');
    await expect(dialog.mappingRows).toHaveCount(3);
    await expect(dialog.target(0)).toHaveValue('ignore');
    await expect(dialog.samples(0)).toHaveText('45839 · 45840');
    await expect(dialog.commitButton).toBeDisabled();
    await expect(dialog.commitButton).toHaveText('Map a column to Date');
    await expect(dialog.error).toHaveCount(0);
    await dialog.mapColumn(0, 'date');
    await expect(dialog.blocked).toHaveCount(0);
    await expect(dialog.previewCell('2025-07-01', 'oil_rate')).toHaveText('25.1');
    await expect(dialog.previewRow('2025-07-02')).toBeVisible();
    await expect(dialog.commitButton).toHaveText('Import 2 days');
    await expect(dialog.commitButton).toBeEnabled();
    // Not committed: closing leaves nothing queued.
    await dialog.close.click();
    await expect(dialog.dialog).toHaveCount(0);

    await expect(shell.pendingCount).toHaveText(/0 pending/);
    await page.waitForTimeout(500);
    await expect(shell.pendingCount).toHaveText(/0 pending/);
  } finally {
    await host.stop();
    data.remove();
  }
});
