import { expect, test } from './support/fixtures.js';
import { demoApiClient } from './support/demo-api.js';
import { ImportDialog } from './page-models/import-dialog.js';
import { openJourneyWell, wellIdsOf } from './support/open-well.js';
import { addDays } from '../shared/dates/iso-day.js';

test('an import with values that look wrong lists them by line and asks once before importing', async ({
  page,
  host,
}) => {
  await openJourneyWell(page, host.launchUrl);
  const { projectId, wellId } = wellIdsOf(page);
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  const well = await api.getWell(projectId, wellId);
  const spud = well.spudDate as string;
  const early = addDays(spud, -3 * 365);
  const later = addDays(well.firstProductionDate as string, 100);

  // A metric well: 777,762 kPa is far above 20,000 psi; the first row is years before spud.
  const dialog = new ImportDialog(page);
  await dialog.dropFile(
    'suspicious.csv',
    `Date,Oil (m3/d),BHP (kPa)\n${early},25.1,4500\n${later},1.2,777762\n${addDays(later, 1)},1.1,4400\n`,
  );
  const listed = page.getByTestId('import-plausibility');
  await expect(listed).toContainText('2 values look wrong');
  await expect(listed.locator('li')).toHaveText([
    `Line 2${early} Oil rate 25.1 m³/d on ${early}, before the well was spudded on ${spud}: a well cannot produce before it is drilled`,
    `Line 3${later} BHP 777,762 kPa is above 137,895 kPa (20,000 psi), beyond any well's bottom-hole pressure`,
  ]);

  // Asked once: Go back leaves nothing queued; asked again, Import anyway imports all three.
  await expect(dialog.commitButton).toHaveText('Import 3 days');
  await dialog.commitButton.click();
  const ask = page.getByTestId('import-ask');
  await expect(ask).toBeVisible();
  await expect(dialog.commitButton).toHaveCount(0);
  await expect(ask.getByTestId('import-ask-back')).toBeFocused();
  await ask.getByTestId('import-ask-back').click();
  await expect(ask).toHaveCount(0);
  await expect(dialog.commitButton).toBeEnabled();
  await dialog.commitButton.click();
  await ask.getByTestId('import-ask-import').click();
  await expect(dialog.done).toContainText('On the server', { timeout: 30_000 });

  const series = await api.getProduction(projectId, wellId, { from: later, to: later });
  expect(series.data[0]?.bhp).toBeCloseTo(777_762, 6);
});
