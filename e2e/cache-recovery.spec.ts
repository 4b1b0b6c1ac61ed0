import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { pagesOf, scribbleOverPages } from '../electron/core/cache/salvage/testing/disk-fault.js';
import { demoApiClient } from './support/demo-api.js';
import { editOilWhileOffline, openJourneyWell } from './support/open-well.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

test('an edit queued in a cache the disk damaged comes back, syncs, and the person is told where the old file is', async ({
  page,
}) => {
  const data = freshDataDir();
  const port = await freePort();
  try {
    const where = await editOilWhileOffline(page, data.dir, port, [{ row: 3, oil: '4.25' }]);
    const date = where.dates[0] as string;

    // The disk fails under the cached production (not under the queued edit).
    const cache = join(data.dir, 'cache.db');
    scribbleOverPages(cache, pagesOf(cache, 'production').slice(0, 1));

    const host = await startWebHost(data.dir, { port });
    try {
      const well = await openJourneyWell(page, host.launchUrl);
      const notice = page.getByTestId('core-notice');
      await expect(notice).toHaveAttribute('data-kind', 'cache-rebuilt');
      await expect(notice).toContainText('The local cache was damaged and was rebuilt');
      await expect(notice).toContainText(
        '1 unsynced change to 1 well was recovered and will sync.',
      );
      const kept = (await page.getByTestId('core-notice-file').textContent()) as string;
      expect(kept).toMatch(/cache\.db\.unusable-/);
      expect(existsSync(kept)).toBe(true);
      await page.screenshot({ path: 'test-results/e2e-artifacts/cache-recovered-notice.png' });

      // The edit syncs by itself: the API has the value typed before the damage.
      await expect(well.row(date)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
      const api = demoApiClient(data.dir, host.demoApiUrl as string);
      const series = await api.getProduction(where.projectId, where.wellId, {
        from: date,
        to: date,
      });
      expect(series.data[0]?.oil_rate).toBeCloseTo(4.25, 9);

      await page.getByTestId('core-notice-dismiss').click();
      await expect(notice).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('page-title')).toBeVisible();
      await expect(notice).toHaveCount(0);
    } finally {
      await host.stop();
    }
  } finally {
    data.remove();
  }
});
