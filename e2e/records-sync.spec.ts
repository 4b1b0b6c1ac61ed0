import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoApiClient } from './support/demo-api.js';
import { editOilWhileOffline, openJourneyWell, wellIdsOf } from './support/open-well.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

test('an edit made with the server stopped stays pending across a restart, then syncs', async ({
  page,
}) => {
  const data = freshDataDir();
  const port = await freePort();
  try {
    // Online once, then the edit made with the server unreachable: saved here, pending.
    const where = await editOilWhileOffline(page, data.dir, port, [{ row: 3, oil: '4.25' }]);
    const date = where.dates[0] as string;

    // Restarted, still offline: the change is still there and still pending.
    const again = await startWebHost(data.dir, { port, args: ['--demo-offline'] });
    let well = await openJourneyWell(page, again.launchUrl);
    await expect(well.row(date)).toHaveAttribute('data-state', 'pending');
    await again.stop();

    // The server is back: the app syncs by itself and the API has the value.
    const online = await startWebHost(data.dir, { port });
    try {
      well = await openJourneyWell(page, online.launchUrl);
      await expect(well.row(date)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
      const api = demoApiClient(data.dir, online.demoApiUrl as string);
      const series = await api.getProduction(where.projectId, where.wellId, {
        from: date,
        to: date,
      });
      expect(series.data[0]?.oil_rate).toBeCloseTo(4.25, 9);
    } finally {
      await online.stop();
    }
  } finally {
    data.remove();
  }
});

test('500 rows pasted from a spreadsheet sync in one request', async ({ page }) => {
  const data = freshDataDir();
  const log = join(data.dir, 'demo-requests.log');
  const host = await startWebHost(data.dir, { args: ['--demo-log', log] });
  try {
    const well = await openJourneyWell(page, host.launchUrl);
    await well.range('5y');
    await expect(page.getByTestId('grid-count')).toHaveText(/^1,[6-8]\d\d days/);
    const firstDate = (await well.recordRows.first().getAttribute('data-date')) as string;
    // Focus the first oil cell, then paste 500 lines of oil, water, gas.
    await well.cell(firstDate, 'oil_rate').click();
    const lines = Array.from({ length: 500 }, (_, i) => `${100 + i}\t${i % 7}\t${2000 + i}`);
    const postsBefore = countProductionPosts(log);
    await well.paste(`${lines.join('\r\n')}\r\n`);
    await expect(page.getByTestId('grid-problems')).toHaveCount(0);
    // The well makes a few 10³m³/d of gas: 2,000 is hundreds of times its recent best, so
    // the paste is held and asked about once for the whole block, then saved anyway.
    const ask = page.getByTestId('plausibility-ask');
    await expect(ask.getByTestId('plausibility-list')).toContainText(
      `${firstDate} Gas rate 2,000 10³m³/d is`,
    );
    await ask.getByTestId('plausibility-save').click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('undo')).toHaveText(/Paste 500 rows/);
    await expect(page.getByTestId('pending-count')).toHaveText(/0 pending/, { timeout: 30_000 });
    expect(countProductionPosts(log) - postsBefore).toBe(1);

    const { projectId, wellId } = wellIdsOf(page);
    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const series = await api.getProduction(projectId, wellId, {
      from: firstDate,
      to: '2100-01-01',
    });
    const oil = series.data.slice(0, 500).map((record) => record.oil_rate);
    expect(oil).toEqual(Array.from({ length: 500 }, (_, i) => 100 + i));
  } finally {
    await host.stop();
    data.remove();
  }
});

/** POSTs of production records the demo server logged (one JSON line per request). */
function countProductionPosts(log: string): number {
  let text: string;
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return 0; // nothing logged yet
  }
  return text
    .split('\n')
    .filter((line) => line.includes('"msg":"incoming request"'))
    .filter((line) => /"method":"POST".*\/production"/.test(line)).length;
}
