import { expect, test } from './support/fixtures.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';

test.beforeEach(async ({ page, host }) => {
  await new ShellPage(page).open(host.launchUrl);
});

test('filters by type and status, searches by API number with and without dashes, sorts', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  const wells = new WellsPage(page);
  await shell.openProject('Permian Delaware Basin');
  await expect(wells.count).toHaveText('140 of 140 wells');

  await wells.filter('Type', 'producer');
  await expect(wells.count).toHaveText(/^\d+ of 140 wells$/);
  const producers = Number((await wells.count.textContent())?.split(' ')[0]);
  await wells.filter('Status', 'shut_in');
  await expect(wells.count).not.toHaveText(`${producers} of 140 wells`);
  await wells.showColumn('Type'); // not shown by default: chosen from the column menu
  for (const row of await wells.rows.all()) await expect(row).toContainText('Producer');

  await wells.filter('Type', '');
  await wells.filter('Status', '');
  const first = (await wells.rows.first().locator('[role=gridcell]').nth(1).textContent()) ?? '';
  const dashed = first.trim();
  await wells.search.fill(dashed);
  await expect(wells.count).toHaveText('1 of 140 wells');
  await wells.search.fill(dashed.replace(/-/g, ''));
  await expect(wells.count).toHaveText('1 of 140 wells');

  await wells.search.fill('');
  await expect(wells.count).toHaveText('140 of 140 wells');
  await wells.sortBy('name');
  await wells.sortBy('name'); // descending
  await expect(page.getByTestId('sort-name')).toHaveAttribute('aria-sort', 'descending');
  // The rows shown until the new order arrives are the previous order's: read once it has.
  const descending = (names: string[]) =>
    [...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()));
  await expect
    .poll(async () => {
      const names = await wells.names();
      return names.length > 1 && names.join('\n') === descending(names).join('\n');
    })
    .toBe(true);
  const names = await wells.names();
  expect(names[0]).toBe(descending(names)[0]);
});

test('keyboard: arrows move through rows and Enter opens the well', async ({ page }) => {
  const wells = new WellsPage(page);
  await expect(wells.rows.first()).toBeVisible();
  await wells.table.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  // The name itself: an "offline" mark beside it comes as the project is kept here.
  const third = (await wells.rows.nth(2).getByTestId('well-name').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-title')).toHaveText(third.trim());
});

test('a status changed from the table is a pending edit, then synced', async ({ page }) => {
  const shell = new ShellPage(page);
  const wells = new WellsPage(page);
  await shell.openProject('Williston Bakken');
  const row = wells.rows.first();
  const badge = row.getByTestId('status-badge');
  const before = (await badge.textContent()) ?? '';
  const next = before.startsWith('Shut in') ? 'active' : 'shut_in';
  await badge.click();
  await row.getByTestId('status-select').selectOption(next);
  await expect(badge).toHaveText(next === 'active' ? /^Active/ : /^Shut in/);
  // The embedded server is up, so the edit reaches it and the pending mark clears.
  await expect(row.getByTestId('row-sync-state')).toHaveCount(0, { timeout: 20_000 });
  await expect(shell.pendingCount).toHaveText('0 pending');
});

test('on a 1,366-px laptop: full names, frozen while the numbers scroll, and the column choice is remembered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const wells = new WellsPage(page);
  await expect(wells.rows.first()).toBeVisible();
  // Every name shown whole: the column is as wide as the names need.
  const cut = () =>
    page
      .getByTestId('well-name')
      .evaluateAll((names) =>
        names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent),
      );
  await expect.poll(cut).toEqual([]);
  // The table takes the window's width, and the last column ends at its edge.
  const frame = (await wells.table.boundingBox())!;
  const head = (await page.locator('.virtual-head').boundingBox())!;
  expect(head.width).toBeGreaterThanOrEqual(frame.width - 2);
  // Scrolled to its far right, the names stay where they were: a number is tied to its well.
  const nameBefore = (await page.getByTestId('well-name').first().boundingBox())!;
  await wells.table.evaluate((table) => {
    (table as unknown as { scrollLeft: number; scrollWidth: number }).scrollLeft = 10_000;
  });
  await expect(page.getByTestId('sort-oilSparkline')).toBeInViewport();
  const nameAfter = (await page.getByTestId('well-name').first().boundingBox())!;
  expect(Math.round(nameAfter.x)).toBe(Math.round(nameBefore.x));
  await page.screenshot({ path: 'test-results/e2e-artifacts/wells-1366.png' });
  await wells.table.evaluate((table) => {
    (table as unknown as { scrollLeft: number }).scrollLeft = 0;
  });

  // The name column's edge can be moved by keyboard, and the width is remembered.
  const resizer = page.getByTestId('name-resizer');
  const width = Number(await resizer.getAttribute('aria-valuenow'));
  await resizer.focus();
  await page.keyboard.press('ArrowRight');
  await expect(resizer).toHaveAttribute('aria-valuenow', String(width + 10));

  await expect(page.getByTestId('sort-spudDate')).toHaveCount(0);
  await wells.showColumn('Spud date');
  await expect(page.getByTestId('sort-spudDate')).toBeVisible();
  await page.reload();
  await expect(wells.rows.first()).toBeVisible();
  await expect(page.getByTestId('sort-spudDate')).toBeVisible();
  await expect(page.getByTestId('name-resizer')).toHaveAttribute(
    'aria-valuenow',
    String(width + 10),
  );
  await wells.showColumn('Spud date', false);
  await expect(page.getByTestId('sort-spudDate')).toHaveCount(0);
});

test('search finds every word typed, in any order', async ({ page }) => {
  const wells = new WellsPage(page);
  await expect(wells.rows.first()).toBeVisible();
  await page.getByTestId('wells-search').fill('301h brushy');
  // The rows shown stay the last answer's until the search's arrives: wait for the rows the
  // person reads once it has, every one holding both words.
  const matches = (names: string[]) =>
    names.length > 0 &&
    names.every(
      (name) => name.toLowerCase().includes('brushy') && name.toLowerCase().includes('301h'),
    );
  await expect.poll(async () => matches(await wells.names())).toBe(true);
});
