import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ImportDialog } from './page-models/import-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { SyncPanel } from './page-models/sync-panel.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

const WELL = 'Elmworth HZ 1-9-69-10';

/** Two July days the well has, with new oil rates and a full day on. */
const CSV = ['Date,Oil (m3/d),Hours On', '2025-07-01,31.5,24', '2025-07-02,32.5,24', ''].join(
  '\r\n',
);

function ids(page: Page): { projectId: string; wellId: string } {
  const parts = new URL(page.url()).hash.split('/');
  return { projectId: parts[2] as string, wellId: parts[4] as string };
}

test('an import is on record with its file and values, and is taken back from the log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject('Montney Alberta');
    await new WellsPage(page).openWell(WELL, 'Elmworth HZ 1-9');
    await expect(shell.title).toHaveText(WELL);
    const where = ids(page);
    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const serverJuly = async () =>
      (
        await api.getProduction(where.projectId, where.wellId, {
          from: '2025-07-01',
          to: '2025-07-02',
        })
      ).data.map((record) => [record.date, record.oil_rate, record.runtime]);
    const before = await serverJuly();

    const dialog = new ImportDialog(page);
    await dialog.dropFile('elmworth-allocation.csv', CSV);
    await expect(dialog.commitButton).toHaveText('Import 2 days');
    await dialog.commitButton.click();
    await expect(dialog.done).toContainText('On the server', { timeout: 30_000 });
    await dialog.close.click();

    // The sync panel says what arrived, and leads to the values.
    const sync = new SyncPanel(page);
    await sync.open();
    const recent = page.getByTestId('sync-recent');
    await expect(recent).toContainText('Imported file: elmworth-allocation.csv');
    await recent.getByRole('link', { name: /See the changes to Elmworth/ }).click();
    await expect(sync.panel).toHaveCount(0);

    // The well's change log: who, from which file, old and new values, on the server.
    await expect(page.getByTestId('tab-changes')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('change-well-filter')).toContainText(WELL);
    const rows = page.getByTestId('change-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Imported file: elmworth-allocation.csv');
    await expect(rows.first()).toContainText('2025-07-02');
    await expect(rows.first()).toContainText('→ 32.5 m³/d');
    await expect(rows.first()).toContainText('On the server');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await page.screenshot({ path: 'test-results/e2e-artifacts/change-log.png' });

    // Taken back, after the question, and synced: the server has its values from before.
    page.once('dialog', (question) => void question.accept());
    await page.getByRole('button', { name: 'Undo this import' }).click();
    await expect(page.getByTestId('undo-import-done')).toHaveText('Taken back: 2 days restored.');
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText('Import taken back: elmworth-allocation.csv');
    await expect.poll(serverJuly, { timeout: 30_000 }).toEqual(before);
    await expect(rows.first()).toContainText('On the server');
  } finally {
    await host.stop();
    data.remove();
  }
});
