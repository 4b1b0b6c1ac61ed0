import { expect, test } from '@playwright/test';
import type { MapWell } from '../renderer/src/pages/field/map-geometry.js';
import { MapPage } from './page-models/map-page.js';
import { ShellPage } from './page-models/shell-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

/**
 * The Map tab sizes each dot by the latest oil rate the wells table shows: opened
 * straight away on a computer holding none of the project's days, it fills those rates
 * itself (as the Wells tab does) and names them as the API gives them.
 */

const PROJECT = 'Permian Delaware Basin';

test('the map opened first gets the latest oil rates the wells table shows', async ({ page }) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const api = demoApiClient(data.dir, host.demoApiUrl!);
    const project = (await api.listProjects()).data.find((p) => p.name === PROJECT)!;
    const wells: MapWell[] = [];
    for await (const well of api.iterateWells(project.id)) {
      wells.push({ ...well, name: well.name ?? well.id, oilRate: null });
    }
    const latest = new Map(
      (await api.getProjectLatestProduction(project.id)).data.map((well) => [
        well.wellId,
        well.latest?.oil_rate ?? null,
      ]),
    );

    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    // Straight to the Map tab: the wells table never opened, so nothing filled the rates.
    await page.evaluate((id) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash =
        `#/projects/${id}/map`;
    }, project.id);
    const map = new MapPage(page);
    await expect(map.canvas).toHaveAttribute('data-drawn', String(wells.length), {
      timeout: 30_000,
    });
    await expect(page.getByTestId('screening-status')).toHaveCount(0, { timeout: 30_000 });

    // The well with the highest rate, and the legend's top size, say what the API says.
    const placed = await map.placed(wells);
    const top = [...placed].sort((a, b) => (latest.get(b.id) ?? 0) - (latest.get(a.id) ?? 0))[0]!;
    const rate = latest.get(top.id)!;
    const shown = new Intl.NumberFormat('en-US').format(Math.round(rate * 10) / 10);
    await page.mouse.move(top.pageX, top.pageY);
    await expect(map.tooltip).toContainText(`Oil ${shown} bbl/d (latest)`);
    await expect(page.getByTestId('map-legend')).toContainText(
      `up to ${new Intl.NumberFormat('en-US').format(Math.round(rate))} bbl/d`,
    );
    await page.screenshot({ path: 'test-results/e2e-artifacts/map-rates.png' });
  } finally {
    await host.stop();
    data.remove();
  }
});
