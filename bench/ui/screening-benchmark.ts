import type { Page } from 'playwright-core';
import { markNextInput, untilPainted } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

export interface ScreeningFigures {
  /** Mount with the screening columns shown (the default), figures filled. */
  withColumnsMs: number[];
  /** Mount with the screening columns hidden from the column menu: the baseline. */
  withoutColumnsMs: number[];
}

const COLUMNS_KEY = 'flowline.wells.columns';
const ROWS_SHOWN = `document.querySelectorAll('[data-testid=well-row]').length > 0`;
const SPARKLINE_SHOWN = `document.querySelector('[data-testid=well-row] [data-testid=sparkline]') !== null`;
const countIs = (text: string) =>
  `(document.querySelector('[data-testid=well-count]')?.textContent ?? '').startsWith(${JSON.stringify(text)})`;

/**
 * The wells table mounted with its screening columns (the 30-day oil change and the
 * 90-day oil sparkline of every row on screen) against the same table with those columns
 * hidden, in the same run: sidebar click → rows painted, after the screening fill has
 * finished for the project.
 */
export async function benchmarkScreening(
  page: Page,
  projectName: string,
  wellCount: number,
  repeats: number,
): Promise<ScreeningFigures> {
  const total = `${wellCount.toLocaleString('en-US')} of ${wellCount.toLocaleString('en-US')} wells`;
  const project = page.getByTestId('project-link').filter({ hasText: projectName });
  const other = page.getByTestId('project-link').filter({ hasNotText: projectName }).first();
  const mount = async (ready: string): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      await other.click();
      await page.waitForFunction(
        (text) =>
          !(globalThis as unknown as PageGlobals).document
            .querySelector('[data-testid=well-count]')
            ?.textContent?.startsWith(text),
        total,
      );
      await markNextInput(page, 'click', ready);
      await project.click();
      times.push(await untilPainted(page, ready));
    }
    return times;
  };

  // The fill (started when the project was first opened) has reached the rows on screen,
  // at the top of the table (the scroll benchmark left it far down).
  await project.click();
  await page.getByTestId('wells-table').evaluate((box) => (box.scrollTop = 0));
  await untilPainted(
    page,
    `${SPARKLINE_SHOWN} && document.querySelector('[data-testid=screening-status]') === null`,
    'now',
    120_000,
    // The count and the fill's note (a stuck "then cancelled" says so), and whether rows
    // and sparklines were drawn.
    `({ count: document.querySelector('[data-testid=well-count]')?.textContent ?? null,
        rows: document.querySelectorAll('[data-testid=well-row]').length,
        sparklines: document.querySelectorAll('[data-testid=sparkline]').length })`,
  );
  const withColumnsMs = await mount(`${ROWS_SHOWN} && ${countIs(total)} && ${SPARKLINE_SHOWN}`);

  await page.evaluate(
    (key) =>
      (globalThis as unknown as PageGlobals).localStorage.setItem(
        key,
        JSON.stringify({ oilChange: false, oilSparkline: false }),
      ),
    COLUMNS_KEY,
  );
  await page.reload();
  await page.getByTestId('project-link').first().waitFor();
  const withoutColumnsMs = await mount(`${ROWS_SHOWN} && ${countIs(total)}`);
  await page.evaluate(
    (key) => (globalThis as unknown as PageGlobals).localStorage.removeItem(key),
    COLUMNS_KEY,
  );
  return { withColumnsMs, withoutColumnsMs };
}
