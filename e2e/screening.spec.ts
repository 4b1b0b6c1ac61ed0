import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

/**
 * The wells table's screening columns on the demo workspace: filled in the background
 * for every well of the project in view, sorted by the latest oil rate in the order the
 * API gives, and, offline, shown from this computer with how old they are.
 */

const PROJECT = 'Permian Delaware Basin';
const WELLS = 140;

/** Waits until every visible row has its figures: the fill has reached the table. */
async function filled(page: Page, wells: WellsPage): Promise<void> {
  await expect(wells.count).toHaveText(`${WELLS} of ${WELLS} wells`);
  await expect(page.getByTestId('screening-status')).toHaveCount(0, { timeout: 30_000 });
  await expect(wells.rows.first().getByTestId('sparkline')).toBeVisible();
}

/**
 * The page's globals the status recorder uses; the e2e tsconfig has no DOM library, so the
 * types are spelled out.
 */
interface StatusRecord {
  __screeningSaid: string[];
  document: { querySelector(selector: string): { textContent: string | null } | null };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: object): void;
  };
}

/**
 * Runs in the page before its scripts: records every text the screening status shows, so
 * the test can check what it said however quickly the fill ran past it.
 */
function recordScreeningStatus(): void {
  const page = globalThis as unknown as StatusRecord;
  page.__screeningSaid = [];
  let last: string | null = null;
  new page.MutationObserver(() => {
    const text = page.document.querySelector('[data-testid=screening-status]')?.textContent ?? null;
    if (text !== null && text !== last) page.__screeningSaid.push(text);
    last = text;
  }).observe(page.document, { subtree: true, childList: true, characterData: true });
}

test('fills the screening columns for every well and sorts by the latest oil rate as the API does', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.addInitScript(recordScreeningStatus);
    const shell = new ShellPage(page);
    const wells = new WellsPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject(PROJECT);
    await filled(page, wells);
    // Progress while it filled (however briefly it showed), then nothing to say.
    const said = await page.evaluate(() => (globalThis as unknown as StatusRecord).__screeningSaid);
    for (const text of said) expect(text).toMatch(/Updating latest production… \d+ of \d+|^$/);
    await page.screenshot({ path: '/work/screens/screening-wells-1366.png' });

    // The API's latest production is the last producing day's: rank on that basis.
    await page.getByTestId('rate-basis').selectOption('last-day');
    await expect(page.getByTestId('sort-latestOilRate')).toContainText('last day');
    await wells.sortBy('latestOilRate'); // a number column sorts from the highest first
    await expect(page.getByTestId('sort-latestOilRate')).toHaveAttribute('aria-sort', 'descending');

    // The API's own figures, in the project's order by the latest oil rate.
    const api = demoApiClient(data.dir, host.demoApiUrl!);
    const project = (await api.listProjects()).data.find((p) => p.name === PROJECT)!;
    const names = new Map<string, string>();
    for await (const well of api.iterateWells(project.id)) names.set(well.id, well.name ?? '');
    const summary = await api.getProjectLatestProduction(project.id);
    const expected = summary.data
      .filter((well) => well.latest?.oil_rate != null)
      .sort(
        (a, b) =>
          b.latest!.oil_rate! - a.latest!.oil_rate! ||
          names.get(a.wellId)!.toLowerCase().localeCompare(names.get(b.wellId)!.toLowerCase()),
      )
      .map((well) => names.get(well.wellId));
    // The rows shown until the new order arrives are the previous order's: read once it has.
    await expect
      .poll(async () => (await wells.names()).slice(0, 10))
      .toEqual(expected.slice(0, 10));
    const shown = await wells.names();

    // The top well's cells say what the API says.
    const top = summary.data.find((well) => names.get(well.wellId) === shown[0])!;
    const first = wells.rows.first();
    await expect(first).toContainText(top.latest!.date);
    await expect(first.getByTestId('sparkline')).toBeVisible();
  } finally {
    await host.stop();
    data.remove();
  }
});

test('offline, shows the figures on this computer and how old they are', async ({ page }) => {
  const data = freshDataDir();
  try {
    const port = await freePort();
    const shell = new ShellPage(page);
    const wells = new WellsPage(page);
    const online = await startWebHost(data.dir, { port });
    try {
      await shell.open(online.launchUrl);
      await shell.openProject(PROJECT);
      await filled(page, wells);
    } finally {
      await online.stop();
    }

    const offline = await startWebHost(data.dir, { port, args: ['--demo-offline'] });
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await shell.open(offline.launchUrl);
      await expect(shell.title).toHaveText(PROJECT);
      const today = new Date().toISOString().slice(0, 10);
      await expect(page.getByTestId('screening-status')).toHaveText(
        `· Latest production as of ${today}`,
        { timeout: 30_000 },
      );
      await expect(wells.rows.first().getByTestId('sparkline')).toBeVisible();
      await expect(page.getByTestId('wells-offline')).toBeVisible();
      // Sorted by the 30-day oil change from this computer's figures, the largest rise first.
      await wells.sortBy('oilChange');
      await expect
        .poll(async () => {
          const cells = await wells.rows.locator('.change').allTextContents();
          const values = cells.slice(0, 8).map((text) => Number(text.replace(/[,%+]/g, '')));
          return values.length === 8 && values.every((v, i) => i === 0 || v <= values[i - 1]!);
        })
        .toBe(true);
      await page.screenshot({ path: '/work/screens/screening-offline-1366.png' });
    } finally {
      await offline.stop();
    }
  } finally {
    data.remove();
  }
});
