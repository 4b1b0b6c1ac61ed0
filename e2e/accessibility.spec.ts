import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { JOURNEY_WELL, openJourneyWell } from './support/open-well.js';
import { ImportDialog } from './page-models/import-dialog.js';
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
  await page.getByTestId('event-record').click();
  await expect(page.getByTestId('event-form')).toBeVisible();
  await check('well page with the event form');
  await page.getByTestId('event-form').getByRole('button', { name: 'Cancel' }).click();
  const importDialog = new ImportDialog(page);
  await importDialog.dropFile(
    'july.csv',
    'Date,Oil (bbl/d),Hours On\n2025-07-01,25.1,24\n2025-07-02,abc,24\n',
  );
  await expect(importDialog.commitButton).toBeVisible();
  await check('import dialog');
  await importDialog.close.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: '← Wells' }).click();
  const shell = new ShellPage(page);
  await expect(shell.title).toHaveText(JOURNEY_WELL.project);
  await check('wells table');
  await page.getByTestId('forecast-all-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('forecast all wells dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('connection-name').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('connections dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
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
    variance: () => expect(page.getByTestId('variance-summary')).not.toHaveText(/Comparing/),
    lost: () => expect(page.getByTestId('loss-summary')).not.toHaveText(/Adding up/),
    events: () => expect(page.getByTestId('events-summary')).not.toHaveText(/Reading/),
    changes: () => expect(page.getByTestId('change-count')).toContainText(/change/),
  };
  for (const [tab, ready] of Object.entries(settled)) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
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

test('"Skip to main content" is the first tab stop and takes the keyboard past the sidebar', async ({
  page,
  host,
}) => {
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await expect(shell.title).toHaveText('Permian Delaware Basin');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: 'test-results/e2e-artifacts/skip-link.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next stop is the page's own, not a project in the sidebar or the top bar.
  await page.keyboard.press('Tab');
  const next = page.locator(':focus');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  await expect(next).not.toHaveAttribute('data-testid', 'project-link');
  await expect(shell.title).toHaveText('Permian Delaware Basin');
});

test('the project views are a tab list: one tab stop, arrow keys open the next view', async ({
  page,
  host,
}) => {
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await expect(shell.title).toHaveText('Permian Delaware Basin');
  const tabs = page.getByRole('tablist', { name: 'Project views' });
  const wells = tabs.getByRole('tab', { name: 'Wells' });
  await expect(wells).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Wells' })).toBeVisible();

  await wells.focus();
  await page.keyboard.press('ArrowRight');
  const quality = tabs.getByRole('tab', { name: 'Data quality' });
  await expect(quality).toBeFocused();
  await expect(quality).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/e2e-artifacts/project-tabs-keyboard.png' });
  await expect(page.getByRole('tabpanel', { name: 'Data quality' })).toBeVisible();
  expect(page.url()).toMatch(/\/quality$/);
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Changes' })).toBeFocused();
  await expect(page.getByTestId('change-count')).toContainText(/change/);
  await page.keyboard.press('ArrowRight');
  await expect(wells).toBeFocused();
  await expect(wells).toHaveAttribute('aria-selected', 'true');
  // One tab stop: Tab leaves the list for the view's own first control.
  await page.keyboard.press('Tab');
  await expect(tabs.locator(':focus')).toHaveCount(0);
});
