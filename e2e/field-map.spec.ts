import { expect, test } from './support/fixtures.js';
import { demoApiClient } from './support/demo-api.js';
import { MapPage } from './page-models/map-page.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';
import type { MapWell } from '../renderer/src/pages/field/map-geometry.js';

const PROJECT = 'Williston Bakken';

test('the map names a well on hover, box-selects wells for the table, and opens a well on click', async ({
  page,
  host,
}) => {
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  let projectId = '';
  for await (const project of api.iterateProjects())
    if (project.name === PROJECT) projectId = project.id;
  const wells: MapWell[] = [];
  for await (const well of api.iterateWells(projectId)) {
    wells.push({ ...well, name: well.name ?? well.id, oilRate: null });
  }

  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await shell.openProject(PROJECT);
  const map = new MapPage(page);
  await map.open(wells.length);
  await expect(page.getByTestId('map-legend')).toContainText('Shut in');
  await page.screenshot({ path: 'test-results/e2e-artifacts/map-names-scale.png' });
  const placed = await map.placed(wells);

  // Hover the well furthest from its neighbours: its name, nothing else's.
  const apart = (w: (typeof placed)[number]) =>
    Math.min(...placed.filter((o) => o !== w).map((o) => Math.hypot(o.x - w.x, o.y - w.y)));
  const lone = [...placed].sort((a, b) => apart(b) - apart(a))[0]!;
  await page.mouse.move(lone.pageX, lone.pageY);
  await expect(map.tooltip).toContainText(lone.name);

  // Shift+drag a box around a few wells: the wells table lists exactly those.
  const sorted = [...placed].sort((a, b) => a.pageX - b.pageX);
  const chosen = sorted.slice(0, 4);
  const right = (chosen[3]!.pageX + sorted[4]!.pageX) / 2;
  const frame = (await map.canvas.boundingBox())!;
  await map.boxSelect([sorted[0]!.pageX - 15, frame.y + 2], [right, frame.y + frame.height - 2]);
  const inside = placed.filter((w) => w.pageX <= right);
  await expect(map.selection).toContainText(`${inside.length} wells selected`);
  await map.selection.getByRole('link', { name: 'Show in wells table' }).click();
  const table = new WellsPage(page);
  await expect(page.getByTestId('wells-selection')).toContainText(
    `Showing the ${inside.length} wells selected on the map`,
  );
  await expect(table.rows).toHaveCount(inside.length);
  expect((await table.names()).sort()).toEqual(inside.map((w) => w.name).sort());

  // Back on the map, a click opens the well.
  await map.open(wells.length);
  await page.mouse.move(lone.pageX, lone.pageY);
  await expect(map.tooltip).toContainText(lone.name);
  await page.mouse.click(lone.pageX, lone.pageY);
  await expect(shell.title).toHaveText(lone.name);
});
