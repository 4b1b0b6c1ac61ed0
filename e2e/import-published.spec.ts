import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImportDialog } from './page-models/import-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

/**
 * Equinor's Volve daily production, as published (a comma-separated copy of
 * its daily sheet: 12-Feb-08 style dates, volumes in Sm³ for the day, pressures
 * in bar, a choke opening in %), dropped on a Volve well's page without being
 * edited first.
 */
const VOLVE_DAILY = readFileSync(
  join(process.cwd(), 'electron', 'core', 'import', 'corpus', 'volve-daily.csv'),
  'utf8',
);
const SCREENSHOTS = {
  dates: '/tmp/flowline-import-volve-mapping.png',
  units: '/tmp/flowline-import-volve-units.png',
};

test('a published day-month-name file (Volve daily) is mapped with its units, imported, and its days appear', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    // The engineer's Volve project, metric, with two of the field's producers.
    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const project = await api.createProject({
      name: 'Volve',
      unitSystem: 'metric',
      timezone: 'Europe/Oslo',
    });
    const f12 = await api.createWell(project.id, { name: '15/9-F-12' });
    await api.createWell(project.id, { name: '15/9-F-14' });

    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject('Volve');
    const wells = new WellsPage(page);
    await wells.search.fill('F-12');
    await wells.rows.first().getByRole('gridcell').first().click();
    await expect(shell.title).toHaveText('15/9-F-12');

    const dialog = new ImportDialog(page);
    await dialog.dropFile('Volve production data - daily.csv', VOLVE_DAILY);

    // The mapping: Volve's headers, their units from the dataset's own conventions.
    await expect(dialog.mappingRows).toHaveCount(24);
    await expect(dialog.target(0)).toHaveValue('date');
    await expect(dialog.samples(0)).toHaveText('24-Oct-14 · 25-Oct-14 · 26-Oct-14');
    await expect(dialog.target(3)).toHaveValue('well-name');
    await expect(dialog.target(8)).toHaveValue('runtime');
    await expect(dialog.target(9)).toHaveValue('bhp');
    await expect(dialog.unit(9)).toHaveValue('bar');
    await expect(dialog.target(15)).toHaveValue('thp');
    await expect(dialog.unit(15)).toHaveValue('bar');
    for (const index of [18, 19, 20]) await expect(dialog.unit(index)).toHaveValue('m3/d');
    await expect(dialog.target(21)).toHaveValue('ignore'); // water injected, not produced
    // The choke opening in % is not a choke size: ignored, and the row says why.
    await expect(dialog.target(13)).toHaveValue('ignore');
    await expect(dialog.mappingRows.nth(13)).toContainText('not a choke size');

    // The date format: read from the dates, and the person's to change.
    await expect(dialog.dateFormatSelect).toHaveValue('d-mon-y');
    await expect(dialog.dateFormatNote).toContainText('24-Oct-14 reads as 2014-10-24');

    // Values as they will be saved, in the project's units: Sm³ of gas in 10³m³, bar in kPa.
    const firstDay = dialog.previewRow('2014-10-24').filter({ hasText: '15/9-F-12' });
    await expect(firstDay.locator('[data-field=gas_rate]')).toHaveText('158.914');
    await expect(firstDay.locator('[data-field=thp]')).toHaveText('3,513.625');
    await expect(dialog.stat('new')).toContainText('8');
    await expect(dialog.stat('invalid')).toContainText('2');
    await expect(dialog.stat('unmatched')).toContainText('3');
    await expect(dialog.invalidRow(4)).toContainText(
      'column "ON_STREAM_HRS" (runtime): 25 must be between 0 and 24',
    );

    // Another format can be chosen at any time; read as DD/MM/YYYY no date fits, and it says so.
    await dialog.dateFormatSelect.selectOption('dmy');
    await expect(dialog.stat('invalid')).toContainText('10');
    await expect(dialog.invalidRow(2)).toContainText(
      '"24-Oct-14" is not a real date written as DD/MM/YYYY',
    );
    await dialog.dateFormatSelect.selectOption('d-mon-y');
    await expect(dialog.stat('invalid')).toContainText('2');
    await expect(dialog.commitButton).toHaveText('Import 8 days');
    await expect(firstDay.locator('[data-field=gas_rate]')).toHaveText('158.914');
    await page.screenshot({ path: SCREENSHOTS.dates });
    // Further down the mapping: the volumes in Sm³/d and the wellhead pressure in bar.
    await dialog.mappingRows.nth(20).scrollIntoViewIfNeeded();
    await page.screenshot({ path: SCREENSHOTS.units });

    await dialog.commitButton.click();
    await expect(dialog.done).toContainText('On the server', { timeout: 30_000 });
    await dialog.close.click();
    await expect(dialog.dialog).toHaveCount(0);

    // The days are on the well's page…
    const well = new WellPage(page);
    await well.range('all');
    await expect(well.row('2014-10-24')).toBeVisible();
    await expect(well.cell('2014-10-24', 'oil_rate')).toHaveText('1,058.83');
    await expect(well.cell('2014-10-27', 'runtime')).toHaveText('0.0');
    await expect(well.row('2014-10-26')).toHaveCount(0);
    // …and on the server.
    const series = await api.getProduction(project.id, f12.id, {
      from: '2014-10-24',
      to: '2014-10-28',
    });
    expect(series.data.map((day) => day.date)).toEqual([
      '2014-10-24',
      '2014-10-25',
      '2014-10-27',
      '2014-10-28',
    ]);
    expect(series.data[0]?.gas_rate).toBeCloseTo(158.91423, 9);
    expect(series.data[0]?.bhp).toBeCloseTo(24036.812, 9);
  } finally {
    await host.stop();
    data.remove();
  }
});
