import type { ApiClient } from '../shared/client/index.js';
import { expect, test } from './support/fixtures.js';
import { demoApiClient } from './support/demo-api.js';
import { JOURNEY_WELL, openJourneyWell } from './support/open-well.js';
import { QualityPage } from './page-models/quality-page.js';
import { WellPage } from './page-models/well-page.js';

const DAY = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Puts a spike in the journey well behind the app's back, as another client would: a
 * day in its last months whose oil is twelve times what it was, among producing days.
 */
async function spikeJourneyWell(api: ApiClient) {
  let projectId = '';
  for await (const project of api.iterateProjects())
    if (project.name === JOURNEY_WELL.project) projectId = project.id;
  const [well] = (await api.listWells(projectId, { search: JOURNEY_WELL.name })).data;
  const today = new Date().toISOString().slice(0, 10);
  const { data } = await api.getProduction(projectId, well!.id, {
    from: shift(today, -80),
    to: shift(today, -10),
    aggregation: 'daily',
  });
  const producing = (i: number) => (data[i]?.oil_rate ?? 0) > 0;
  const index = data.findIndex(
    (_, i) => i >= 20 && Array.from({ length: 15 }, (__, k) => producing(i - 7 + k)).every(Boolean),
  );
  const day = data[index]!;
  const oil = Math.round((day.oil_rate as number) * 12 * 10) / 10;
  await api.upsertProduction(projectId, well!.id, [
    { ...(day as { date: string }), oil_rate: oil, gor: null, watercut: null },
  ]);
  return { date: day.date, oil };
}

test('the queue finds a spike, opens the grid at its day, and remembers a dismissal', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  const spike = await spikeJourneyWell(api);
  // Opening the well keeps its project on this computer; online, the scan first brings every
  // well's whole history here, then scans them all.
  await openJourneyWell(page, host.launchUrl);
  await page.getByRole('link', { name: '← Wells' }).click();

  const quality = new QualityPage(page);
  await quality.open();
  await expect(quality.summary).toContainText('Scanned 70 of 70 wells', { timeout: 120_000 });
  await expect(page.getByTestId('quality-without')).toHaveCount(0);
  await expect(page.getByTestId('quality-not-whole')).toHaveCount(0);
  const spikes = await quality.ruleOption('Single-day spikes and drops');
  await quality.filterRule(spikes);
  const finding = quality.finding('spike', JOURNEY_WELL.name, spike.date);
  await expect(finding).toContainText(
    `Oil ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(spike.oil)} m³/d on ${spike.date} is`,
  );

  // Follow it: the well page opens on the finding's day, two weeks either side.
  await finding.getByRole('link', { name: 'Open records' }).click();
  const well = new WellPage(page);
  await expect(page.getByTestId('page-title')).toHaveText(JOURNEY_WELL.name);
  await expect(well.row(spike.date)).toBeVisible();
  await expect(well.recordRows.first()).toHaveAttribute('data-date', shift(spike.date, -14));

  // Dismiss it with the keyboard: gone from the queue, and still gone after a reload.
  await page.goBack();
  await expect(quality.summary).toBeVisible();
  await quality.filterRule(spikes);
  const dismiss = finding.getByRole('button', { name: 'Dismiss' });
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(finding).toHaveCount(0);
  await expect(quality.showDismissed).toHaveAccessibleName('Show dismissed (1)');

  await page.reload();
  await expect(quality.summary).toBeVisible({ timeout: 30_000 });
  await expect(quality.showDismissed).toHaveAccessibleName('Show dismissed (1)');
  await expect(quality.findings.filter({ hasText: `on ${spike.date} is` })).toHaveCount(0);
  await quality.showDismissed.check();
  await expect(finding.getByRole('button', { name: 'Restore' })).toBeVisible();
});
