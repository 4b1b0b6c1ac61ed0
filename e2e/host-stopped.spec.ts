import { expect, test } from '@playwright/test';
import { freshDataDir, startWebHost } from './support/web-host.js';

// In the browser the core runs in the host process, so `npm run web` being stopped is the
// one way the renderer loses its core. Every view must then say so and keep working as a
// page; a render loop here once left a blank window.
test('with the host stopped, another project opens with a clear message, never a blank window', async ({
  page,
}) => {
  const data = freshDataDir();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    const host = await startWebHost(data.dir);
    await page.goto(host.launchUrl);
    await page.getByRole('link', { name: /Williston Bakken/ }).click();
    await expect(page.getByTestId('well-count')).toContainText('90 of 90 wells');
    await host.stop();

    await page.getByRole('link', { name: /Permian Delaware Basin/ }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Permian Delaware Basin');
    await expect(page.getByText('The Flowline host is not running').first()).toBeVisible();
    await expect(page.getByTestId('well-count')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Loading…' })).toHaveCount(0);
    // The page still answers the person: another project, then back.
    await page.getByRole('link', { name: /Montney Alberta/ }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Montney Alberta');
    await page.screenshot({ path: 'test-results/e2e-artifacts/host-stopped.png' });
    expect(pageErrors).toEqual([]);
  } finally {
    data.remove();
  }
});
