import { expect, test } from '@playwright/test';
import { ShellPage } from './page-models/shell-page.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

/**
 * The working set's screens on a 1366×768 laptop: opening a project shows the status bar
 * as a footer row under the page (never over it), with Pause / Resume that work; the storage
 * page lists the project with its space.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('the status bar sits under the page and pauses; the storage page lists the project', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject('Permian Delaware Basin');

    const bar = page.getByTestId('replica-bar');
    const text = page.getByTestId('replica-bar-text');
    await expect(text).toContainText('Permian Delaware Basin');
    await page.screenshot({ path: 'test-results/e2e-artifacts/keep-bar-1366.png' });

    // A footer row: the page's scrolling area ends where the bar begins, and the bar is whole.
    const content = await page.locator('main.content').boundingBox();
    const footer = await bar.boundingBox();
    expect(content && footer).toBeTruthy();
    expect(content!.y + content!.height).toBeLessThanOrEqual(footer!.y + 0.5);
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(768 + 0.5);
    expect(footer!.width).toBeGreaterThan(1300);

    const pause = bar.getByRole('button', { name: 'Pause' });
    if (await pause.isVisible()) {
      await pause.click();
      await expect(text).toContainText('Paused keeping Permian Delaware Basin');
      await bar.getByRole('button', { name: 'Resume' }).click();
      await expect(text).not.toContainText('Paused');
    }

    await page.getByTestId('open-storage').click();
    await expect(shell.title).toHaveText('On this computer');
    const row = page.getByTestId('storage-row').filter({ hasText: 'Permian Delaware Basin' });
    await expect(row).toBeVisible();
    await expect(
      row.getByRole('checkbox', { name: 'Always keep Permian Delaware Basin' }),
    ).toBeVisible();
    await expect(page.getByTestId('storage-total')).toContainText(/Total.*B/);
    await page.screenshot({ path: 'test-results/e2e-artifacts/keep-storage-1366.png' });
  } finally {
    await host.stop();
    data.remove();
  }
});
