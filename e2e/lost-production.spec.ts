import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { addDays } from '../shared/dates/iso-day.js';
import { ShellPage } from './page-models/shell-page.js';
import { demoApiClient } from './support/demo-api.js';
import { pdfPageTexts } from './support/pdf-text.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

/**
 * Lost production as an engineer reads it in the morning: a well of a new project made
 * 100 bbl/d for two months, was shut in 5 days in February and ran 12 hours a day for 4 days
 * in March making 40 bbl/d. Without a fit, its potential is its trailing rate (100 bbl/d),
 * so it lost 5 × 100 = 500 bbl shut in and 4 × 60 = 240 bbl to short days: 740 bbl.
 */
test('the Lost production tab totals what shut-in and short days lost, by month and reason', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const project = await api.createProject({ name: 'Deferment', unitSystem: 'imperial' });
    const well = await api.createWell(project.id, { name: 'Shut-in 1H' });
    await api.createWell(project.id, { name: 'Steady 2H' });
    const records = [];
    for (let date = '2026-01-01'; date <= '2026-03-10'; date = addDays(date, 1)) {
      const shutIn = date >= '2026-02-10' && date <= '2026-02-14';
      const short = date >= '2026-03-03' && date <= '2026-03-06';
      records.push({
        date,
        oil_rate: shutIn ? 0 : short ? 40 : 100,
        runtime: shutIn ? 0 : short ? 12 : 24,
      });
    }
    await api.upsertProductionChunked(project.id, well.id, records);

    // The browser host prints with window.print(): count the calls instead of a dialog.
    await page.addInitScript(() => {
      const record = globalThis as unknown as { printCalls: number; print: () => void };
      record.printCalls = 0;
      record.print = () => {
        record.printCalls++;
      };
    });
    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject('Deferment');
    await page.getByTestId('tab-lost').click();
    const summary = page.getByTestId('loss-summary');
    // The default window: the month of the last day with data and the two before it.
    await expect(summary).toHaveText(
      'Lost 740 bbl, 2026-01-01 – 2026-03-10, at 1 well: shut in 500 bbl, reduced runtime 240 bbl.',
      { timeout: 30_000 },
    );
    const months = page.getByTestId('loss-months').locator('tbody tr');
    await expect(months).toHaveText([
      /^2026-01\s*0\s*0\s*0$/,
      /^2026-02\s*500\s*0\s*500$/,
      /^2026-03\s*0\s*240\s*240$/,
    ]);
    await expect(page.getByTestId('loss-bar')).toHaveCount(3);
    await expect(
      page.locator('[data-testid=loss-bar] rect[data-cause="Shut in, no event recorded"]'),
    ).toHaveCount(1);
    const rows = page.getByTestId('loss-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Shut-in 1H');
    await expect(rows.first()).toContainText('Trailing 30 full days');
    await expect(rows.first().locator('td.num')).toHaveText(['5', '4', '500', '240', '740']);
    await page.screenshot({ path: 'test-results/e2e-artifacts/lost-production.png' });

    // Export CSV: a line per well, the figures in full, units in the headers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('loss-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('lost-production-oil-2026-01-01_2026-03-10.csv');
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(csv[0]).toContain('Shut in (bbl),Reduced runtime (bbl),Lost (bbl)');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toMatch(
      /^Shut-in 1H,.*,Trailing 30 full days,none,5,4,0,500,240,740,"Shut in, no event recorded: 500; Reduced runtime, no event recorded: 240",imperial$/,
    );

    // The morning report: one page with the totals, the wells and the basis, printed once
    // its figures are read.
    await page.getByTestId('morning-report-open').click();
    const report = page.locator('[data-testid=morning-report][data-ready=true]');
    await expect(report).toBeVisible();
    await expect(page.getByTestId('morning-loss-total')).toHaveText(
      '740 bbl lost, 2026-01-01 – 2026-03-10: shut in 500, reduced runtime 240 bbl.',
    );
    await expect(page.getByTestId('morning-loss').locator('tbody tr')).toHaveCount(1);
    await expect(report).toContainText('No well has a saved forecast of this stream.');
    expect(
      await page.evaluate(() => (globalThis as unknown as { printCalls: number }).printCalls),
    ).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const pages = await pdfPageTexts(await page.pdf({ format: 'A4', printBackground: true }));
    expect(pages).toHaveLength(1);
    const sheet = pages[0]!.replace(/\s+/g, ' ');
    expect(sheet).toContain('Deferment · Morning report');
    expect(sheet).toContain('Shut-in 1H Trailing 30 full days 5 4 500 240 740');
    expect(sheet).toContain('Source: Demo workspace · Deferment');
    expect(sheet).toMatch(/Imperial units · Printed .* · Page 1 of 1/);
    await page.emulateMedia({ media: 'screen' });
    await page.screenshot({ path: 'test-results/e2e-artifacts/morning-report.png' });
    const [morning] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('morning-csv').click(),
    ]);
    expect(morning.suggestedFilename()).toMatch(
      /^Deferment - Morning report \d{4}-\d\d-\d\d\.csv$/,
    );
    const morningLines = (await readFile(await morning.path(), 'utf8')).trim().split(/\r?\n/);
    expect(morningLines).toHaveLength(3);
    expect(morningLines.find((line) => line.startsWith('Shut-in 1H,'))).toMatch(
      /,none,,,,,,2026-01-01,2026-03-10,Trailing 30 full days,5,4,500,240,740,"Shut in, no event recorded: 500; Reduced runtime, no event recorded: 240"$/,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('morning-report')).toHaveCount(0);

    // March alone: typed dates, applied together.
    await page.getByTestId('loss-from').fill('2026-03-01');
    await page.getByTestId('loss-apply').click();
    await expect(summary).toHaveText(
      'Lost 240 bbl, 2026-03-01 – 2026-03-10, at 1 well: shut in 0 bbl, reduced runtime 240 bbl.',
    );
    await expect(page.getByTestId('loss-bar')).toHaveCount(1);

    // The well's name opens its page.
    await rows.first().getByRole('button', { name: 'Shut-in 1H' }).click();
    await expect(shell.title).toHaveText('Shut-in 1H');
  } finally {
    await host.stop();
    data.remove();
  }
});
