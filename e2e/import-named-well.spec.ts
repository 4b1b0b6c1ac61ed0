import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkbook } from '../electron/core/import/testing/xlsx-builder.js';
import { ImportDialog } from './page-models/import-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

/**
 * Equinor's Volve daily sheet for one well (15/9-F-12), dropped on the
 * project's own well of another name (Bluestem 31-1H, metric): imported there
 * with the mapping as detected and a note saying so; then an Excel workbook
 * dropped on the same well, its sheet chosen in the dialog.
 */
const VOLVE_F12 = readFileSync(
  join(process.cwd(), 'electron', 'core', 'import', 'corpus', 'volve-daily-f12.csv'),
  'utf8',
);

test('a file naming another well goes to the well it was dropped on, with a note; a workbook too', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const project = await api.createProject({
      name: 'Bluestem',
      unitSystem: 'metric',
      timezone: 'Europe/Oslo',
    });
    const well = await api.createWell(project.id, { name: 'Bluestem 31-1H' });

    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject('Bluestem');
    const wells = new WellsPage(page);
    await wells.rows.first().getByRole('gridcell').first().click();
    await expect(shell.title).toHaveText('Bluestem 31-1H');

    const dialog = new ImportDialog(page);
    await dialog.dropFile('Volve production data - 15-9-F-12.csv', VOLVE_F12);
    const note = page.getByTestId('import-named-well');
    await expect(note).toContainText('The file names 15/9-F-12; importing into Bluestem 31-1H');
    await expect(dialog.target(3)).toHaveValue('well-name');
    await expect(dialog.stat('new')).toContainText('5');

    // One click matches by the file's name instead: no well of that name, nothing to import.
    await page.getByRole('button', { name: 'Match by well name instead' }).click();
    await expect(dialog.stat('unmatched')).toContainText('5');
    await page.getByRole('button', { name: 'Import into Bluestem 31-1H instead' }).click();
    await expect(dialog.commitButton).toHaveText('Import 5 days');
    await dialog.commitButton.click();
    await expect(dialog.done).toContainText('On the server', { timeout: 30_000 });
    await dialog.close.click();
    const series = await api.getProduction(project.id, well.id, {
      from: '2014-10-24',
      to: '2014-10-28',
    });
    expect(series.data.map((day) => day.date)).toEqual([
      '2014-10-24',
      '2014-10-25',
      '2014-10-26',
      '2014-10-27',
      '2014-10-28',
    ]);
    expect(series.data[0]?.gas_rate).toBeCloseTo(158.91423, 9);

    // An Excel workbook dropped on the same well: a sheet without data first, so the dialog
    // opens on the second, and offers both.
    const workbook = await buildWorkbook({
      sheets: [
        { name: 'Readme', rows: [['From the field office']] },
        {
          name: 'Daily',
          rows: [
            ['Date', 'Oil (m3/d)'],
            [{ date: 45474 }, 12.5],
            [{ date: 45475 }, 13],
          ],
        },
      ],
    });
    await dialog.dropFile('july.xlsx', new Uint8Array(workbook));
    await expect(page.getByTestId('import-sheet')).toHaveValue('Daily');
    await expect(dialog.previewRow('2024-07-01')).toBeVisible();
    await expect(dialog.commitButton).toHaveText('Import 2 days');
  } finally {
    await host.stop();
    data.remove();
  }
});
