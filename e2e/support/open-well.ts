import { expect, type Page } from '@playwright/test';
import { ShellPage } from '../page-models/shell-page.js';
import { WellPage } from '../page-models/well-page.js';
import { WellsPage } from '../page-models/wells-page.js';

/** The metric demo well the editing journeys work on. */
export const JOURNEY_WELL = { project: 'Montney Alberta', name: 'Elmworth HZ 1-9-69-10' };

/**
 * Opens the app and the journey well on its last three months, as a person would: the
 * app reopens on the last view, otherwise through the project's search.
 */
export async function openJourneyWell(page: Page, launchUrl: string): Promise<WellPage> {
  const shell = new ShellPage(page);
  await shell.open(launchUrl);
  if ((await shell.title.textContent()) !== JOURNEY_WELL.name) {
    await shell.openProject(JOURNEY_WELL.project);
    const wells = new WellsPage(page);
    await wells.search.fill(JOURNEY_WELL.name);
    await wells.rows.first().getByRole('gridcell').first().click();
  }
  await expect(shell.title).toHaveText(JOURNEY_WELL.name);
  const well = new WellPage(page);
  await well.range('3m');
  await expect(well.recordRows.first()).toBeVisible();
  return well;
}

/** The project and well ids of the well page on screen (from its address). */
export function wellIdsOf(page: Page): { projectId: string; wellId: string } {
  const parts = new URL(page.url()).hash.split('/');
  return { projectId: parts[2] as string, wellId: parts[4] as string };
}
