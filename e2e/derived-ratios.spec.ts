import { expect, test } from './support/fixtures.js';
import { formatFixed } from '../shared/api/index.js';
import { openJourneyWell } from './support/open-well.js';

/**
 * A derived GOR and watercut follow an edit of the oil rate in the grid (the demo's recorded
 * ratios are the ratios of its rates), and what is shown is what was saved.
 */
test('editing the oil rate in the grid moves a GOR and watercut derived from the rates', async ({
  page,
  host,
}) => {
  const well = await openJourneyWell(page, host.launchUrl);
  const row = well.recordRows.nth(2);
  const date = (await row.getAttribute('data-date')) as string;
  const read = (field: string) => well.cellNumber(date, field);
  const [oil, gas, water, gor] = [
    await read('oil_rate'),
    await read('gas_rate'),
    await read('water_rate'),
    await read('gor'),
  ];
  expect(oil).toBeGreaterThan(0);
  // A derived ratio is shown rounded, so "derived" is checked to within 1 %.
  const near = (value: number, expected: number) => Math.abs(value - expected) / expected;
  expect(near(gor, (1000 * gas) / oil)).toBeLessThan(0.01); // derived, as recorded

  const newOil = Math.round(oil * 1.25 * 10) / 10;
  await well.editCell(date, 'oil_rate', String(newOil));
  await expect(well.cell(date, 'oil_rate')).toHaveText(formatFixed(newOil, 2));
  await expect.poll(async () => near(await read('gor'), (1000 * gas) / newOil)).toBeLessThan(0.01);
  await expect
    .poll(async () => near(await read('watercut'), (100 * water) / (water + newOil)))
    .toBeLessThan(0.01);
  // Before the fix the GOR stayed at its old value, 25 % away.
  expect(near(await read('gor'), gor)).toBeGreaterThan(0.15);
});
