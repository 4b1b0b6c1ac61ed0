import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { JOURNEY_WELL, openJourneyWell } from './support/open-well.js';
import { ShellPage } from './page-models/shell-page.js';

/**
 * Every screen passes axe-core with no serious or critical violation (docs/accessibility.md):
 * the wells table, each project tab, a well page with its charts, records and decline panel,
 * the storage page, and each dialog. Screens are reached as a person reaches them.
 */

/** The serious and critical violations on the page now, each with the elements it names. */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}): ${violation.help} — ` +
        violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join('; '),
    );
}

test('every screen has no serious or critical accessibility violation', async ({ page, host }) => {
  test.setTimeout(420_000);
  const found: string[] = [];
  const check = async (screen: string) => found.push(...(await seriousViolations(page, screen)));

  const well = await openJourneyWell(page, host.launchUrl);
  await well.chartsDrawn();
  await check('well page');
  await page.getByRole('button', { name: 'Fit decline' }).click();
  await expect(page.getByTestId('decline-panel')).toBeVisible();
  await check('well page with the decline panel');

  await page.getByRole('link', { name: '← Wells' }).click();
  const shell = new ShellPage(page);
  await expect(shell.title).toHaveText(JOURNEY_WELL.project);
  await check('wells table');
  // Each tab once what it shows has settled (online, the Overview and Data quality first
  // bring the project's history here).
  const settled: Record<string, () => Promise<void>> = {
    map: () => expect(page.getByTestId('map-canvas')).toHaveAttribute('data-drawn', /\d+/),
    overview: () =>
      expect(page.getByTestId('overview-summary')).toContainText('Summed over', {
        timeout: 120_000,
      }),
    quality: () =>
      expect(page.getByTestId('quality-summary')).toContainText('Scanned', { timeout: 120_000 }),
    compare: () => expect(page.getByTestId('compare-notes')).toBeVisible(),
  };
  for (const [tab, ready] of Object.entries(settled)) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-current', 'page');
    await ready();
    await check(`${tab} tab`);
  }

  await page.getByTestId('pending-count').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('sync panel');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('open-download').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('keep on this computer dialog');
  await page.keyboard.press('Escape');

  await page.getByTestId('open-storage').click();
  await expect(shell.title).toHaveText('On this computer');
  await check('storage page');

  expect(found).toEqual([]);
});
