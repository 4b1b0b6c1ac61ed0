import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../server/main.js';
import { DEMO_DB_FILE } from '../electron/common/embedded-demo.js';
import { demoApiClient } from './support/demo-api.js';
import { editOilWhileOffline, openJourneyWell } from './support/open-well.js';
import { ShellPage } from './page-models/shell-page.js';
import { SyncPanel } from './page-models/sync-panel.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

/**
 * A colleague's change made while this laptop is offline: the demo server started on
 * its own over the same database (as the organisation's server keeps running while the
 * laptop is away), changed through the API, then stopped.
 */
async function whileAway(
  dataDir: string,
  change: (api: ReturnType<typeof demoApiClient>) => Promise<void>,
) {
  const server = await startServer({
    dbFile: join(dataDir, DEMO_DB_FILE),
    host: '127.0.0.1',
    port: 0,
    logger: false,
  });
  try {
    await change(demoApiClient(dataDir, `${server.url}/api/v1`));
  } finally {
    await server.close();
  }
}

test('conflicts with a change made through the API are resolved both ways', async ({ page }) => {
  const data = freshDataDir();
  const port = await freePort();
  try {
    // The journey well makes about 0.9 m³/d of oil: corrections of its size, as values
    // fifty times its recent best would be asked about before saving.
    const where = await editOilWhileOffline(page, data.dir, port, [
      { row: 2, oil: '1.11' },
      { row: 5, oil: '2.22' },
    ]);
    const [mineDate, theirsDate] = where.dates as [string, string];

    await whileAway(data.dir, async (api) => {
      await api.upsertProduction(where.projectId, where.wellId, [
        { date: mineDate, oil_rate: 0.7 },
        { date: theirsDate, oil_rate: 3.33 },
      ]);
    });

    const online = await startWebHost(data.dir, { port });
    try {
      const well = await openJourneyWell(page, online.launchUrl);
      await expect(well.row(mineDate)).toHaveAttribute('data-state', 'conflict', {
        timeout: 30_000,
      });
      await expect(well.row(theirsDate)).toHaveAttribute('data-state', 'conflict');
      const panel = new SyncPanel(page);
      await panel.open();
      await expect(panel.conflicts.first()).toBeVisible();
      // The side-by-side view shows ours and theirs for each conflicting day.
      await expect(panel.panel).toContainText('1.11');
      await expect(panel.panel).toContainText('3.33');

      const api = demoApiClient(data.dir, online.demoApiUrl as string);
      await panel.conflictOn(mineDate).getByTestId('keep-mine').click();
      await expect
        .poll(
          async () =>
            (
              await api.getProduction(where.projectId, where.wellId, {
                from: mineDate,
                to: mineDate,
              })
            ).data[0]?.oil_rate,
          { timeout: 30_000 },
        )
        .toBe(1.11);

      await panel.conflictOn(theirsDate).getByTestId('take-theirs').click();
      await expect(panel.conflicts).toHaveCount(0, { timeout: 30_000 });
      await page.keyboard.press('Escape');
      await expect(well.cell(theirsDate, 'oil_rate')).toHaveText('3.33');
      await expect(well.row(theirsDate)).toHaveAttribute('data-state', 'synced');
      const theirs = await api.getProduction(where.projectId, where.wellId, {
        from: theirsDate,
        to: theirsDate,
      });
      expect(theirs.data[0]?.oil_rate).toBe(3.33);
    } finally {
      await online.stop();
    }
  } finally {
    data.remove();
  }
});

test('a change the server rejects (its well was deleted) is shown, exported and discarded', async ({
  page,
}) => {
  const data = freshDataDir();
  const port = await freePort();
  try {
    const where = await editOilWhileOffline(page, data.dir, port, [{ row: 1, oil: '6.425' }]);
    const date = where.dates[0] as string;

    await whileAway(data.dir, (api) => api.deleteWell(where.projectId, where.wellId));

    const online = await startWebHost(data.dir, { port });
    try {
      const shell = new ShellPage(page);
      await shell.open(online.launchUrl);
      const panel = new SyncPanel(page);
      await expect(page.getByTestId('sync-problems')).toBeVisible({ timeout: 30_000 });
      await panel.open();
      const failed = panel.failed.first();
      await expect(failed).toBeVisible();
      await expect(failed.getByTestId('failed-message')).toContainText(
        /not found|deleted|no longer/i,
      );

      const download = page.waitForEvent('download');
      await failed.getByTestId('failed-export').click();
      const file = await (await download).path();
      const csv = readFileSync(file, 'utf8');
      expect(csv).toContain(date);
      expect(csv).toContain('6.425');

      await failed.getByTestId('failed-discard').click();
      await failed.getByTestId('failed-discard-confirm').click();
      await expect(panel.failed).toHaveCount(0);
      await expect(shell.pendingCount).toHaveText(/0 pending/);
    } finally {
      await online.stop();
    }
  } finally {
    data.remove();
  }
});
