import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { csvRows } from './overview-page.js';

/** A project's Compare tab: the wells picked, the options, the chart and its exports. */
export class ComparePage {
  readonly tab: Locator;
  readonly chart: Locator;
  readonly wells: Locator;
  readonly notes: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByTestId('tab-compare');
    this.chart = page.getByTestId('compare-chart');
    this.wells = page.getByTestId('compare-well');
    this.notes = page.getByTestId('compare-notes');
  }

  /** The P50 line as drawn: its SVG path. */
  p50(): Locator {
    return this.chart.locator('[data-series=p50] path');
  }

  async chosenNames(): Promise<string[]> {
    const names: string[] = [];
    for (const box of await this.wells.all()) {
      if (await box.isChecked()) names.push(((await box.locator('..').textContent()) ?? '').trim());
    }
    return names;
  }

  async normalise(on: boolean): Promise<void> {
    const box = this.page.getByTestId('compare-normalise');
    if (on) await box.check();
    else await box.uncheck();
  }

  async waitForCurve(): Promise<void> {
    await expect(this.p50()).toHaveAttribute('d', /^M[\d.]+ [\d.]+L/);
  }

  async exportCsv(): Promise<{ download: Download; rows: Array<Record<string, string>> }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('compare-export-csv').click(),
    ]);
    return { download, rows: await csvRows(download) };
  }
}
