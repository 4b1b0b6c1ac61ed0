import type { Page } from 'playwright-core';
import { markNextInput, percentile, scrollFrames, untilPainted } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

export interface TableFigures {
  firstOpenMs: number;
  mountMs: number[];
  keystrokeMs: number[];
  scrollFrameMs: number[];
  scrollP95: number;
}

const ROWS_SHOWN = `document.querySelectorAll('[data-testid=well-row]').length > 0`;
const countIs = (text: string) =>
  `(document.querySelector('[data-testid=well-count]')?.textContent ?? '').startsWith(${JSON.stringify(text)})`;

/**
 * The 20,000-well table: mount (sidebar click → rows painted, wells already in the
 * cache), a keystroke in the search box → updated rows painted, and the frame times of
 * a fast scroll through the whole list.
 */
export async function benchmarkTable(
  page: Page,
  projectName: string,
  wellCount: number,
  repeats: number,
): Promise<TableFigures> {
  const total = `${wellCount.toLocaleString('en-US')} of ${wellCount.toLocaleString('en-US')} wells`;
  const project = page.getByTestId('project-link').filter({ hasText: projectName });

  // First open: the core fetches the 20,000 wells from the server into its cache.
  await markNextInput(page, 'click');
  await project.click();
  const firstOpenMs = await untilPainted(
    page,
    `${ROWS_SHOWN} && ${countIs(total)}`,
    'mark',
    120_000,
  );

  const mountMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    // Away to a small project, then back: the table unmounts and mounts again.
    await page.getByTestId('project-link').filter({ hasNotText: projectName }).first().click();
    await page.waitForFunction(
      (text) =>
        !(globalThis as unknown as PageGlobals).document
          .querySelector('[data-testid=well-count]')
          ?.textContent?.startsWith(text),
      total,
    );
    await markNextInput(page, 'click');
    await project.click();
    mountMs.push(await untilPainted(page, `${ROWS_SHOWN} && ${countIs(total)}`));
  }

  // Each keystroke after a pause: the search box passes the first key on at once.
  const search = page.getByTestId('wells-search');
  const keystrokeMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    let typed = '';
    for (const key of 'ranch') {
      typed += key;
      await page.waitForTimeout(250);
      await search.focus();
      await markNextInput(page, 'keydown');
      await page.keyboard.press(key);
      keystrokeMs.push(
        await untilPainted(
          page,
          `document.querySelector('[data-testid=wells-table]')?.dataset.search === ${JSON.stringify(typed)} && ${ROWS_SHOWN}`,
        ),
      );
    }
    await search.fill('');
    await page.waitForFunction(
      (text) =>
        (globalThis as unknown as PageGlobals).document
          .querySelector('[data-testid=well-count]')
          ?.textContent?.startsWith(text),
      total,
    );
  }

  // Scroll: 5 rows a frame from top to well past the first windows, then a long jump.
  await page.getByTestId('wells-table').evaluate((box) => (box.scrollTop = 0));
  await page.waitForTimeout(300);
  const scrollFrameMs = await scrollFrames(page, '[data-testid=wells-table]', 180, 240);
  return {
    firstOpenMs,
    mountMs,
    keystrokeMs,
    scrollFrameMs,
    scrollP95: percentile(scrollFrameMs, 95),
  };
}
