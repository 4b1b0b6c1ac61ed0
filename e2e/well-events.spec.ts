import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays } from '../shared/dates/iso-day.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { freshDataDir, startWebHost } from './support/web-host.js';

/**
 * Recording why a well was down, as an engineer does it: a well of a new project made
 * 100 bbl/d, was shut in 5 days in February (500 bbl lost against its trailing rate) and ran
 * 12 hours a day for 4 days in March (240 bbl). The engineer records the lift failure behind
 * the shut-in on the well's page; the charts shade it, the records grid marks its days, the
 * server has it, and Lost production puts the 500 bbl down to it. The Events tab exports the
 * events as CSV and imports a file, refusing a bad one whole and naming its row.
 */
test('an event recorded on a well explains its lost production, and travels as CSV', async ({
  page,
}) => {
  const data = freshDataDir();
  const host = await startWebHost(data.dir);
  try {
    const api = demoApiClient(data.dir, host.demoApiUrl as string);
    const project = await api.createProject({ name: 'Downtime', unitSystem: 'imperial' });
    const well = await api.createWell(project.id, { name: 'Lift 1H' });
    const records = [];
    for (let date = '2026-01-01'; date <= '2026-03-10'; date = addDays(date, 1)) {
      const shutIn = date >= '2026-02-10' && date <= '2026-02-14';
      const short = date >= '2026-03-03' && date <= '2026-03-06';
      records.push({
        date,
        oil_rate: shutIn ? 0 : short ? 40 : 100,
        runtime: shutIn ? 0 : short ? 12 : 24,
      });
    }
    await api.upsertProductionChunked(project.id, well.id, records);

    const shell = new ShellPage(page);
    await shell.open(host.launchUrl);
    await shell.openProject('Downtime');
    await new WellsPage(page).openWell('Lift 1H');
    await expect(shell.title).toHaveText('Lift 1H');

    // Record the event: reason, days, note, typed and chosen as a person does.
    const events = page.getByTestId('well-events');
    await expect(events).toContainText('No events recorded');
    await page.getByTestId('event-record').click();
    await page.getByTestId('event-category').selectOption('Artificial-lift failure');
    await page.getByTestId('event-start').fill('2026-02-10');
    // A last day before the first is refused before anything is sent.
    await page.getByTestId('event-end').fill('2026-02-01');
    await page.getByTestId('event-save').click();
    await expect(page.getByTestId('event-form').getByRole('alert')).toHaveText(
      'The last day must not be before the first.',
    );
    await page.getByTestId('event-end').fill('2026-02-14');
    await page.getByTestId('event-note').fill('ESP tripped; rod pump swapped in');
    const axe = await new AxeBuilder({ page }).include('[data-testid=well-events]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );
    await page.getByTestId('event-save').click();
    const row = page.getByTestId('event-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Artificial-lift failure');
    await expect(row).toContainText('2026-02-10 – 2026-02-14');
    await expect(row).toContainText('5 d');
    // Sent with the next sync, offline first: the server has it.
    await expect(row).toContainText('On the server', { timeout: 30_000 });
    const onServer = [];
    for await (const eventPage of api.pagesOfProjectEvents(project.id)) {
      onServer.push(...eventPage.data);
    }
    expect(onServer).toMatchObject([
      {
        wellId: well.id,
        startDate: '2026-02-10',
        endDate: '2026-02-14',
        category: 'Artificial-lift failure',
        note: 'ESP tripped; rod pump swapped in',
      },
    ]);

    // On every chart as a shaded span, and beside its days in the records grid.
    await expect(page.getByTestId('event-caption')).toBeVisible();
    await expect(page.locator('[data-testid=chart-rates] [data-testid=event-band]')).toHaveCount(1);
    const grid = page.getByTestId('records-grid-body');
    await grid.hover();
    const marked = page.locator('[data-testid=record-row][data-date="2026-02-12"]');
    for (let i = 0; i < 20 && (await marked.count()) === 0; i++) await page.mouse.wheel(0, 400);
    await expect(marked.getByTestId('grid-event')).toHaveAttribute(
      'title',
      'Artificial-lift failure: 2026-02-10 – 2026-02-14',
    );
    await expect(
      page.locator('[data-testid=record-row][data-date="2026-02-15"] [data-testid=grid-event]'),
    ).toHaveCount(0);
    await page.screenshot({ path: 'test-results/e2e-artifacts/well-events.png' });

    // Lost production puts the shut-in's 500 bbl down to the event.
    await page.getByRole('link', { name: '← Wells' }).click();
    await page.getByTestId('tab-lost').click();
    await expect(page.getByTestId('loss-summary')).toHaveText(
      'Lost 740 bbl, 2026-01-01 – 2026-03-10, at 1 well: shut in 500 bbl, reduced runtime 240 bbl.',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('loss-cause-row')).toHaveText([
      /^Artificial-lift failure\s*500\s*67\.6 %$/,
      /^Reduced runtime, no event recorded\s*240\s*32\.4 %$/,
    ]);
    await expect(
      page.locator('[data-testid=loss-bar] rect[data-cause="Artificial-lift failure"]'),
    ).toHaveCount(1);
    await expect(page.getByTestId('loss-row').first()).toContainText(
      'Artificial-lift failure 500 · no event 240 bbl',
    );
    await page.screenshot({ path: 'test-results/e2e-artifacts/lost-by-reason.png' });

    // The Events tab: export, then a bad file refused whole, then a good one.
    await page.getByTestId('tab-events').click();
    await expect(page.getByTestId('events-summary')).toHaveText('1 event, the latest first.');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('events-export').click(),
    ]);
    const exported = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(exported[0]).toBe('Event ID,Well,Well ID,Start,End,Reason,Note,State,Changed at (UTC)');
    expect(exported[1]).toMatch(
      new RegExp(
        `^[\\w-]+,Lift 1H,${well.id},2026-02-10,2026-02-14,Artificial-lift failure,` +
          '"ESP tripped; rod pump swapped in",On the server,',
      ),
    );

    const bad = join(data.dir, 'events-bad.csv');
    await writeFile(
      bad,
      'Well,Start,End,Reason\nLift 1H,2026-03-03,2026-03-06,Facility\nLift 1H,06/03/2026,,Weather\n',
    );
    const chooseFile = async (file: string) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByTestId('events-import').click(),
      ]);
      await chooser.setFiles(file);
    };
    await chooseFile(bad);
    await expect(page.getByTestId('events-message')).toContainText(
      'Nothing was imported: 1 problem in the file, the first at row 3, Start: "06/03/2026" must be a date written YYYY-MM-DD.',
    );
    await expect(page.getByTestId('event-row')).toHaveCount(1);

    const good = join(data.dir, 'events-good.csv');
    await writeFile(
      good,
      'Well,Start,End,Reason,Note\nLift 1H,2026-03-03,2026-03-06,Facility,Compressor\n',
    );
    await chooseFile(good);
    await expect(page.getByTestId('events-message')).toHaveText(
      'Imported events-good.csv: 1 new event, 0 replaced.',
    );
    await expect(page.getByTestId('event-row')).toHaveCount(2);
    const axeTab = await new AxeBuilder({ page }).analyze();
    expect(
      axeTab.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    // Now nothing is unexplained: the short days are the facility's.
    await page.getByTestId('tab-lost').click();
    await expect(page.getByTestId('loss-cause-row')).toHaveText([
      /^Artificial-lift failure\s*500/,
      /^Facility\s*240/,
    ]);
  } finally {
    await host.stop();
    data.remove();
  }
});
