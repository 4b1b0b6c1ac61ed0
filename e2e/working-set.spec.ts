import { expect, test } from '@playwright/test';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { wellIdsOf } from './support/open-well.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

/**
 * The working set (docs/user-guide.md, "On this computer"): on a fresh data folder, online,
 * the person only opens a project; it comes to this computer by itself (the status bar and the
 * project's header say how far, then "as of"). With the server gone, a well that was never
 * opened shows its whole history, and "Forecast all wells" fits the project without any
 * download by hand.
 */
test('an opened project is kept whole on this computer and works offline', async ({ page }) => {
  test.setTimeout(240_000);
  const data = freshDataDir();
  const port = await freePort();
  const shell = new ShellPage(page);
  try {
    const online = await startWebHost(data.dir, { port });
    try {
      await shell.open(online.launchUrl);
      await shell.openProject('Permian Delaware Basin');
      // Kept by itself: the status bar counts the wells, the header says when it is whole.
      await expect(page.getByTestId('replica-bar-text')).toContainText(
        /on this computer: (recent days: )?[\d,]+ of 140 wells|listing wells/,
      );
      // Work while it replicates: an edit shows at once, is sent, and stays on screen (every
      // well the replicator brings announces a change; none may hold the grid's read back).
      const wellsOnline = new WellsPage(page);
      const firstName = wellsOnline.rows
        .first()
        .getByRole('gridcell')
        .first()
        .locator('span')
        .first();
      const edited = (await firstName.textContent()) as string;
      await wellsOnline.rows.getByTitle(edited, { exact: true }).click();
      await expect(shell.title).toHaveText(edited);
      const editing = new WellPage(page);
      await editing.range('3m');
      const date = (await editing.recordRows.nth(1).getAttribute('data-date')) as string;
      await editing.editCell(date, 'thp', '123.5');
      await expect(editing.cell(date, 'thp')).toHaveText('123.5');
      // Sent: the server has it, and the grid still shows it.
      const { projectId, wellId } = wellIdsOf(page);
      const api = demoApiClient(data.dir, online.demoApiUrl as string);
      await expect
        .poll(
          async () =>
            (await api.getProduction(projectId, wellId, { from: date, to: date })).data[0]?.thp,
        )
        .toBe(123.5);
      await expect(shell.pendingCount).toHaveText(/^0 pending/);
      await expect(editing.cell(date, 'thp')).toHaveText('123.5');
      await page.goBack();
      await expect(shell.title).toHaveText('Permian Delaware Basin');
      await expect(page.getByTestId('project-replica-text')).toHaveText(
        /^On this computer · as of /,
        { timeout: 180_000 },
      );
      await page.screenshot({ path: 'test-results/e2e-artifacts/working-set-current.png' });
    } finally {
      await online.stop();
    }

    const offline = await startWebHost(data.dir, { port, args: ['--demo-offline'] });
    try {
      await shell.open(offline.launchUrl);
      await expect(shell.onlineState).toHaveText(/Offline/);
      await expect(shell.title).toHaveText('Permian Delaware Basin');
      const wells = new WellsPage(page);
      await expect(wells.count).toHaveText(/140 of 140 wells/);

      // A producing well whose page was never opened: its whole history is here.
      await wells.filter('Type', 'Producer');
      await expect(wells.count).not.toHaveText(/^140 of 140 wells/);
      const nameCell = wells.rows.nth(5).getByRole('gridcell').first();
      const name = (await nameCell.locator('span').first().textContent()) as string;
      await wells.rows.getByTitle(name, { exact: true }).click();
      await expect(shell.title).toHaveText(name);
      const well = new WellPage(page);
      await well.range('all');
      await well.chartsDrawn();
      await expect(page.getByTestId('production-missing')).toHaveCount(0);
      // The well's life: the earliest day shown is years back, not the last weeks.
      const dates = await well.recordRows.evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-date') ?? ''),
      );
      expect(dates.length).toBeGreaterThan(0);
      const first = await page.getByTestId('range-from').inputValue();
      expect(first < '2022-01-01').toBe(true);

      // Forecast all, offline, on the kept project: nothing is missing, most wells fit.
      await page.goBack();
      await expect(shell.title).toHaveText('Permian Delaware Basin');
      await page.getByTestId('forecast-all-open').click();
      await page.getByTestId('forecast-all-stream-oil').click();
      await page.getByTestId('forecast-all-start').click();
      const progress = page.getByTestId('forecast-all-progress');
      await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      const text = (await page.getByTestId('forecast-all-text').textContent()) ?? '';
      const fitted = Number(
        /Done: ([\d,]+) of 140 wells fitted/.exec(text)?.[1]?.replace(/,/g, ''),
      );
      expect(fitted, text).toBeGreaterThanOrEqual(70);
      await expect(page.getByTestId('forecast-all-missing')).toHaveCount(0);
      await expect(page.getByTestId('forecast-all-not-whole')).toHaveCount(0);
      await page.screenshot({ path: 'test-results/e2e-artifacts/working-set-forecast.png' });
    } finally {
      await offline.stop();
    }
  } finally {
    data.remove();
  }
});
