import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { JOURNEY_WELL } from './support/open-well.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';

/**
 * Names are bidi-isolated in Chromium itself, not only in the DOM the component tests see:
 * the element holding a project's or well's name computes `unicode-bidi: isolate`, so a
 * right-to-left override inside a name ends with it instead of reversing the badge, chip or
 * text beside it (renderer/src/shell/isolate-text.ts).
 */
async function expectIsolated(holder: Locator, name: string): Promise<void> {
  const isolate = holder.locator('bdi').filter({ hasText: name }).first();
  await expect(isolate).toHaveText(name);
  // The page's own getComputedStyle, spelt out: the e2e tsconfig has no DOM library.
  const computed = await isolate.evaluate(
    (el) =>
      (
        globalThis as unknown as {
          getComputedStyle: (element: unknown) => { unicodeBidi: string };
        }
      ).getComputedStyle(el).unicodeBidi,
  );
  expect(computed).toBe('isolate');
}

test('project and well names compute unicode-bidi: isolate where they are shown', async ({
  page,
  host,
}) => {
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await shell.openProject(JOURNEY_WELL.project);
  await expectIsolated(
    shell.projectLinks.filter({ hasText: JOURNEY_WELL.project }),
    JOURNEY_WELL.project,
  );
  await expectIsolated(shell.title, JOURNEY_WELL.project);

  const wells = new WellsPage(page);
  await wells.search.fill(JOURNEY_WELL.name);
  const row = wells.rows.filter({ hasText: JOURNEY_WELL.name }).first();
  await expectIsolated(row.getByTestId('well-name'), JOURNEY_WELL.name);

  await wells.openWell(JOURNEY_WELL.name);
  await expect(shell.title).toHaveText(JOURNEY_WELL.name);
  await expectIsolated(shell.title, JOURNEY_WELL.name);
});
