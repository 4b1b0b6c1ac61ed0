import { expect, type Page } from '@playwright/test';
import { ShellPage } from '../page-models/shell-page.js';
import { WellPage } from '../page-models/well-page.js';
import { WellsPage } from '../page-models/wells-page.js';
import { startWebHost } from './web-host.js';

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
    await wells.openWell(JOURNEY_WELL.name);
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

/**
 * The start of every offline journey: the app runs once online (so the journey well and
 * its last months are on this computer), then again with the server unreachable, where
 * the oil rate of the given rows (0 = the range's first day) is edited and left pending.
 * Both hosts are stopped again; the dates edited and the well's ids are returned.
 */
export async function editOilWhileOffline(
  page: Page,
  dataDir: string,
  port: number,
  edits: ReadonlyArray<{ row: number; oil: string }>,
): Promise<{ dates: string[]; projectId: string; wellId: string }> {
  const online = await startWebHost(dataDir, { port });
  let well: WellPage;
  let dates: string[];
  let ids: { projectId: string; wellId: string };
  try {
    well = await openJourneyWell(page, online.launchUrl);
    dates = await Promise.all(
      edits.map(async (edit) => (await well.recordRows.nth(edit.row).getAttribute('data-date'))!),
    );
    ids = wellIdsOf(page);
  } finally {
    await online.stop();
  }
  const offline = await startWebHost(dataDir, { port, args: ['--demo-offline'] });
  try {
    well = await openJourneyWell(page, offline.launchUrl);
    for (const [index, edit] of edits.entries()) {
      const date = dates[index] as string;
      await well.editCell(date, 'oil_rate', edit.oil);
      await expect(well.row(date)).toHaveAttribute('data-state', 'pending');
      await expect(well.cell(date, 'oil_rate')).toHaveAttribute('data-value', edit.oil);
    }
  } finally {
    await offline.stop();
  }
  return { dates, ...ids };
}
