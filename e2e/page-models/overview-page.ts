import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { expectLineDrawn } from './chart-lines.js';

/** A project's Overview tab: field totals, their filters, charts and CSV export. */
export class OverviewPage {
  readonly tab: Locator;
  readonly summary: Locator;
  readonly rates: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByTestId('tab-overview');
    this.summary = page.getByTestId('overview-summary');
    this.rates = page.getByTestId('chart-field-rates');
  }

  /**
   * Opens the tab and waits for the sums over `wells` wells to be drawn (online, the tab first
   * brings the wells' whole history to this computer; that is what `timeout` waits for).
   */
  async open(wells: number, of: number, timeout = 15_000): Promise<void> {
    await this.tab.click();
    await expect(this.summary).toContainText(`Summed over ${wells} of ${of} wells`, { timeout });
    await expectLineDrawn(this.rates, 'oil');
  }

  async aggregation(value: 'daily' | 'monthly'): Promise<void> {
    await this.page.getByTestId(`overview-aggregation-${value}`).click();
  }

  /** "Export CSV", as the browser downloads it: the rows by column header. */
  async exportCsv(): Promise<{ download: Download; rows: Array<Record<string, string>> }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('overview-export-csv').click(),
    ]);
    return { download, rows: await csvRows(download) };
  }
}

/** A simple CSV (no quoted commas in the cells read here) as records by header. */
export async function csvRows(download: Download): Promise<Array<Record<string, string>>> {
  const { readFile } = await import('node:fs/promises');
  const text = (await readFile(await download.path())).toString('utf8');
  const [header, ...lines] = text.trimEnd().split('\r\n').map(splitCsvLine);
  return lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}

/** One RFC 4180 line into cells (quotes doubled inside quoted cells). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
