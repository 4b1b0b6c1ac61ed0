import { expect, test } from './support/fixtures.js';
import { openJourneyWell } from './support/open-well.js';
import type { Locator } from '@playwright/test';
import type { WellPage } from './page-models/well-page.js';
import { formatFixed } from '../shared/api/index.js';

/**
 * The records grid edits like a spreadsheet, driven with real mouse clicks and keystrokes:
 * typing on a selected cell replaces its value; a second click, a double-click, F2 or Enter
 * open the editor on the whole value with the caret at its end; the editor always has the
 * keyboard; Escape cancels. Playwright clicks a cell in its middle, left of the right-aligned
 * number, so a caret left where the mouse was would sit before the digits.
 */

/**
 * A pressure cell holds `typed` in full (the editor opens on it) and shows it to the
 * column's one decimal.
 */
async function holds(cell: Locator, typed: string) {
  await expect(cell).toHaveAttribute('data-value', typed);
  await expect(cell).toHaveText(formatFixed(Number(typed), 1));
}

/**
 * The BHP cell of the grid's third day, set to 762.2 (the value of the field report that
 * saved 777,762.2) by selecting it and typing; Enter has moved the selection a row down.
 */
async function bhpOf762(well: WellPage) {
  const date = (await well.recordRows.nth(2).getAttribute('data-date')) as string;
  await well.editCell(date, 'bhp', '762.2');
  const cell = well.cell(date, 'bhp');
  await holds(cell, '762.2');
  await expect(cell).not.toHaveClass(/active/);
  return { date, cell };
}

test('click a cell, then click it again: the editor has the keyboard, the caret at the end', async ({
  page,
  host,
}) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const { date, cell } = await bhpOf762(well);

  await cell.click();
  await expect(cell).toHaveClass(/active/);
  await expect(well.editor).toHaveCount(0);
  // The pause: the first click has done its work (the cell is selected) before the second.
  await cell.click();
  await expect(well.editor).toBeFocused();
  await expect(well.editor).toHaveValue('762.2');
  await page.keyboard.type('1');
  await expect(well.editor).toHaveValue('762.21');
  await page.keyboard.press('Enter');

  await expect(well.editor).toHaveCount(0);
  await holds(cell, '762.21');

  // Clicking another cell while editing saves the edit and selects that cell.
  await cell.dblclick();
  await page.keyboard.type('9');
  const thp = well.cell(date, 'thp');
  await thp.click();
  await expect(well.editor).toHaveCount(0);
  await holds(cell, '762.219');
  await expect(thp).toHaveClass(/active/);
  await page.keyboard.type('800');
  await page.keyboard.press('Enter');
  await holds(thp, '800');
});

test('typing on a selected cell replaces its value, however the cell was selected', async ({
  page,
  host,
}) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const { cell } = await bhpOf762(well);

  // Back up a row with the keyboard, then click the cell: a first click on it selects it
  // (it does not edit), and typing replaces 762.2 with 777.
  await page.keyboard.press('ArrowUp');
  await expect(cell).toHaveClass(/active/);
  await cell.click();
  await expect(well.editor).toHaveCount(0);
  await page.keyboard.type('777');
  await expect(well.editor).toHaveValue('777');
  await page.keyboard.press('Enter');
  await holds(cell, '777');

  // Selected with the keyboard alone, typing replaces too; Tab saves.
  await page.keyboard.press('ArrowUp');
  await expect(cell).toHaveClass(/active/);
  await page.keyboard.type('750');
  await page.keyboard.press('Tab');
  await holds(cell, '750');
});

test('F2 and Enter edit the whole value with the caret at its end', async ({ page, host }) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const { cell } = await bhpOf762(well);

  await cell.click();
  await expect(cell).toHaveClass(/active/);
  await page.keyboard.press('F2');
  await expect(well.editor).toBeFocused();
  await page.keyboard.type('5');
  await expect(well.editor).toHaveValue('762.25');
  await page.keyboard.press('Enter');
  await holds(cell, '762.25');

  // Enter moved the selection down a row; back up, Enter opens the editor on the value.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(well.editor).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(well.editor).toHaveValue('762.2');
  await page.keyboard.press('Enter');
  await holds(cell, '762.2');
});

test('a double-click edits the cell with the caret at the end', async ({ page, host }) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const { cell } = await bhpOf762(well);

  await cell.dblclick();
  await expect(well.editor).toBeFocused();
  await expect(well.editor).toHaveValue('762.2');
  await page.keyboard.type('9');
  await expect(well.editor).toHaveValue('762.29');
  await page.keyboard.press('Tab');
  await expect(well.editor).toHaveCount(0);
  await holds(cell, '762.29');
});

test('Escape cancels an edit and leaves the value as it was', async ({ page, host }) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const { cell } = await bhpOf762(well);

  await cell.dblclick();
  await expect(well.editor).toBeFocused();
  await page.keyboard.type('999');
  await expect(well.editor).toHaveValue('762.2999');
  await page.keyboard.press('Escape');
  await expect(well.editor).toHaveCount(0);
  await holds(cell, '762.2');
  // The grid still has the keyboard: typing starts a new edit of the same cell.
  await page.keyboard.type('3');
  await expect(well.editor).toBeFocused();
  await expect(well.editor).toHaveValue('3');
  await page.keyboard.press('Escape');
  await holds(cell, '762.2');
});

test('a value that looks wrong is asked about once: Go back keeps the edit, Save anyway saves it', async ({
  page,
  host,
}) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const { date, cell } = await bhpOf762(well);
  const ask = page.getByTestId('plausibility-ask');

  // The journey well is metric: 777,762 kPa, far above 20,000 psi.
  await cell.click();
  await page.keyboard.type('777762');
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('plausibility-list')).toHaveText(
    `${date} BHP 777,762 kPa is above 137,895 kPa (20,000 psi), beyond any well's bottom-hole pressure`,
  );
  await expect(well.editor).toHaveValue('777762');

  // Go back: the editor is there with the typed value and the keyboard; fix it, save.
  await ask.getByTestId('plausibility-back').click();
  await expect(ask).toHaveCount(0);
  await expect(well.editor).toBeFocused();
  await expect(well.editor).toHaveValue('777762');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await holds(cell, '777');
  await expect(cell).not.toHaveClass(/implausible/);

  // Typed again and saved anyway: saved, and the cell is marked with the reason.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('777762');
  await page.keyboard.press('Tab');
  await expect(ask).toBeVisible();
  await ask.getByTestId('plausibility-save').click();
  await expect(ask).toHaveCount(0);
  await expect(well.editor).toHaveCount(0);
  await holds(cell, '777762');
  await expect(cell).toHaveClass(/implausible/);
  await expect(cell).toHaveAttribute('title', /BHP 777,762 kPa is above 137,895 kPa/);
  // Tab moved on to THP, and the grid has the keyboard.
  await expect(well.cell(date, 'thp')).toHaveClass(/active/);
  await page.keyboard.type('5');
  await expect(well.editor).toHaveValue('5');
  await page.keyboard.press('Escape');
});
