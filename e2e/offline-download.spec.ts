import { expect, test } from '@playwright/test';
import { DownloadDialog } from './page-models/download-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

/**
 * "Before a trip" (docs/user-guide.md): a project made available offline through the dialog, then the
 * server gone: a well never opened before shows its production from this computer, and
 * the app says it is offline.
 */
test('a project downloaded for offline use shows a never-opened well’s production once the server is gone', async ({
  page,
}) => {
  const data = freshDataDir();
  const port = await freePort();
  const shell = new ShellPage(page);
  try {
    const online = await startWebHost(data.dir, { port });
    try {
      await shell.open(online.launchUrl);
      await shell.openProject('Williston Bakken');

      const download = new DownloadDialog(page);
      await download.open();
      await expect(download.dialog.getByLabel('Project')).toHaveValue(/.+/);
      await expect(download.dialog.getByLabel('Project')).toContainText('Williston Bakken');
      await download.chooseRange('Last year');
      // 90 wells: the project, the well list, one request per well and the unit check.
      await expect(download.estimate).toContainText('93requests');
      await download.download();
      await expect(download.available).toContainText('Available offline: 90 of 90 wells');
      await download.dialog.getByRole('button', { name: 'Done' }).click();
      await expect(download.dialog).toBeHidden();
      await expect(
        shell.projectLinks.filter({ hasText: 'Williston Bakken' }).getByTestId('project-offline'),
      ).toContainText('Offline: 90 of 90 wells');
    } finally {
      await online.stop();
    }

    const offline = await startWebHost(data.dir, { port, args: ['--demo-offline'] });
    try {
      await shell.open(offline.launchUrl);
      await expect(shell.onlineState).toHaveText(/Offline/);
      await expect(page.getByTestId('offline-banner')).toContainText(
        'Everything on this computer stays usable',
      );
      await expect(shell.title).toHaveText('Williston Bakken');
      const wells = new WellsPage(page);
      await expect(wells.count).toHaveText(/90 of 90 wells/);

      // A producing well this computer only has from the download: its page was never opened.
      await wells.filter('Type', 'Producer');
      // The person reads the rows once the table shows the filter's answer.
      await expect(wells.count).toHaveText(/^\d+ of 90 wells/);
      await expect(wells.count).not.toHaveText(/^90 of 90 wells/);
      const row = wells.rows.nth(7);
      const nameCell = row.getByRole('gridcell').first();
      await expect(nameCell.getByTestId('well-offline-mark')).toHaveText('offline');
      const name = (await nameCell.locator('span').first().textContent()) as string;
      // The person clicks the name they read: rows are re-rendered as the screening figures
      // arrive, so the same position may hold another row's element by then.
      await wells.rows.getByTitle(name, { exact: true }).click();
      await expect(shell.title).toHaveText(name);
      const well = new WellPage(page);
      await well.range('1y');
      await well.chartsDrawn();
      // The whole year is on this computer: nothing is said to be missing, every day is there.
      await expect(page.getByTestId('production-missing')).toHaveCount(0);
      await expect(well.recordRows.first()).toBeVisible();
      const oil = await well.recordRows.locator('[data-field=oil_rate]').allTextContents();
      expect(oil.map((text) => Number(text.replace(/,/g, ''))).some((rate) => rate > 0)).toBe(true);
      await expect(shell.onlineState).toHaveText(/Offline/);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await page.screenshot({ path: 'test-results/e2e-artifacts/offline-download-well.png' });
    } finally {
      await offline.stop();
    }
  } finally {
    data.remove();
  }
});
