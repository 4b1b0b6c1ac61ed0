import { expect, test, type Page } from '@playwright/test';
import { expectLinesDrawn, RATE_LINES } from './page-models/chart-lines.js';
import { ShellPage } from './page-models/shell-page.js';
import { freePort, freshDataDir, startWebHost } from './support/web-host.js';

const DEMO_PROJECTS = ['Permian Delaware Basin', 'Williston Bakken', 'Montney Alberta'];

/** A first session online (a project's wells read and cached, the server seen), then stopped. */
async function onlineSession(page: Page, dataDir: string, port: number): Promise<ShellPage> {
  const first = await startWebHost(dataDir, { port });
  try {
    const shell = new ShellPage(page);
    await shell.open(first.launchUrl);
    await shell.openProject('Williston Bakken');
    await expect(page.getByTestId('well-count')).toHaveText(/90 of 90 wells/);
    await expect(shell.onlineState).toHaveText(/Online/);
    return shell;
  } finally {
    await first.stop();
  }
}

test('a fresh start opens the demo workspace with its projects', async ({ page }) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    expect(await shell.projectNames()).toEqual(DEMO_PROJECTS);
    await expect(shell.connectionName).toContainText('Demo workspace');
    await expect(shell.onlineState).toHaveText(/Online/);
    await expect(shell.pendingCount).toHaveText(/0 pending/);
    await expect(page.locator('[data-testid=project-link]').first()).toContainText('140 wells');
    await shell.openProject('Montney Alberta');
    await expect(page.getByTestId('well-count')).toHaveText(/70 of 70 wells/);
    await page.getByTestId('well-row').first().getByRole('gridcell').first().click();
    await expect(page.getByTestId('well-fields')).toContainText(' m');
    // The well's production charts draw, daily and monthly, on log and linear axes.
    const rates = page.getByTestId('chart-rates');
    await expect(rates.getByRole('img', { name: 'Lines: Oil, Water, Gas' })).toBeVisible();
    await expect(rates).toContainText('m³/d');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Linear' }).click();
    await expectLinesDrawn(rates, RATE_LINES);
  } finally {
    await host.stop();
    data.remove();
  }
});

test('a second start with the server unreachable still shows the projects from the cache', async ({
  page,
}) => {
  const data = freshDataDir();
  try {
    const port = await freePort();
    const shell = await onlineSession(page, data.dir, port);

    const second = await startWebHost(data.dir, { port, args: ['--demo-offline'] });
    try {
      await shell.open(second.launchUrl);
      expect(await shell.projectNames()).toEqual(DEMO_PROJECTS);
      // The last view is remembered, and its wells come from the cache.
      await expect(shell.title).toHaveText('Williston Bakken');
      await expect(page.getByTestId('well-count')).toHaveText(/90 of 90 wells/);
      // A project whose wells were never fetched says so instead of pretending, and the
      // failed attempt to reach the server turns the status to Offline.
      await shell.projectLinks.filter({ hasText: 'Montney Alberta' }).click();
      await expect(page.getByRole('alert')).toContainText(/offline/i);
      await expect(shell.onlineState).toHaveText(/Offline/);
    } finally {
      await second.stop();
    }
  } finally {
    data.remove();
  }
});

test('started with the server unreachable just after an online session, the top bar never says Online', async ({
  page,
}) => {
  const data = freshDataDir();
  try {
    const port = await freePort();
    const shell = await onlineSession(page, data.dir, port);

    // Every text the status pill shows from the first frame on, as the person would see it.
    await page.addInitScript(() => {
      // Runs in the page; the e2e tsconfig has no DOM library, so the types are spelled out.
      type Node = { textContent: string | null };
      const w = globalThis as unknown as {
        pillTexts: string[];
        document: { querySelector(selector: string): Node | null };
        MutationObserver: new (callback: () => void) => {
          observe(target: unknown, options: object): void;
        };
      };
      const seen: string[] = [];
      w.pillTexts = seen;
      new w.MutationObserver(() => {
        const text = w.document.querySelector('[data-testid=online-state]')?.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(w.document, { subtree: true, childList: true, characterData: true });
    });
    const second = await startWebHost(data.dir, { port, args: ['--demo-offline'] });
    try {
      // Within seconds of the first session: the cached project list is fresh, so only the
      // probe at start can find out that the server is gone.
      await shell.open(second.launchUrl);
      await expect(shell.onlineState).toHaveText(/Offline/);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      const texts = await page.evaluate(
        () => (globalThis as unknown as { pillTexts: string[] }).pillTexts,
      );
      expect(texts[0]).toMatch(/Connecting/);
      expect(texts.filter((text) => /Online/.test(text))).toEqual([]);
      await page.screenshot({ path: 'test-results/e2e-artifacts/offline-start.png' });
    } finally {
      await second.stop();
    }
  } finally {
    data.remove();
  }
});

test('the web host refuses a visit without the one-time secret', async ({ page }) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const response = await page.goto(new URL(host.launchUrl).origin + '/');
    expect(response?.status()).toBe(401);
    await expect(page.locator('body')).toContainText('npm run web');
  } finally {
    await host.stop();
    data.remove();
  }
});
