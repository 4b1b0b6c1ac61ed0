import { expect, type Locator, type Page } from '@playwright/test';
import { seriesLayer } from './chart-lines.js';

/** A well's page: header, range and view controls, the four charts, the records grid. */
export class WellPage {
  readonly fields: Locator;
  readonly rates: Locator;
  readonly grid: Locator;
  readonly gridBody: Locator;
  readonly recordRows: Locator;
  /** The text box of the cell being edited. */
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.fields = page.getByTestId('well-fields');
    this.rates = page.getByTestId('chart-rates');
    this.grid = page.getByTestId('records-grid');
    this.gridBody = page.getByTestId('records-grid-body');
    this.recordRows = page.getByTestId('record-row');
    this.editor = page.getByTestId('cell-editor');
  }

  /** Chooses a preset range and waits until the grid shows that range's days, not the last one's. */
  async range(preset: '3m' | '1y' | '5y' | 'all'): Promise<void> {
    const button = this.page.getByTestId(`range-${preset}`);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const from = await this.page.getByTestId('range-from').inputValue();
    await expect
      .poll(async () => ((await this.recordRows.first().getAttribute('data-date')) ?? '') >= from)
      .toBe(true);
  }

  async chartsDrawn(): Promise<void> {
    await expect(seriesLayer(this.rates)).toHaveAttribute('data-lines', /:[1-9]\d*:/);
  }

  row(date: string): Locator {
    return this.page.locator(`[data-testid=record-row][data-date="${date}"]`);
  }

  cell(date: string, field: string): Locator {
    return this.row(date).locator(`[data-field=${field}]`);
  }

  /**
   * A cell's value as a number, in full: a cell shows its column's decimals ("10,342.10"),
   * and carries the value itself as the editor opens with it (data-value).
   */
  async cellNumber(date: string, field: string): Promise<number> {
    const value = await this.cell(date, field).getAttribute('data-value');
    return value === null || value === '' ? NaN : Number(value);
  }

  /**
   * Types into a cell as a person would: one click selects it, typing replaces its value,
   * Enter saves. One real click, never repeated: a click that does not land is a bug.
   */
  async editCell(date: string, field: string, text: string): Promise<void> {
    const cell = this.cell(date, field);
    await cell.click();
    await expect(cell).toHaveClass(/active/);
    await this.page.keyboard.type(text);
    await expect(this.editor).toHaveValue(text);
    await this.page.keyboard.press('Enter');
    await expect(this.editor).toHaveCount(0);
  }

  /** A block pasted from a spreadsheet at the active cell (a real paste event). */
  async paste(text: string): Promise<void> {
    await this.gridBody.focus();
    await this.gridBody.evaluate((grid, clip) => {
      // Runs in the page; the e2e tsconfig has no DOM library, so the types are spelled out.
      const w = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, value: string): void };
        ClipboardEvent: new (type: string, init: object) => unknown;
      };
      const data = new w.DataTransfer();
      data.setData('text/plain', clip);
      (grid as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
        new w.ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
      );
    }, text);
  }

  /** Drags across the rates chart's plot from one fraction of its width to another. */
  async dragZoom(fromFraction: number, toFraction: number): Promise<void> {
    // As a person does: scroll the chart into view first (the decline panel above it can push
    // it below a laptop screen's fold), then drag across it.
    const surface = this.rates.locator('.chart-surface').first();
    await surface.scrollIntoViewIfNeeded();
    const box = await surface.boundingBox();
    if (!box) throw new Error('the rates chart is not on screen');
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width * fromFraction, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * ((fromFraction + toFraction) / 2), y, {
      steps: 4,
    });
    await this.page.mouse.move(box.x + box.width * toFraction, y, { steps: 4 });
    await this.page.mouse.up();
  }
}
